// The test set of a narrow mutation slice (docs/benchmarks.md, "Mutation score"): the mutate set
// cut to the engine, hostile and client tests, so a mutant in code that every request passes
// through runs seconds of tests instead of every handler and resource test. Its scores are lower
// bounds of the full set's. Used by stryker.narrow.config.mjs. (`mergeConfig` would append to
// `include`, so the list is replaced by hand.)
import { defineConfig } from 'vitest/config';
import mutate from './vitest.mutate.config';

export default defineConfig({
  ...mutate,
  test: {
    ...mutate['test'],
    include: [
      'test/engine/**/*.test.ts',
      'test/hostile/**/*.test.ts',
      'test/client/**/*.test.ts',
      'test/handlers/cross-cutting.test.ts',
    ],
  },
});
