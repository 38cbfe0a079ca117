import type { Plugin } from 'esbuild';

/** The specifier mock-server/inspector/page-assets.ts imports the bundled page from. */
export const INSPECTOR_PAGE_MODULE: string;
/** The page's `{ script, css }` (built once per process). */
export function bundleInspectorPage(): Promise<{ script: string; css: string }>;
/** esbuild (tsup) plugin that answers `virtual:svc-inspector-page`. */
export const inspectorPageEsbuildPlugin: Plugin;
/** Vite (vitest) plugin that answers `virtual:svc-inspector-page`. */
export function inspectorPageVitePlugin(): {
  name: string;
  resolveId(id: string): string | undefined;
  load(id: string): Promise<string> | undefined;
};
