// Every function of the reference SDK (@novu/api, the version installed) names an operation this
// package serves: its method and path match a route of the table, so the engine answers it and
// the client has it. The per-namespace reference-sdk-*.test.ts files call each one.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes/index';

const funcs = join(
  dirname(createRequire(import.meta.url).resolve('@novu/api/package.json')),
  'funcs',
);

/** Each SDK function's method and path, read from its compiled module. */
function sdkOperations(): { fn: string; method: string; path: string }[] {
  return readdirSync(funcs)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const source = readFileSync(join(funcs, file), 'utf8');
      return {
        fn: file.slice(0, -'.js'.length),
        method: /method: "([A-Z]+)"/.exec(source)?.[1] ?? '?',
        path: /pathToFunc\)\("([^"]+)"/.exec(source)?.[1] ?? '?',
      };
    });
}

/** A path with its parameters blanked: `/v2/topics/{topicKey}` and `/v2/topics/:key` agree. */
const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, '*');

describe('the reference SDK against the route table', () => {
  const served = new Set(ROUTES.map((route) => `${route.method} ${shape(route.path)}`));

  it('reads every function of the SDK', () => {
    const operations = sdkOperations();
    expect(operations.length).toBeGreaterThanOrEqual(149);
    expect(operations.filter((op) => op.method === '?' || op.path === '?')).toEqual([]);
  });

  it('serves the operation of every function', () => {
    const unserved = sdkOperations()
      .filter((op) => !served.has(`${op.method} ${shape(op.path)}`))
      .map((op) => `${op.fn}: ${op.method} ${op.path}`);
    expect(unserved).toEqual([]);
  });
});
