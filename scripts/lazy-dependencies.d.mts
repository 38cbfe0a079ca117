import type { Plugin } from 'esbuild';

/** Package → its bundle and the exports the engine imports from it, for the lazy bundles. */
export const LAZY_DEPENDENCIES: Record<string, { bundle: string; exports: Record<string, string> }>;
/** esbuild (tsup) plugin: the packages above become proxies that require `specifier(bundle)`. */
export function lazyDependenciesPlugin(specifier: (bundle: string) => string): Plugin;
