// Bundles the inspector page (mock-server/inspector/page/) into one minified ES module and one
// stylesheet, preact and htm included, so the server needs no network and no file at run time.
// The library build (tsup.config.ts), the tests (vitest.config.ts) and `npm run bench` all get
// it the same way: as the virtual module `virtual:svc-inspector-page` (docs/inspector.md).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The specifier mock-server/inspector/page-assets.ts imports the bundled page from. */
export const INSPECTOR_PAGE_MODULE = 'virtual:svc-inspector-page';

const entry = fileURLToPath(new URL('../mock-server/inspector/page/main.ts', import.meta.url));
const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
let cached;

/**
 * The page's `{ script, css }` (built once per process).
 *
 * @example
 * const { script, css } = await bundleInspectorPage();
 */
export function bundleInspectorPage() {
  cached ??= build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'inspector',
    entryNames: 'app',
    write: false,
    tsconfig,
    logLevel: 'silent',
  }).then((result) => {
    const file = (extension) =>
      result.outputFiles.find((output) => output.path.endsWith(extension));
    const script = file('.js');
    const css = file('.css');
    if (!script || !css) throw new Error('the inspector page bundle has no app.js or app.css');
    return { script: script.text, css: css.text };
  });
  return cached;
}

async function moduleSource() {
  return `export default ${JSON.stringify(await bundleInspectorPage())};\n`;
}

/**
 * esbuild (tsup) plugin that answers `virtual:svc-inspector-page`.
 *
 * @example
 * defineConfig({ esbuildPlugins: [inspectorPageEsbuildPlugin] });
 */
export const inspectorPageEsbuildPlugin = {
  name: 'svc-inspector-page',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^virtual:svc-inspector-page$/ }, (args) => ({
      path: args.path,
      namespace: 'svc-inspector-page',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'svc-inspector-page' }, async () => ({
      contents: await moduleSource(),
      loader: 'js',
    }));
  },
};

/**
 * Vite (vitest) plugin that answers `virtual:svc-inspector-page`.
 *
 * @example
 * defineConfig({ plugins: [inspectorPageVitePlugin()] });
 */
export function inspectorPageVitePlugin() {
  const resolved = `\0${INSPECTOR_PAGE_MODULE}`;
  return {
    name: 'svc-inspector-page',
    resolveId: (id) => (id === INSPECTOR_PAGE_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? moduleSource() : undefined),
  };
}
