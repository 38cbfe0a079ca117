import type { Plugin } from 'esbuild';

/** One engine package: its bundle and the exports the engine imports from it. */
export interface EngineDependency {
  bundle: string;
  exports: Record<string, string>;
}
/** Package → its bundle and the exports the engine imports from it. */
export const ENGINE_DEPENDENCIES: Record<string, EngineDependency>;
/** Bundles whose ES module for Node is the package's Node build (`<bundle>.node.js`). */
export const NODE_BUILDS: readonly string[];
/** The bundles' names. */
export const ENGINE_BUNDLES: readonly string[];
/** A bundle's source, relative to the package root. */
export function bundleSource(bundle: string): string;
/** The tsup entries of one kind of bundle: `mock/deps/<name>` → its source. */
export function vendoredEntries(kind: 'esm' | 'esm-node' | 'cjs'): Record<string, string>;
/** The `imports` map package.json must hold for `#mock-deps/<bundle>`. */
export function vendoredImports(): Record<string, string | Record<string, string>>;
/** esbuild (tsup) plugin for the library builds: engine packages → `#mock-deps/<bundle>`. */
export const vendoredDependenciesPlugin: Plugin;
