// The decisions index and the guides' tables must not drift from the files and the exports.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from '@svc/api';
import { Svc } from '@svc/api';
import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('docs/decisions/README.md', () => {
  it('links every decision record, and only existing ones', () => {
    const records = readdirSync(join(root, 'docs/decisions'))
      .filter((name) => /^\d{4}-.*\.md$/.test(name))
      .sort();
    const linked = [...read('docs/decisions/README.md').matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)]
      .map((match) => match[1])
      .sort();
    expect(linked).toEqual(records);
  });
});

describe('docs/api-coverage.md', () => {
  // | Tag | Operation | Route | Client method | Function | Engine |
  const rows = read('docs/api-coverage.md')
    .split('\n')
    .filter((line) => /^\| [^|]+ \| [^|]+ \| `(GET|POST|PUT|PATCH|DELETE) /.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()));

  it("lists every operation of the service's document", () => {
    expect(rows).toHaveLength(149);
  });

  it('names client methods and standalone functions that exist', () => {
    const svc = new Svc({ secretKey: 'sk_docs' });
    for (const row of rows.filter((cells) => cells[4] !== '')) {
      const method = (row[4] ?? '').replaceAll('`', '');
      const standalone = (row[5] ?? '').replaceAll('`', '');
      const target = method
        .split('.')
        .reduce<unknown>((object, key) => (object as Record<string, unknown>)?.[key], svc);
      expect(typeof target, method).toBe('function');
      expect(typeof (api as Record<string, unknown>)[standalone], standalone).toBe('function');
    }
  });

  it('says "served" exactly for the operations the engine serves', async () => {
    const handlers = createHandlers(createMockEngine());
    for (const row of rows) {
      const [method = '', path = ''] = (row[3] ?? '').replaceAll('`', '').split(' ');
      const url = `https://api.svc.co${path.replace(/\{[^}]+\}/g, '6955b900a087eaf300000001')}`;
      const response = await getResponse(handlers, new Request(url, { method }));
      // A row says "served" when, and only when, the engine's handlers answer its route.
      expect((row[6] ?? '').startsWith('served'), `${method} ${path}`).toBe(response !== undefined);
    }
  });
});
