// docs/client.md's operations table is generated from the route table
// (scripts/client-operations.mjs): it lists every operation, each a method the client has.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Svc } from '@svc/api';
import { describe, expect, it } from 'vitest';
import {
  OPERATIONS_END,
  OPERATIONS_START,
  operationsTable,
  withOperationsTable,
} from '../../scripts/client-operations.mjs';
import { ROUTES } from '../../src/routes/index';

const root = join(import.meta.dirname, '..', '..');
const guide = readFileSync(join(root, 'docs', 'client.md'), 'utf8');

describe("docs/client.md's operations table", () => {
  it('is the table the route table gives (run node scripts/client-operations.mjs when this fails)', () => {
    expect(guide).toContain(OPERATIONS_START);
    expect(withOperationsTable(guide, operationsTable(ROUTES))).toBe(guide);
  });

  it('names each operation as a method of its namespace on the client', () => {
    const svc = new Svc({ secretKey: 'k' }) as unknown as Record<string, unknown>;
    const table = guide.slice(guide.indexOf(OPERATIONS_START), guide.indexOf(OPERATIONS_END));
    for (const { operation } of ROUTES) {
      const parts = operation.split('.');
      const method = parts.pop() as string;
      const namespace = parts.reduce<unknown>(
        (object, key) => (object as Record<string, unknown>)[key],
        svc,
      ) as Record<string, unknown>;
      expect(typeof namespace[method], operation).toBe('function');
      const row = table
        .split('\n')
        .find((line) => line.startsWith(`| \`svc.${parts.join('.')}\` `));
      expect(row, operation).toContain(`\`${method}\``);
    }
  });

  it('groups operations by namespace, sorted, methods in route order', () => {
    expect(
      operationsTable([
        { operation: 'topics.subscriptions.list' },
        { operation: 'topics.create' },
        { operation: 'events.trigger' },
        { operation: 'topics.list' },
      ]),
    ).toBe(
      [
        '| Namespace                  | Methods          |',
        '| -------------------------- | ---------------- |',
        '| `svc.events`               | `trigger`        |',
        '| `svc.topics`               | `create`, `list` |',
        '| `svc.topics.subscriptions` | `list`           |',
      ].join('\n'),
    );
  });

  it('refuses a guide without the markers', () => {
    expect(() => withOperationsTable('# Client\n', '| a |')).toThrow(/operations:start/);
  });
});
