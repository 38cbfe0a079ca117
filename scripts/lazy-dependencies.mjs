// The bundled CLI loads some dependencies on first use, from files of their own beside it, rather
// than at start: most servers never validate a payload schema, compile a schema pattern or
// sanitise an email, and these packages were over half of the CLI's text, which V8 reads before
// the first request is served (docs/benchmarks.md, "CLI start"). An import of one of them in the
// CLI build is answered by a small module whose exports are proxies that `require` the file
// `dist/cli-deps/<bundle>.cjs` when first touched. The library builds keep plain imports.

/**
 * Package → the CLI dependency bundle that holds it (`scripts/cli-deps/<bundle>.cjs`), and each
 * export the engine imports (`default` for a default import) → its key in that bundle.
 */
export const LAZY_DEPENDENCIES = {
  'sanitize-html': { bundle: 'sanitize-html', exports: { default: 'sanitizeHtml' } },
  ajv: { bundle: 'ajv', exports: { Ajv: 'Ajv' } },
  'ajv-formats': { bundle: 'ajv', exports: { default: 'addFormats' } },
  re2js: { bundle: 're2js', exports: { RE2JS: 'RE2JS' } },
};

/** The tsup entries of the dependency bundles: `cli-deps/<bundle>` → its source. */
export function lazyDependencyEntries() {
  const entries = {};
  for (const { bundle } of Object.values(LAZY_DEPENDENCIES)) {
    entries[`cli-deps/${bundle}`] = `scripts/cli-deps/${bundle}.cjs`;
  }
  return entries;
}

const NAMESPACE = 'svc-lazy-dependency';

function proxyModule({ bundle, exports }) {
  const lines = [
    'let loaded;',
    `const load = () => (loaded ??= require(${JSON.stringify(`./cli-deps/${bundle}.cjs`)}));`,
    '// A function target, so a proxy can be called and constructed like the export it stands for.',
    'const lazy = (pick) => new Proxy(function lazyExport() {}, {',
    '  get: (_, key) => Reflect.get(pick(), key),',
    '  has: (_, key) => Reflect.has(pick(), key),',
    '  apply: (_, self, args) => Reflect.apply(pick(), self, args),',
    '  construct: (_, args) => Reflect.construct(pick(), args),',
    '});',
  ];
  for (const [name, key] of Object.entries(exports)) {
    const value = `lazy(() => load()[${JSON.stringify(key)}])`;
    lines.push(
      name === 'default' ? `export default ${value};` : `export const ${name} = ${value};`,
    );
  }
  return lines.join('\n');
}

/** @type {import('esbuild').Plugin} */
export const lazyDependenciesPlugin = {
  name: 'svc-lazy-dependencies',
  setup(build) {
    const names = Object.keys(LAZY_DEPENDENCIES).map((name) => name.replace(/[-/]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => {
      if (args.importer.includes('node_modules')) return undefined;
      return { path: args.path, namespace: NAMESPACE };
    });
    // The bundles are loaded at run time, from beside dist/cli.js.
    build.onResolve({ filter: /^\.\/cli-deps\// }, (args) =>
      args.namespace === NAMESPACE ? { path: args.path, external: true } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
      contents: proxyModule(LAZY_DEPENDENCIES[args.path]),
      loader: 'js',
    }));
  },
};
