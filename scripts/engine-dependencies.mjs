// The engine's libraries travel inside the package, so `npm install @svc/api` installs ky and zod
// alone (issue #25): each group below is bundled from `scripts/engine-deps/<bundle>.cjs` into
// `dist/mock/deps/`, and the library builds answer an import of one of these packages with
// `#mock-deps/<bundle>`, which the `imports` map of package.json resolves per environment:
// - `require` (the CommonJS entries, Node): `<bundle>.cjs`, the packages' Node builds. The CLI
//   loads the same files, some on first use (scripts/lazy-dependencies.mjs).
// - anything else (the ES modules, Node and browsers): `<bundle>.js`, an ES module with no
//   `require` and no Node built-in (the packages' browser builds), except that Node gets
//   `<bundle>.node.js`, the Node build, for the NODE_BUILDS.
// Every module that uses a package imports that one file, so the package is loaded once.
// The NODE_ONLY_BUNDLES (the HTTP server's) have the CommonJS file alone, for every condition.

/**
 * Package → the bundle that holds it, and each export the engine imports from it (`default` for
 * a default import) → its key in that bundle's `module.exports`.
 */
export const ENGINE_DEPENDENCIES = {
  ajv: { bundle: 'ajv', exports: { Ajv: 'Ajv' } },
  'ajv-formats': { bundle: 'ajv', exports: { default: 'addFormats' } },
  croner: { bundle: 'croner', exports: { Cron: 'Cron' } },
  'json-logic-js': { bundle: 'json-logic-js', exports: { default: 'jsonLogic' } },
  liquidjs: { bundle: 'liquidjs', exports: { Liquid: 'Liquid' } },
  re2js: { bundle: 're2js', exports: { RE2JS: 'RE2JS' } },
  'sanitize-html': { bundle: 'sanitize-html', exports: { default: 'sanitizeHtml' } },
  'socket.io': { bundle: 'socket-io', exports: { Server: 'Server' } },
  'engine.io': { bundle: 'socket-io', exports: { Server: 'EngineServer' } },
};

/**
 * Bundles whose browser build would change what the engine does in Node, so Node gets the
 * package's Node build: liquidjs's browser build computes the `sha256` and `hmac_sha256`
 * filters with `crypto.subtle`, asynchronously, and the engine renders synchronously.
 */
export const NODE_BUILDS = ['liquidjs'];

/**
 * Bundles that only the Node HTTP server uses (the Inbox socket): built as CommonJS alone, which
 * Node's ES modules import too; nothing for browsers.
 */
export const NODE_ONLY_BUNDLES = ['socket-io'];

/** Every bundle's name. */
const ALL_BUNDLES = [...new Set(Object.values(ENGINE_DEPENDENCIES).map(({ bundle }) => bundle))];

/** The bundles that run anywhere (browsers too): each has an ES module and a CommonJS file. */
export const ENGINE_BUNDLES = ALL_BUNDLES.filter((bundle) => !NODE_ONLY_BUNDLES.includes(bundle));

/** A bundle's source, relative to the package root. */
export const bundleSource = (bundle) => `scripts/engine-deps/${bundle}.cjs`;

/**
 * The tsup entries of one kind of bundle, `mock/deps/<name>` → its source: `esm` (the ENGINE_BUNDLES,
 * browser builds), `esm-node` (the NODE_BUILDS, Node builds, `<bundle>.node`) or `cjs` (every
 * bundle, Node builds).
 */
export function vendoredEntries(kind) {
  const bundles = { esm: ENGINE_BUNDLES, 'esm-node': NODE_BUILDS, cjs: ALL_BUNDLES }[kind];
  const suffix = kind === 'esm-node' ? '.node' : '';
  return Object.fromEntries(
    bundles.map((bundle) => [`mock/deps/${bundle}${suffix}`, bundleSource(bundle)]),
  );
}

/** The `imports` map package.json holds for `#mock-deps/<bundle>` (test/package/dist.test.ts). */
export function vendoredImports() {
  const imports = {};
  for (const bundle of NODE_ONLY_BUNDLES) {
    imports[`#mock-deps/${bundle}`] = `./dist/mock/deps/${bundle}.cjs`;
  }
  for (const bundle of NODE_BUILDS) {
    imports[`#mock-deps/${bundle}`] = {
      require: `./dist/mock/deps/${bundle}.cjs`,
      node: `./dist/mock/deps/${bundle}.node.js`,
      default: `./dist/mock/deps/${bundle}.js`,
    };
  }
  imports['#mock-deps/*'] = {
    require: './dist/mock/deps/*.cjs',
    default: './dist/mock/deps/*.js',
  };
  return imports;
}

const packagePattern = () =>
  new RegExp(
    `^(${Object.keys(ENGINE_DEPENDENCIES)
      .map((name) => name.replace(/[-/]/g, '\\$&'))
      .join('|')})$`,
  );

/**
 * The module that stands for a package: its exports read from `bundle`, the bundle's
 * `module.exports` (an object the imports share, so `jsonLogic.apply = …` reaches every user).
 */
function exportsFrom({ exports }, bundle) {
  return Object.entries(exports)
    .map(([name, key]) => {
      const value = `${bundle}[${JSON.stringify(key)}]`;
      return name === 'default' ? `export default ${value};` : `export const ${name} = ${value};`;
    })
    .join('\n');
}

const NAMESPACE = 'svc-vendored-dependency';

/**
 * esbuild (tsup) plugin for the library builds (ESM and CommonJS): an import of an engine package
 * becomes an import of `#mock-deps/<bundle>`, left external.
 *
 * @type {import('esbuild').Plugin}
 */
export const vendoredDependenciesPlugin = {
  name: 'svc-vendored-dependencies',
  setup(build) {
    build.onResolve({ filter: packagePattern() }, (args) => {
      if (args.importer.includes('node_modules')) return undefined;
      return { path: args.path, namespace: NAMESPACE };
    });
    build.onResolve({ filter: /^#mock-deps\// }, (args) =>
      args.namespace === NAMESPACE ? { path: args.path, external: true } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const dependency = ENGINE_DEPENDENCIES[args.path];
      return {
        contents: `import bundle from ${JSON.stringify(`#mock-deps/${dependency.bundle}`)};\n${exportsFrom(dependency, 'bundle')}`,
        loader: 'js',
      };
    });
  },
};
