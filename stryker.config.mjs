// `npm run mutate`: StrykerJS mutation testing over the engine and the client core (issue 13,
// item 12). Not part of CI: a full run takes hours on a small machine. Incremental, so a second
// run only tests the mutants whose code or tests changed (reports/stryker-incremental.json, kept
// out of git). Run a slice with `npm run mutate -- --mutate mock-server/engine/store/durations.ts`.
// Figures and how to read them: docs/benchmarks.md, "Mutation score".
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['mock-server/engine/**/*.ts', 'src/core/**/*.ts'],
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 1,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
};
