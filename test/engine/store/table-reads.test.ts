// The tables' reads (mock-server/engine/store/table.ts mapReads/listReads): by key, by match, by
// page, in the collection's order, without copying the collection.
import { describe, expect, it } from 'vitest';
import { listTable, mapTable } from '../../../mock-server/engine/store/table';
import { tables } from '../../../mock-server/engine/store/tables';

interface Row {
  id: string;
  even: boolean;
}
const rowsOf = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r${index}`, even: index % 2 === 0 }));

describe('list table reads', () => {
  const owner = { rows: rowsOf(7) };
  const table = listTable((o: typeof owner) => o.rows);

  it('reads by position, by match and all rows, in order, without a copy', () => {
    expect(table.size(owner)).toBe(7);
    expect(table.at(owner, 2)?.id).toBe('r2');
    expect(table.values(owner)).toBe(owner.rows);
    expect(table.find(owner, (row) => row.id > 'r3')?.id).toBe('r4');
    expect(table.find(owner, (row) => row.id === 'none')).toBeUndefined();
    expect(table.where(owner, (row) => row.even).map((row) => row.id)).toEqual([
      'r0',
      'r2',
      'r4',
      'r6',
    ]);
    expect(table.some(owner, (row) => row.id === 'r6')).toBe(true);
    expect(table.some(owner, (row) => row.id === 'r7')).toBe(false);
  });

  it('pages the matching rows and says whether more follow', () => {
    const even = (row: Row) => row.even;
    const ids = (page: { rows: Row[] }) => page.rows.map((row) => row.id);
    const first = table.page(owner, { limit: 3, match: even });
    expect([ids(first), first.more]).toEqual([['r0', 'r2', 'r4'], true]);
    const last = table.page(owner, { offset: 3, limit: 3, match: even });
    expect([ids(last), last.more]).toEqual([['r6'], false]);
    const exact = table.page(owner, { offset: 4, limit: 3 });
    expect([ids(exact), exact.more]).toEqual([['r4', 'r5', 'r6'], false]);
  });
});

describe('map table reads', () => {
  const owner = { rows: new Map(rowsOf(4).map((row) => [row.id, row])) };
  const table = mapTable((o: typeof owner) => o.rows);

  it('reads by key and over the rows, keys and pairs in insertion order', () => {
    expect(table.get(owner, 'r1')?.even).toBe(false);
    expect(table.has(owner, 'r9')).toBe(false);
    expect(table.size(owner)).toBe(4);
    expect([...table.keys(owner)]).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect([...table.values(owner)].map((row) => row.id)).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect([...table.entries(owner)].map(([key]) => key)).toEqual(['r0', 'r1', 'r2', 'r3']);
    expect(table.where(owner, (row) => !row.even).map((row) => row.id)).toEqual(['r1', 'r3']);
    expect(table.page(owner, { limit: 1, match: (row) => !row.even }).more).toBe(true);
  });
});

describe("the tables' public face", () => {
  it('hands out no raw collection: no table has `rows` (the Map, array or Set stays in store/)', () => {
    const withRows = Object.entries(tables)
      .filter(([, table]) => typeof table === 'object' && 'rows' in table)
      .map(([name]) => name);
    expect(withRows).toEqual([]);
    expect(Object.keys(tables).length).toBeGreaterThan(30);
  });
});
