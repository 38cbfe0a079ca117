// docs/api-coverage.md's table is generated from the route table and the service's operations
// (scripts/api-coverage.mjs): every operation of the service is listed, with what serves it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COVERAGE_END,
  COVERAGE_START,
  coverageTable,
  routeKey,
  serviceOperations,
} from '../../scripts/api-coverage.mjs';
import { replaceBetween } from '../../scripts/client-operations.mjs';
import { ROUTES } from '../../src/routes/index';

const root = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'api-coverage.md'), 'utf8');
const operations = serviceOperations(`${root}/`);

describe("docs/api-coverage.md's operations table", () => {
  it('is the table the route table gives (run node scripts/api-coverage.mjs when this fails)', () => {
    expect(
      replaceBetween(doc, COVERAGE_START, COVERAGE_END, coverageTable(operations, ROUTES)),
    ).toBe(doc);
  });

  it("lists each of the service's 149 operations once", () => {
    expect(operations).toHaveLength(149);
    const keys = operations.map((operation) => routeKey(operation.method, operation.path));
    expect(new Set(keys).size).toBe(149);
    for (const operation of operations) {
      expect(doc, operation.operationId).toContain(`\`${operation.method} ${operation.path}\``);
    }
  });

  it('matches a route to the operation of the same method and path, whatever its parameters are called', () => {
    const table = coverageTable(
      [
        {
          method: 'GET',
          path: '/v2/topics/{key}',
          operationId: 'x',
          tag: 'Topics',
          summary: 'One',
        },
      ],
      [{ operation: 'topics.retrieve', method: 'GET', path: '/v2/topics/:topicKey' }],
    );
    expect(table).toContain("1 of the service's 1 operations are served.");
    expect(table).toContain('| `topics.retrieve` | `topicsRetrieve` | served');
  });

  it('names the issue that adds an operation not served yet, and lists routes the document lacks', () => {
    const table = coverageTable(
      [
        { method: 'GET', path: '/v2/layouts', operationId: 'a', tag: 'Layouts', summary: 'List' },
        { method: 'GET', path: '/v2/contexts', operationId: 'b', tag: 'Contexts', summary: 'List' },
      ],
      [{ operation: 'bridge.sync', method: 'POST', path: '/v1/bridge/sync' }],
    );
    expect(table).toContain('| `GET /v2/layouts` |  |  | not yet (coverage part 2) |');
    expect(table).toContain('| `GET /v2/contexts` |  |  | not yet (coverage part 1) |');
    expect(table).toContain('- `POST /v1/bridge/sync`: `bridge.sync`, `bridgeSync`');
  });
});
