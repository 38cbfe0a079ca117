// Imports the built package (dist) by its name from ESM and CJS, as users do.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINE_BUNDLES,
  ENGINE_DEPENDENCIES,
  NODE_BUILDS,
  vendoredImports,
} from '../../scripts/engine-dependencies.mjs';
import { freshDist, root } from './fresh-dist';

const dist = join(root, 'dist');

// `npm test` builds before vitest runs; this builds only when dist is missing or stale.
beforeAll(() => freshDist(), 300_000);

function run(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim();
}

const scenario = (load: string) => `
${load}
const { Svc, NotFoundError } = client;
const mock = nodeMock.setupSvcMock({ seed: { subscribers: [{ subscriberId: 'u1', firstName: 'Ada' }] } });
const svc = mock.client();
const results = { sameSvcClass: svc instanceof Svc };
mock.listen()
  .then(() => svc.subscribers.retrieve('u1'))
  .then((s) => { results.firstName = s.firstName; return svc.subscribers.retrieve('nobody'); })
  .catch((e) => { results.notFound = e instanceof NotFoundError; results.status = e.status; })
  .finally(() => {
    results.handlers = mswEntry.createHandlers(mockEntry.createMockEngine()).length > 0;
    mock.close();
    console.log(JSON.stringify(results));
  });
`;

const expected = {
  sameSvcClass: true,
  firstName: 'Ada',
  notFound: true,
  status: 404,
  handlers: true,
};

describe('the built package', () => {
  it('works from ESM by its name, sharing classes across entries', () => {
    const load = `
const client = await import('@svc/api');
const mockEntry = await import('@svc/api/mock');
const nodeMock = await import('@svc/api/mock/node');
const mswEntry = await import('@svc/api/mock/msw');`;
    const out = run(['--input-type=module', '-e', scenario(load)]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('works from CommonJS by its name, sharing classes across entries', () => {
    const load = `
const client = require('@svc/api');
const mockEntry = require('@svc/api/mock');
const nodeMock = require('@svc/api/mock/node');
const mswEntry = require('@svc/api/mock/msw');`;
    const out = run(['--input-type=commonjs', '-e', scenario(load)]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('keeps one copy of the client code: entries import shared modules (ESM) or chunks (CJS)', () => {
    const everyFile = readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((f) =>
      join(dist, f),
    );
    for (const ext of ['.js', '.cjs']) {
      // The `svc` bin is a program with the client inside (as svc-mock's is), not a module an app
      // imports next to `@svc/api`.
      const files = everyFile.filter((f) => f.endsWith(ext) && !f.includes(`${sep}svc-cli${sep}`));
      const marker = 'did not match the expected shape';
      const holders = files.filter((f) => readFileSync(f, 'utf8').includes(marker));
      expect(holders, `files${ext} holding the request code`).toHaveLength(1);
      expect(holders[0]).not.toMatch(/[/\\](index|node|browser)\.c?js$/);
    }
  });

  it('ships ESM one module per file, the mock modules importing the client modules', () => {
    const importsOf = (file: string) =>
      [...readFileSync(join(dist, file), 'utf8').matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map(
        (match) => match[1],
      );
    expect(importsOf('funcs/events.js')).toEqual(['../core/call.js', '../routes/events.js']);
    expect(importsOf('routes/events.js')).toEqual([
      '../schemas/event.js',
      '../schemas/event-batch.js',
      './route.js',
    ]);
    expect(importsOf('mock/node.js')).toContain('../client.js');
    // The engine validates with the client's schema modules, not copies of them.
    const engineFiles = readdirSync(join(dist, 'mock', 'engine'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((file) => file.endsWith('.js'));
    const engineImports = engineFiles.flatMap((file) =>
      importsOf(join('mock', 'engine', file)).map((path) =>
        relative(dist, resolve(dist, 'mock', 'engine', dirname(file), path ?? '')),
      ),
    );
    expect(engineImports.some((path) => path.startsWith(join('schemas', '')))).toBe(true);
  });
});

describe("the engine's libraries (scripts/engine-dependencies.mjs)", () => {
  const everyFile = () =>
    readdirSync(dist, { recursive: true, encoding: 'utf8' }).map((file) =>
      file.split(sep).join('/'),
    );
  const packages = Object.keys(ENGINE_DEPENDENCIES);
  const byName = new RegExp(
    `(?:from ?|require\\(|import\\()["'](?:${packages.join('|')})(?:/[^"']*)?["']`,
  );

  it('are reached through package.json imports, which point at files dist holds', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      imports: Record<string, unknown>;
      dependencies: Record<string, string>;
    };
    expect(manifest.imports).toEqual(vendoredImports());
    for (const bundle of ENGINE_BUNDLES) {
      for (const file of [`${bundle}.js`, `${bundle}.cjs`]) {
        expect(everyFile(), file).toContain(`mock/deps/${file}`);
      }
    }
    for (const bundle of NODE_BUILDS) expect(everyFile()).toContain(`mock/deps/${bundle}.node.js`);
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['ky', 'zod']);
  });

  it('are never imported by their package names, from the code or the declarations', () => {
    const naming = everyFile()
      .filter((file) => /\.(c?js|d\.c?ts)$/.test(file) && !file.startsWith('mock/deps/'))
      .filter((file) => byName.test(readFileSync(join(dist, file), 'utf8')));
    expect(naming).toEqual([]);
  });

  it('ship ES modules for browsers with no import and no require left in them', () => {
    for (const bundle of ENGINE_BUNDLES) {
      const text = readFileSync(join(dist, 'mock', 'deps', `${bundle}.js`), 'utf8');
      // esbuild's stand-in for a require it could not bundle, and any import statement.
      expect(text, bundle).not.toContain('Dynamic require');
      expect(text, bundle).not.toMatch(/(?:^|[;}])import\s*[{*\w]|\bimport\(/m);
    }
  });
});
