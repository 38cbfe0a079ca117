import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // One build for every library entry, with code splitting, so the mock entries import the
    // client's schemas and error classes from shared chunks instead of carrying copies:
    // `instanceof` and types agree across `@svc/api` and `@svc/api/mock*`.
    entry: {
      index: 'src/index.ts',
      'mock/index': 'mock-server/index.ts',
      'mock/node': 'mock-server/node.ts',
      'mock/browser': 'mock-server/browser.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    splitting: true,
    clean: false,
    target: 'es2022',
    platform: 'neutral',
    external: ['msw', 'msw/node', 'msw/browser', 'ky', 'zod', /^zod\//, /^node:/],
  },
  {
    entry: { cli: 'mock-server/http/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    clean: false,
    target: 'es2022',
    platform: 'node',
    external: ['msw', 'ky', 'zod', /^zod\//],
  },
]);
