// Size of the inspector page (issue 17): the script and stylesheet svc-mock serves at /__svc/ui,
// read from the built package (`dist/mock/inspector/page-assets.js`) as users get it, minified
// and gzip -9. Preact and htm are inside; nothing else is fetched at run time.
import { gzipSync } from 'node:zlib';

/** Goal in gzip bytes for script + stylesheet together. */
export const GOAL = 60 * 1024;

const gzip = (text) => gzipSync(text, { level: 9 }).length;

export default async function run() {
  const { inspectorAssets } = await import(
    new URL('../dist/mock/inspector/page-assets.js', import.meta.url).href
  );
  const { script, css } = inspectorAssets;
  const bytes = (text) => Buffer.byteLength(text);
  return [
    {
      bench: 'inspector',
      name: 'page: app.js + app.css (from dist)',
      value: gzip(script) + gzip(css),
      unit: 'B gzip',
      detail: `${bytes(script) + bytes(css)} B minified`,
      goal: GOAL,
    },
    {
      bench: 'inspector',
      name: 'page: app.js (preact + htm + views)',
      value: gzip(script),
      unit: 'B gzip',
      detail: `${bytes(script)} B minified`,
    },
    {
      bench: 'inspector',
      name: 'page: app.css',
      value: gzip(css),
      unit: 'B gzip',
      detail: `${bytes(css)} B minified`,
    },
  ];
}
