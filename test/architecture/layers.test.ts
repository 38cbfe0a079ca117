// Dependencies point one way: the client never imports the mock; the engine imports no transport,
// no msw and no Node built-in (it runs in browsers); the pipeline imports no adapter; only the
// msw adapter and the msw-bound entries import msw at run time.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(folder, file));
}

/** Value imports (type-only imports vanish at build time) as repo-relative paths or packages. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
    if (match[1]) continue;
    const spec = match[2] as string;
    found.push(spec.startsWith('.') ? relative(root, resolve(root, dirname(file), spec)) : spec);
  }
  for (const match of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) found.push(match[1] as string);
  return found;
}

function violations(folder: string, forbidden: (target: string) => boolean): string[] {
  return sources(folder).flatMap((file) =>
    importsOf(file)
      .filter(forbidden)
      .map((target) => `${file} -> ${target}`),
  );
}

const isMsw = (target: string) => target === 'msw' || target.startsWith('msw/');
const isNode = (target: string) => target.startsWith('node:');
const under =
  (...folders: string[]) =>
  (target: string) =>
    folders.some((folder) => target === folder || target.startsWith(`${folder}/`));

describe('layers', () => {
  it('the client imports nothing of the mock, msw or Node', () => {
    expect(violations('src', (t) => under('mock-server')(t) || isMsw(t) || isNode(t))).toEqual([]);
  });

  it('the client imports nothing of the svc CLI; the CLI imports nothing of the mock or msw', () => {
    expect(violations('src', under('cli'))).toEqual([]);
    expect(violations('cli', (t) => under('mock-server')(t) || isMsw(t))).toEqual([]);
  });

  it('only the svc-mock CLI of the mock imports the svc CLI (its workflow files reader)', () => {
    const importers = sources('mock-server').filter((file) => importsOf(file).some(under('cli')));
    expect(importers).toEqual(['mock-server/http/cli.ts']);
  });

  it('the engine imports no adapter, no pipeline, no msw and no Node built-in', () => {
    const adapters = under(
      'mock-server/pipeline',
      'mock-server/handlers',
      'mock-server/http',
      'mock-server/fetch',
      'mock-server/inspector',
      'mock-server/persistence',
    );
    expect(violations('mock-server/engine', (t) => adapters(t) || isMsw(t) || isNode(t))).toEqual(
      [],
    );
  });

  it('the pipeline and the fetch adapter import no other adapter, no msw and no Node built-in', () => {
    const others = under('mock-server/handlers', 'mock-server/http', 'mock-server/inspector');
    for (const folder of ['mock-server/pipeline', 'mock-server/fetch']) {
      expect(
        violations(folder, (t) => others(t) || isMsw(t) || isNode(t)),
        folder,
      ).toEqual([]);
    }
  });

  it('the data directory (persistence) imports the engine and the snapshot store, no transport', () => {
    const transports = under(
      'mock-server/pipeline',
      'mock-server/handlers',
      'mock-server/http',
      'mock-server/fetch',
      'mock-server/inspector',
      'mock-server/control/control-router',
      'mock-server/control/control-routes',
    );
    expect(violations('mock-server/persistence', (t) => transports(t) || isMsw(t))).toEqual([]);
    const users = [...sources('src'), ...sources('mock-server')].filter(
      (file) =>
        !file.startsWith('mock-server/persistence/') &&
        importsOf(file).some(under('mock-server/persistence')),
    );
    expect(users).toEqual(['mock-server/http/cli.ts']);
  });

  it('msw is imported at run time only by the msw entry and the browser entry', () => {
    const all = [...sources('src'), ...sources('mock-server')];
    const importers = all.filter((file) => importsOf(file).some(isMsw)).sort();
    expect(importers).toEqual([
      'mock-server/browser.ts',
      'mock-server/msw.ts',
      'mock-server/node.ts',
    ]);
  });
});
