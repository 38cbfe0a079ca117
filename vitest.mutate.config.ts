// The vitest configuration StrykerJS runs (stryker.config.mjs): the project's, without the tests
// that build dist, start processes, drive a browser or type-check docs (none of them test the
// mutated sources in a way a mutant changes, and each takes seconds to minutes per run).
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      typecheck: { enabled: false },
      exclude: [
        'node_modules/**',
        'test/package/**',
        'test/bench/**',
        'test/browser/**',
        'test/docs/**',
        'test/http/cli.test.ts',
        'examples/**',
      ],
    },
  }),
);
