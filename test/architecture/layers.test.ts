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

/** Value imports between the engine's own files, as repo-relative paths without extension. */
function engineImports(): Map<string, string[]> {
  const engine = 'mock-server/engine';
  const graph = new Map<string, string[]>();
  for (const file of sources(engine)) {
    const targets = importsOf(file)
      .filter(under(engine))
      .map((target) => target.replace(/\.ts$/, ''));
    graph.set(file.replace(/\.ts$/, ''), targets);
  }
  return graph;
}

/**
 * The engine's floors, lowest first (docs/decisions/0146-one-operation-kind.md): a file imports
 * its own folder or a lower one. `.` is the engine's top: the port, the engine and its parts.
 */
const ENGINE_FLOORS = [
  'store',
  'wire',
  'policy',
  'resources',
  'bridge',
  'run',
  'preview',
  'inbox',
  'operations',
  '.',
];

const floorOf = (file: string): number => {
  const [first, second] = file.slice('mock-server/engine/'.length).split('/');
  return ENGINE_FLOORS.indexOf(second === undefined ? '.' : (first as string));
};

/** Every cycle of a graph, one per strongly connected part (Tarjan). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || graph.get(node)?.includes(node)) cycles.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

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

  it("the mock imports nothing of the client's transport (ky and src/core/request)", () => {
    const transport = (t: string) =>
      t === 'ky' || under('src/core/request', 'src/core/api-promise')(t);
    expect(violations('mock-server', transport)).toEqual([]);
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

  it('the engine has no import cycle', () => {
    expect(cyclesOf(engineImports())).toEqual([]);
    // The check finds one when there is one.
    const looped = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(cyclesOf(looped)).toEqual([['a', 'b', 'c']]);
  });

  it("the engine's folders import only their own floor or lower ones", () => {
    const upward: string[] = [];
    for (const [file, targets] of engineImports()) {
      expect(floorOf(file), file).toBeGreaterThanOrEqual(0);
      for (const target of targets) {
        if (floorOf(target) > floorOf(file)) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
