// Every handler answers its route's response schema (docs/decisions/0150): the operation modules
// declare each operation with `defineOperation` (or `definePreparedOperation`), which check the
// answer at compile time, and `operation.ts` offers no other declarer. A helper that builds
// definitions for a union of routes (generic over them) is not checked per route, so each
// operation is its own `export const` of a declarer call.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(import.meta.dirname, '..', '..', 'mock-server', 'engine', 'operations');
const read = (file: string) => readFileSync(join(folder, file), 'utf8');

/** The modules of the admin API's handlers: those that import the client's route modules. */
const handlerModules = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'operation.ts')
  .filter((file) => read(file).includes("from '../../../src/routes/"));

describe('handlers tied to their response schema', () => {
  it('finds the handler modules (the checks below read real files)', () => {
    expect(handlerModules).toContain('domains.ts');
    expect(handlerModules).toContain('subscriber-notifications.ts');
    expect(handlerModules.length).toBeGreaterThan(15);
  });

  it('operation.ts declares operations only through the checked declarers', () => {
    const declarers = [...read('operation.ts').matchAll(/^export function (define\w+)/gm)].map(
      (match) => match[1],
    );
    expect(declarers.sort()).toEqual(['defineOperation', 'definePreparedOperation']);
  });

  it('declares each exported operation with a checked declarer call', () => {
    const unchecked = handlerModules.flatMap((file) =>
      [...read(file).matchAll(/^export const (\w+) = (\w+)\(/gm)]
        .filter(
          ([, , callee]) => callee !== 'defineOperation' && callee !== 'definePreparedOperation',
        )
        .map(([, name, callee]) => `${file}: ${name} = ${callee}(...)`),
    );
    expect(unchecked).toEqual([]);
  });
});
