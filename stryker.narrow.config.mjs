// `npx stryker run stryker.narrow.config.mjs --mutate <file>[:lines] --incrementalFile
// reports/inc-<slice>.json`: `npm run mutate` with the narrower test set of
// vitest.mutate-narrow.config.ts (docs/benchmarks.md, "Mutation score").
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { ...base.vitest, configFile: 'vitest.mutate-narrow.config.ts' },
};
