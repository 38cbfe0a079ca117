// Serves examples/inbox (the service's Inbox UI, `@novu/js/ui`, bundled with esbuild) on a port
// of its own, so the page calls svc-mock from another origin, as an app does.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';

const example = join(import.meta.dirname, '..', '..', 'examples', 'inbox');

/** The page's site: its URL and how to stop it. */
export interface InboxSite {
  url: string;
  close(): Promise<void>;
}

/**
 * Bundles `examples/inbox/app.ts` (or the given module source, resolved from the repository) and
 * serves it with `index.html`.
 */
export async function serveInboxPage(source?: string): Promise<InboxSite> {
  const result = await build({
    ...(source === undefined
      ? { entryPoints: [join(example, 'app.ts')] }
      : { stdin: { contents: source, resolveDir: example, loader: 'ts' as const } }),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const script = result.outputFiles[0]?.text;
  if (script === undefined) throw new Error('esbuild produced no output');
  const html = readFileSync(join(example, 'index.html'));
  const site: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/app.js') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(script);
    } else if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
      res.end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}

/** The page's address for a server, an application identifier and a subscriber. */
export function inboxPageUrl(
  site: InboxSite,
  api: string,
  app: string,
  subscriber: string,
): string {
  const query = new URLSearchParams({ api, app, subscriber });
  return `${site.url}/?${query}`;
}
