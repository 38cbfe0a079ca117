// Bundle size of what an app pays: esbuild --bundle --minify (ESM, platform neutral) + gzip -9.
// (a) createSvcCore + eventsTrigger, (b) the whole Svc client; each with ky and zod bundled
// ("total") and with them external ("sdk only"), read from the built package (`dist`) as users
// get it. The "floor" rows price what (a) cannot drop while it keeps ky and zod validation.
import { relative } from 'node:path';
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

/**
 * Goals in gzip bytes, everything bundled (issue 14, which moved them to the floor of the ky +
 * zod stack: docs/decisions/0013).
 */
export const GOALS = { 'createSvcCore + eventsTrigger': 14.5 * 1024, 'whole Svc': 24 * 1024 };

/**
 * What (a) pays before any SDK code: ky making one call, and zod/mini parsing the trigger's
 * request and response schemas (imported from `dist` like the SDK does).
 */
export const FLOOR_ENTRIES = {
  'ky alone': `import ky from 'ky';
ky('https://api.svc.co/v1/events/trigger', { method: 'POST', retry: 0 }).json().then(console.log);`,
  'zod/mini + trigger schemas': `import { TriggerBody, TriggerResponse } from '@svc/api';
console.log(TriggerBody.safeParse({}), TriggerResponse.safeParse({}));`,
  'ky + zod/mini + trigger schemas': `import ky from 'ky';
import { TriggerBody, TriggerResponse } from '@svc/api';
console.log(TriggerBody.safeParse({}));
ky('https://api.svc.co/v1/events/trigger', { method: 'POST', retry: 0 })
  .json()
  .then((body) => console.log(TriggerResponse.safeParse(body)));`,
};

/**
 * Bundles one entry and returns its minified and gzip sizes in bytes, and the files with code in it
 * (relative to the package root, e.g. `dist/funcs/events.js`, `node_modules/ky/...`).
 * `source` picks the package build (`dist`, the default) or the TypeScript sources (`src`).
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
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output.inputs)
    .filter(([file, { bytesInOutput }]) => file !== '<stdin>' && bytesInOutput > 0)
    .map(([file]) => file)
    .map((file) => relative(root, file).split('\\').join('/'));
  return { minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, inputs };
}

export default async function run() {
  const rows = [];
  for (const [name, code] of Object.entries(ENTRIES)) {
    for (const [variant, external] of [
      ['total', []],
      ['sdk only', ['ky', 'zod', 'zod/*']],
    ]) {
      const size = await measure(code, { external });
      rows.push({
        bench: 'bundle',
        name: `${name} (${variant}, from dist)`,
        value: size.gzip,
        unit: 'B gzip',
        detail: `${size.minified} B minified`,
        ...(variant === 'total' ? { goal: GOALS[name] } : {}),
      });
    }
  }
  for (const [name, code] of Object.entries(FLOOR_ENTRIES)) {
    const size = await measure(code);
    rows.push({
      bench: 'bundle',
      name: `floor of (a): ${name}`,
      value: size.gzip,
      unit: 'B gzip',
      detail: `${size.minified} B minified`,
    });
  }
  return rows;
}
