// Fault matching uses the client's operation names: the engine's route table must name every
// operation the client sends, and nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { operationOf } from '../../mock-server/engine/policy/faults';

const funcs = join(import.meta.dirname, '..', '..', 'src', 'funcs');

it('maps each route to the operation name and method the client uses', () => {
  const client = readdirSync(funcs).map((file) => {
    const source = readFileSync(join(funcs, file), 'utf8');
    const operation = /operation: '([\w.]+)'/.exec(source)?.[1];
    const method = /method: '(\w+)'/.exec(source)?.[1];
    const path = /path: (?:path)?[`']([^`']+)[`']/.exec(source)?.[1];
    const route = `/${path?.replace(/\$\{(\w+)\}/g, ':$1')}`;
    return { operation, method, route };
  });
  expect(client).toHaveLength(14);
  for (const { operation, method, route } of client) {
    expect(operationOf(method ?? '', route), `${method} ${route}`).toBe(operation);
  }
});
