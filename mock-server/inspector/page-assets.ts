/**
 * The inspector page's files, bundled into this module at build time (preact and htm included),
 * so serving the page reads no file and needs no network. Loaded on the first page request only.
 *
 * @module
 */
import assets from 'virtual:svc-inspector-page';

/** What the inspector serves: the page's script and stylesheet. */
export const inspectorAssets: { readonly script: string; readonly css: string } = assets;
