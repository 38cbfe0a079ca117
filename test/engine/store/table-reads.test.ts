// The tables' reads (mock-server/engine/store/table.ts mapReads/listReads): by key, by match, by
// page, in the collection's order, without copying the collection.
import { describe, expect, it } from 'vitest';
import { journaled } from '../../../mock-server/engine/store/journal';
import {
  createEnvironmentData,
  type IntegrationRecord,
  type MessageRecord,
} from '../../../mock-server/engine/store/state';
import { keyIndex, listTable, mapTable } from '../../../mock-server/engine/store/table';
import { tables } from '../../../mock-server/engine/store/tables';
import { subscriber } from './subscriber-records';

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

  it('pages from the end, stops where `until` says, and takes a full page as "more"', () => {
    const ids = (page: { rows: Row[] }) => page.rows.map((row) => row.id);
    const newest = table.page(owner, { lastFirst: true, offset: 1, limit: 2 });
    expect([ids(newest), newest.more]).toEqual([['r5', 'r4'], true]);
    const bounded = table.page(owner, { lastFirst: true, limit: 5, until: (row) => row.id < 'r3' });
    expect([ids(bounded), bounded.more]).toEqual([['r6', 'r5', 'r4', 'r3'], false]);
    // The last odd row fills the page: "more" without looking further (the service's hasMore).
    const odd = (row: Row) => !row.even;
    const full = table.page(owner, { offset: 1, limit: 2, match: odd, fullPageMeansMore: true });
    expect([ids(full), full.more]).toEqual([['r3', 'r5'], true]);
    const looked = table.page(owner, { offset: 1, limit: 2, match: odd });
    expect([ids(looked), looked.more]).toEqual([['r3', 'r5'], false]);
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

describe('a declared key index (keyIndex)', () => {
  interface Keyed {
    id: string;
    key: string;
  }
  const setup = () => {
    const owner = {
      rows: [
        { id: 'a', key: 'x' },
        { id: 'b', key: 'y' },
        { id: 'c', key: 'x' },
      ] as Keyed[],
    };
    const byKey = keyIndex(
      (o: typeof owner) => o.rows,
      (row: Keyed) => row.key,
    );
    const table = listTable((o: typeof owner) => o.rows, [byKey]);
    const ids = (key: string) => byKey.lookup(owner, key).map((row) => row.id);
    return { owner, byKey, table, ids };
  };

  it('stays built when a row with a shared key changes in place under the same key', () => {
    const owner = {
      rows: [
        { id: 'a', key: 'x' },
        { id: 'b', key: 'x' },
      ] as Keyed[],
    };
    let keyReads = 0;
    const byKey = keyIndex(
      (o: typeof owner) => o.rows,
      (row: Keyed) => {
        keyReads += 1;
        return row.key;
      },
    );
    const table = listTable((o: typeof owner) => o.rows, [byKey]);
    expect(byKey.lookup(owner, 'x').map((row) => row.id)).toEqual(['a', 'b']);
    const built = keyReads;
    table.update(owner, owner.rows[0] as Keyed, (row) => {
      row.id = 'a2';
    });
    expect(byKey.lookup(owner, 'x').map((row) => row.id)).toEqual(['a2', 'b']);
    expect(keyReads - built).toBe(1); // the written row's key, not a rebuild over every row
  });

  it("finds a key's rows in table order, and is kept by pushes, updates and removals", () => {
    const { owner, table, ids } = setup();
    expect([ids('x'), ids('y'), ids('z')]).toEqual([['a', 'c'], ['b'], []]);
    table.push(owner, { id: 'd', key: 'x' });
    expect(ids('x')).toEqual(['a', 'c', 'd']);
    table.update(owner, owner.rows[1] as Keyed, (row) => {
      row.key = 'z';
    });
    expect([ids('y'), ids('z')]).toEqual([[], ['b']]);
    table.removeAt(owner, 0);
    expect(ids('x')).toEqual(['c', 'd']);
  });

  it('a row that joins a key anywhere but last is still found in table order', () => {
    const { owner, table, ids } = setup();
    expect(ids('x')).toEqual(['a', 'c']);
    table.insert(owner, 1, { id: 'a2', key: 'x' });
    table.update(owner, owner.rows[2] as Keyed, (row) => {
      row.key = 'x';
    });
    expect(ids('x')).toEqual(['a', 'a2', 'b', 'c']);
  });

  it("a rolled-back operation's writes are undone in the index too", () => {
    const { owner, table, ids } = setup();
    expect(ids('x')).toEqual(['a', 'c']);
    expect(() =>
      journaled(() => {
        table.push(owner, { id: 'd', key: 'x' });
        table.update(owner, owner.rows[0] as Keyed, (row) => {
          row.key = 'y';
        });
        table.removeAt(owner, 2);
        throw new Error('the operation fails');
      }),
    ).toThrow('the operation fails');
    expect(owner.rows.map((row) => `${row.id}:${row.key}`)).toEqual(['a:x', 'b:y', 'c:x']);
    expect([ids('x'), ids('y')]).toEqual([['a', 'c'], ['b']]);
  });

  it('an edit in place drops the index, built again from the rows on its next read', () => {
    const { owner, table, ids } = setup();
    expect(ids('y')).toEqual(['b']);
    const row = owner.rows[0] as Keyed;
    table.edit(owner, row);
    row.key = 'y';
    expect([ids('x'), ids('y')]).toEqual([['c'], ['a', 'b']]);
  });
});

describe('lookups of the tables by index', () => {
  it('a subscriber stored again under a new `_id` leaves no trace of the old one', () => {
    const data = createEnvironmentData();
    tables.subscribers.put(data, subscriber('grace', '01'));
    tables.subscribers.put(data, subscriber('ada', '02'));
    tables.subscribers.put(data, subscriber('ada', '03'));
    expect([...data.subscriberKeys]).toEqual([
      ['01', 'grace'],
      ['03', 'ada'],
    ]);
    expect(tables.subscribers.order(data)).toEqual(['01', '03']);
    expect(tables.subscribers.byObjectId(data, '02')).toBeUndefined();
  });

  it('integrations by identifier, messages and subscriptions by `_id` (binary search)', () => {
    const data = createEnvironmentData();
    const integration = (id: string, identifier: string, deleted = false) =>
      ({ _id: id, identifier, deleted }) as IntegrationRecord;
    tables.integrations.push(data, integration('i1', 'mail', true));
    tables.integrations.push(data, integration('i2', 'mail'));
    tables.integrations.push(data, integration('i3', 'sms'));
    expect(tables.integrations.withIdentifier(data, 'mail').map((row) => row._id)).toEqual([
      'i1',
      'i2',
    ]);
    for (const id of ['m1', 'm3', 'm2']) {
      tables.messages.insert(data, { _id: id } as MessageRecord);
    }
    expect(tables.messages.byId(data, 'm2')?._id).toBe('m2');
    expect(tables.messages.byId(data, 'm4')).toBeUndefined();
  });
});
