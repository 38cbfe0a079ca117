// Node's CommonJS loads some of the engine's libraries on first use rather than at start: most
// servers and test files never validate a payload schema, compile a schema pattern or sanitise an
// email, and these packages were over half of the CLI's text, which V8 reads before the first
// request is served (docs/benchmarks.md, "CLI start"); jest evaluates a test file's modules anew
// for every file. An import of one of them in the CLI build and the CommonJS build is answered by
// a small module whose exports are proxies that `require` the bundle `dist/mock/deps/<bundle>.cjs`
// when first touched (scripts/engine-dependencies.mjs). The ES modules import them as usual: a
// synchronous load on demand needs `require`, which browsers lack and bundlers do not follow.
import { ENGINE_DEPENDENCIES } from './engine-dependencies.mjs';

/** The bundles loaded on first use; the other engine packages load with the module. */
// socket.io: only a server with an Inbox open needs it (mock-server/realtime/inbox-socket.ts).
const LAZY_BUNDLES = new Set(['ajv', 're2js', 'sanitize-html', 'socket-io']);

/** Package → its bundle and the exports the engine imports from it, for the lazy bundles. */
export const LAZY_DEPENDENCIES = Object.fromEntries(
  Object.entries(ENGINE_DEPENDENCIES).filter(([, { bundle }]) => LAZY_BUNDLES.has(bundle)),
);

const NAMESPACE = 'svc-lazy-dependency';

function proxyModule({ bundle, exports }, specifier) {
  const lines = [
    'let loaded;',
    `const load = () => (loaded ??= require(${JSON.stringify(specifier(bundle))}));`,
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

/**
 * esbuild (tsup) plugin: the lazy packages become proxies that require `specifier(bundle)` on
 * first use. The CLI passes `./mock/deps/<bundle>.cjs` (beside `dist/cli.js`), the CommonJS build
 * `#mock-deps/<bundle>` (package.json's `imports`, wherever the chunk lands).
 *
 * @param {(bundle: string) => string} specifier
 * @returns {import('esbuild').Plugin}
 */
export function lazyDependenciesPlugin(specifier) {
  return {
    name: 'svc-lazy-dependencies',
    setup(build) {
      const names = Object.keys(LAZY_DEPENDENCIES).map((name) => name.replace(/[-/]/g, '\\$&'));
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => {
        if (args.importer.includes('node_modules')) return undefined;
        return { path: args.path, namespace: NAMESPACE };
      });
      // The bundles are required at run time.
      build.onResolve({ filter: /.*/, namespace: NAMESPACE }, (args) =>
        args.kind === 'require-call' ? { path: args.path, external: true } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: proxyModule(LAZY_DEPENDENCIES[args.path], specifier),
        loader: 'js',
      }));
    },
  };
}
