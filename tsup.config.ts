import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { vendoredDependenciesPlugin, vendoredEntries } from './scripts/engine-dependencies.mjs';
import { inspectorPageEsbuildPlugin } from './scripts/inspector-page.mjs';
import { lazyDependenciesPlugin } from './scripts/lazy-dependencies.mjs';
import { relativeSourceMaps } from './scripts/relative-source-maps.mjs';
import { workflowFileJsonSchema } from './src/workflows/workflow-file';

/** Source folders of the library and where their modules land in `dist`. */
const SOURCE_ROOTS = [
  { from: resolve('src'), to: '' },
  { from: resolve('mock-server'), to: 'mock' },
] as const;

/** The node CLI is bundled on its own (see the last build below). */
const BUNDLED_ONLY = new Set([resolve('mock-server/http/cli.ts')]);

// ---- The inspector page --------------------------------------------------------------------
// mock-server/inspector/page/ is browser code, not library modules: it is bundled (preact and
// htm included) by scripts/inspector-page.mjs and inlined into dist/mock/inspector/page-assets.js
// (and the CJS and CLI bundles) through the `virtual:svc-inspector-page` module that the plugin
// below answers. See docs/inspector.md.
const INSPECTOR_PAGE_SOURCES = resolve('mock-server/inspector/page');
const isInspectorPageSource = (path: string) => path.startsWith(`${INSPECTOR_PAGE_SOURCES}${sep}`);
const INSPECTOR_PLUGINS = [inspectorPageEsbuildPlugin];
// ---------------------------------------------------------------------------------------------

const DEPENDENCIES: NonNullable<Options['external']> = [
  'msw',
  'msw/node',
  'msw/browser',
  'ky',
  'zod',
  /^zod\//,
  /^node:/,
];

function listModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listModules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The `dist` name (no extension, `/`-separated) of a source module, e.g. `mock/engine/state`. */
function outputName(sourcePath: string): string | undefined {
  for (const root of SOURCE_ROOTS) {
    const inside = relative(root.from, sourcePath);
    if (inside.startsWith('..') || inside === sourcePath) continue;
    const name = inside.replace(/\.ts$/, '').split(sep).join('/');
    return root.to ? `${root.to}/${name}` : name;
  }
  return undefined;
}

/** Every library module, keyed by its `dist` name: the per-module ESM build's entries. */
function moduleEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const root of SOURCE_ROOTS) {
    for (const path of listModules(root.from)) {
      const name = outputName(path);
      if (name !== undefined && !BUNDLED_ONLY.has(path) && !isInspectorPageSource(path)) {
        entries[name] = relative('.', path);
      }
    }
  }
  return entries;
}

const MODULE_ENTRIES = moduleEntries();

/**
 * Keeps every source module its own output file: a relative import is rewritten to the `.js`
 * path of the imported module's output and left external, so esbuild transpiles one module per
 * file and an app's bundler drops the modules it does not use (`sideEffects: false`).
 */
const keepModulesPlugin: Plugin = {
  name: 'keep-modules',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const base = resolve(dirname(args.importer), args.path);
      const target = [`${base}.ts`, join(base, 'index.ts')].find((path) => outputName(path));
      const targetName = target && outputName(target);
      const importerName = outputName(args.importer);
      if (!targetName || !importerName || !MODULE_ENTRIES[targetName]) {
        return { errors: [{ text: `cannot map ${args.path} from ${args.importer} to dist` }] };
      }
      let path = relative(dirname(importerName), targetName).split(sep).join('/');
      if (!path.startsWith('.')) path = `./${path}`;
      return { path: `${path}.js`, external: true };
    });
  },
};

/** The public entries: `@svc/api`, `@svc/api/mock`, `@svc/api/mock/node`, `.../browser`. */
const PUBLIC_ENTRIES = {
  index: 'src/index.ts',
  'mock/index': 'mock-server/index.ts',
  'mock/node': 'mock-server/node.ts',
  'mock/browser': 'mock-server/browser.ts',
  'mock/msw': 'mock-server/msw.ts',
  'mock/server': 'mock-server/server.ts',
  'workflows/index': 'src/workflows/index.ts',
};

/**
 * json-schema-to-typescript imports prettier to format its output; `svc types generate` asks it
 * not to (`format: false`) and indents the output itself, so prettier (megabytes) stays out of
 * the `svc` bundle.
 */
const withoutPrettierPlugin: Plugin = {
  name: 'without-prettier',
  setup(build) {
    build.onResolve({ filter: /^prettier$/ }, () => ({
      path: 'prettier',
      namespace: 'no-prettier',
    }));
    build.onLoad({ filter: /.*/, namespace: 'no-prettier' }, () => ({
      contents:
        "export function format() { throw new Error('svc: prettier is not bundled (format: false)'); }",
      loader: 'js',
    }));
  },
};

/** The builds of the engine's libraries (scripts/engine-dependencies.mjs). */
const VENDORED: Options = {
  clean: false,
  target: 'es2022',
  platform: 'node',
  noExternal: [/.*/],
  splitting: false,
  minify: true,
};

const shared: Options = {
  clean: false,
  target: 'es2022',
  platform: 'neutral',
  external: DEPENDENCIES,
};

export default defineConfig([
  {
    // ESM, one output file per source module: the public entries are `dist/index.js` and
    // `dist/mock/*.js`, and the mock modules import the client's modules (`dist/core/*.js`,
    // `dist/schemas/*.js`), so `instanceof` and types agree across `@svc/api` and
    // `@svc/api/mock*`, and an app that only triggers bundles only the trigger's modules. The
    // engine's libraries are imported from `#mock-deps/*`, built below.
    ...shared,
    entry: MODULE_ENTRIES,
    format: ['esm'],
    sourcemap: true,
    splitting: false,
    esbuildPlugins: [keepModulesPlugin, vendoredDependenciesPlugin, ...INSPECTOR_PLUGINS],
  },
  {
    // The engine's libraries, one file per group with its dependencies inside, which the library
    // modules import as `#mock-deps/<bundle>` (scripts/engine-dependencies.mjs). Minified, as
    // nobody debugs them from here. These ES modules are the packages' browser builds: no
    // `require`, no Node built-in, so they load in browsers and in Node.
    ...VENDORED,
    entry: vendoredEntries('esm'),
    format: ['esm'],
    platform: 'browser',
  },
  {
    // Node's ES modules of the packages whose browser build behaves differently.
    ...VENDORED,
    entry: vendoredEntries('esm-node'),
    format: ['esm'],
  },
  {
    // The CommonJS files: the CommonJS entries require them, the CLI too (some on first use).
    ...VENDORED,
    entry: vendoredEntries('cjs'),
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
  },
  {
    // CommonJS stays bundled, with code splitting so the entries share one copy of the client.
    // ky ships only ESM, so it is bundled in: `require('@svc/api')` then works on every Node 20
    // (no `require(esm)`, which needs 20.19) and under jest (docs/decisions/0013). The engine's
    // libraries are required from `#mock-deps/*`, the heavy ones on first use.
    ...shared,
    external: DEPENDENCIES.filter((dependency) => dependency !== 'ky'),
    noExternal: ['ky'],
    entry: PUBLIC_ENTRIES,
    format: ['cjs'],
    sourcemap: true,
    splitting: true,
    // The CommonJS split turns a class with fields into `_classN = class extends …`: without
    // esbuild's names, `require('@svc/api').NotFoundError.name` is `_class6` (issue 36).
    keepNames: true,
    esbuildPlugins: [
      lazyDependenciesPlugin((bundle) => `#mock-deps/${bundle}`),
      vendoredDependenciesPlugin,
      ...INSPECTOR_PLUGINS,
    ],
    // tsup's CommonJS pass names each file by its absolute path in its map: made relative.
    onSuccess: async () => {
      relativeSourceMaps('dist', '.cjs.map');
    },
  },
  {
    // Rolled-up declarations for both formats (`.d.ts` next to the ESM, `.d.cts` for CJS).
    ...shared,
    entry: PUBLIC_ENTRIES,
    format: ['esm', 'cjs'],
    dts: { only: true },
  },
  {
    entry: { cli: 'mock-server/http/cli.ts' },
    format: ['esm'],
    // No maps for the two bins: 4.8 of the package's 8.8 MB of maps, for minified bundles whose
    // errors are printed as messages (docs/benchmarks.md, "Package size").
    sourcemap: false,
    clean: false,
    target: 'es2022',
    platform: 'node',
    // One file with its dependencies inside: the CLI starts without resolving and reading the
    // hundreds of files ajv, liquidjs and zod ship (issue 11's start figure), and needs no msw.
    noExternal: [/.*/],
    external: ['msw'],
    // Minified, V8 has half the text to compile before the first request can be served.
    minify: true,
    banner: {
      js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);",
    },
    // The sanitiser, ajv and re2js are loaded on first use from dist/mock/deps/*.cjs
    // (scripts/lazy-dependencies.mjs).
    esbuildPlugins: [
      ...INSPECTOR_PLUGINS,
      lazyDependenciesPlugin((bundle) => `./mock/deps/${bundle}.cjs`),
    ],
  },
  {
    // The `svc` CLI (docs/workflows-as-code.md): the client and its dependencies inside, like
    // svc-mock's. json-schema-to-typescript is a chunk of its own, loaded by `types generate` only.
    entry: { svc: 'cli/svc.ts' },
    outDir: 'dist/svc-cli',
    format: ['esm'],
    sourcemap: false,
    clean: false,
    target: 'es2022',
    platform: 'node',
    noExternal: [/.*/],
    splitting: true,
    minify: true,
    banner: {
      js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);",
    },
    esbuildPlugins: [withoutPrettierPlugin],
    // The workflow file's JSON Schema, for editors (`$schema` of the files `svc workflows pull` writes).
    onSuccess: async () => {
      mkdirSync('dist', { recursive: true });
      writeFileSync(
        'dist/workflow-file.schema.json',
        `${JSON.stringify(workflowFileJsonSchema(), null, 2)}\n`,
      );
    },
  },
]);
