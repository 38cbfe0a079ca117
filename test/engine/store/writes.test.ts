// The stream of writes (store/writes.ts, docs/decisions/0142-keeping-data.md#one-stream-of-writes):
// a table's indexes, the undo log and the readers of committed writes all read the one stream a
// transaction keeps.
import { describe, expect, it } from 'vitest';
import {
  journaled,
  journalPush,
  startRecording,
  takeWrites,
} from '../../../mock-server/engine/store/journal';
import { createCollectionPaths } from '../../../mock-server/engine/store/row-changes';
import { createState } from '../../../mock-server/engine/store/state';
import { listTable, mapTable, type TableIndex } from '../../../mock-server/engine/store/table';
import {
  createTransaction,
  joinedTransaction,
  readCommits,
  runTransaction,
} from '../../../mock-server/engine/store/transaction';
import type { Write } from '../../../mock-server/engine/store/writes';

interface Row {
  id: string;
  name: string;
}
interface Owner {
  rows: Row[];
  byId: Map<string, Row>;
}

/** An index that writes down what it is told, as `written(row, previous)` or `forget`. */
function spyIndex() {
  const told: string[] = [];
  const name = (row: Row | undefined) => (row === undefined ? '-' : `${row.id}:${row.name}`);
  const index: TableIndex<Owner, Row> = {
    written: (_owner, row, previous) => told.push(`${name(row)} over ${name(previous)}`),
    forget: () => told.push('forget'),
  };
  return { index, told };
}

const owner = (): Owner => ({ rows: [], byId: new Map() });

function fails(work: () => void): void {
  expect(() =>
    journaled(() => {
      work();
      throw new Error('boom');
    }),
  ).toThrow('boom');
}

describe('the stream of writes', () => {
  it("tells a table's indexes of each of its writes, and the reverse when it is undone", () => {
    const { index, told } = spyIndex();
    const list = listTable((target: Owner) => target.rows, [index]);
    const map = mapTable((target: Owner) => target.byId, [index]);
    const target = owner();
    const ada = { id: 'a', name: 'Ada' };
    fails(() => {
      list.push(target, ada);
      map.set(target, 'a', ada);
      list.removeAt(target, 0);
    });
    expect(told).toEqual([
      'a:Ada over -',
      'a:Ada over -',
      '- over a:Ada',
      // undone newest first: the row comes back, then leaves the map, then the list
      'a:Ada over -',
      '- over a:Ada',
      '- over a:Ada',
    ]);
    expect([target.rows, [...target.byId]]).toEqual([[], []]);
  });

  it("tells an `update`'s indexes after the change and drops an `edit`'s, on the write and its undo", () => {
    const { index, told } = spyIndex();
    const list = listTable((target: Owner) => target.rows, [index]);
    const target = owner();
    const ada = { id: 'a', name: 'Ada' };
    list.push(target, ada);
    told.length = 0;
    fails(() => {
      list.update(target, ada, (row) => {
        row.name = 'Grace';
      });
      list.edit(target, ada);
    });
    expect(told).toEqual(['a:Grace over -', 'forget', 'forget', 'a:Ada over a:Ada']);
    expect(ada.name).toBe('Ada');
  });

  it('hands the readers what the outermost journal committed, once, without a rolled-back part', () => {
    const engine = {};
    const read: unknown[][] = [];
    readCommits(engine, (writes) => {
      read.push(writes.map((write) => (write as Write & { row: unknown }).row));
    });
    const rows: string[] = [];
    const transaction = createTransaction({ owner: engine });
    runTransaction(transaction, () =>
      journaled(() => {
        journalPush(rows, 'kept');
        fails(() => journalPush(rows, 'undone'));
        journaled(() => journalPush(rows, 'nested'));
        expect(read).toEqual([]);
      }),
    );
    expect(read).toEqual([['kept', 'nested']]);
    expect(rows).toEqual(['kept', 'nested']);
    // Nothing is kept once read: a transaction that records no rows lets its writes go.
    expect(transaction.writes).toBeUndefined();
    runTransaction(transaction, () => journaled(() => journalPush(rows, 'next')));
    expect(read).toEqual([['kept', 'nested'], ['next']]);
  });

  it("hands a bare journal's writes to the readers of the engines whose calls joined it", () => {
    const engine = {};
    const read: number[] = [];
    readCommits(engine, (writes) => {
      read.push(writes.length);
    });
    const rows: string[] = [];
    journaled(() => {
      journalPush(rows, 'before the engine joined');
      // What an engine's call does inside a transaction it did not start (inTransactionOf).
      runTransaction(createTransaction({ owner: engine }), () => {});
    });
    expect(read).toEqual([]);
    journaled(() => {
      journalPush(rows, 'seed');
      expect(joinedTransaction(engine)).toBeDefined();
    });
    expect(read).toEqual([1]);
  });

  it('hands every reader the whole commit, though one before it made the engine write and commit again', () => {
    const engine = {};
    const read: string[][] = [];
    const rows: string[] = [];
    const rowOf = (write: Write) => String((write as Write & { row: unknown }).row);
    readCommits(engine, (writes) => {
      read.push(writes.map(rowOf));
      // What a listener that calls the engine back does: a journal of its own, committed at once.
      if (!rows.includes('from the reader')) journaled(() => journalPush(rows, 'from the reader'));
    });
    readCommits(engine, (writes) => {
      read.push(writes.map((write) => `second saw ${rowOf(write)}`));
    });
    const transaction = createTransaction({ owner: engine });
    startRecording(
      transaction,
      createCollectionPaths(() => createState()),
    );
    runTransaction(transaction, () =>
      journaled(() => {
        journalPush(rows, 'trigger');
        takeWrites(transaction);
      }),
    );
    expect(read).toEqual([
      ['trigger'],
      ['from the reader'],
      ['second saw from the reader'],
      ['second saw trigger'],
    ]);
  });

  it('keeps no writes outside a journal when no data directory records them', () => {
    const transaction = createTransaction({ owner: {} });
    const rows: string[] = [];
    runTransaction(transaction, () => journalPush(rows, 'seeded'));
    expect(rows).toEqual(['seeded']);
    expect(transaction.writes).toBeUndefined();
  });
});
