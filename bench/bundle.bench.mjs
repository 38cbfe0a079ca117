// Bundle size of what an app pays: esbuild --bundle --minify (ESM, platform neutral) + gzip -9.
// (a) createSvcCore + eventsTrigger, (b) the whole Svc client; each with ky and zod bundled
// ("total") and with them external ("sdk only"). Reads the built package (run `npm run build`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The entries measured, as an app would import them. */
export const ENTRIES = {
  'createSvcCore + eventsTrigger': `import { createSvcCore, eventsTrigger } from '@svc/api';
const core = createSvcCore({ secretKey: 'k' });
eventsTrigger(core, { name: 'welcome', to: 'user-1' });`,
  'whole Svc': `import { Svc } from '@svc/api';
new Svc({ secretKey: 'k' }).events.trigger({ name: 'welcome', to: 'user-1' });`,
};

/** Goals in gzip bytes (issue 3). */
export const GOALS = { 'createSvcCore + eventsTrigger': 12 * 1024, 'whole Svc': 30 * 1024 };

/**
 * Bundles one entry and returns its minified and gzip sizes in bytes.
 * `source` picks the package build (`dist`) or the TypeScript sources (`src`).
 */
export async function measure(code, { external = [], source = 'dist' } = {}) {
  const target = source === 'dist' ? `${root}dist/index.js` : `${root}src/index.ts`;
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    alias: { '@svc/api': target },
    external,
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  return { minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

export default async function run() {
  const source = existsSync(`${root}dist/index.js`) ? 'dist' : 'src';
  const rows = [];
  for (const [name, code] of Object.entries(ENTRIES)) {
    for (const [variant, external] of [
      ['total', []],
      ['sdk only', ['ky', 'zod', 'zod/*']],
    ]) {
      const size = await measure(code, { external, source });
      rows.push({
        bench: 'bundle',
        name: `${name} (${variant}, from ${source})`,
        value: size.gzip,
        unit: 'B gzip',
        detail: `${size.minified} B minified`,
        goal: GOALS[name],
      });
    }
  }
  return rows;
}
