import type { Plugin } from 'esbuild';

/** Package → its CLI dependency bundle and the exports the engine imports from it. */
export const LAZY_DEPENDENCIES: Record<string, { bundle: string; exports: Record<string, string> }>;
/** The tsup entries of the CLI's dependency bundles (`cli-deps/<bundle>` → source). */
export function lazyDependencyEntries(): Record<string, string>;
/** esbuild (tsup) plugin for the CLI bundle: the packages above become proxies loaded on first use. */
export const lazyDependenciesPlugin: Plugin;
