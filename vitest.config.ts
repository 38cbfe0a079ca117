import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { inspectorPageVitePlugin } from './scripts/inspector-page.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The inspector page, bundled on first use like the build bundles it (docs/inspector.md).
  plugins: [inspectorPageVitePlugin()],
  resolve: {
    // Tests import the package by its name; these resolve the names to the sources.
    alias: [
      { find: /^@svc\/api\/mock\/node$/, replacement: here('./mock-server/node.ts') },
      { find: /^@svc\/api\/mock\/browser$/, replacement: here('./mock-server/browser.ts') },
      { find: /^@svc\/api\/mock\/msw$/, replacement: here('./mock-server/msw.ts') },
      { find: /^@svc\/api\/mock\/server$/, replacement: here('./mock-server/server.ts') },
      { find: /^@svc\/api\/mock$/, replacement: here('./mock-server/index.ts') },
      { find: /^@svc\/api\/workflows$/, replacement: here('./src/workflows/index.ts') },
      { find: /^@svc\/api$/, replacement: here('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
