// The write journal's single helpers (mock-server/engine/store/journal.ts,
// docs/http-server.md#a-failed-request-changes-no-state): what each keeps when the operation
// returns, what it puts back when it throws, and that outside an operation it keeps nothing.
import { describe, expect, it } from 'vitest';
import {
  journalAdd,
  journalAssign,
  journaled,
  journalRecord,
  journalRemove,
  journalUndo,
} from '../../../mock-server/engine/store/journal';

/** Runs `operation` in a journal that then throws; checks the throw goes on. */
function fails(operation: () => void): void {
  expect(() =>
    journaled(
      () => {
        operation();
        throw new Error('boom');
      },
      () => {},
    ),
  ).toThrow('boom');
}

describe('journalUndo', () => {
  it('runs each recorded undo once when the operation throws, newest first', () => {
    const undone: string[] = [];
    fails(() => {
      journalUndo(() => undone.push('first'));
      journalUndo(() => undone.push('second'));
    });
    expect(undone).toEqual(['second', 'first']);
  });

  it('runs no undo when the operation returns', () => {
    const undone: string[] = [];
    journaled(
      () => journalUndo(() => undone.push('kept')),
      () => {},
    );
    expect(undone).toEqual([]);
  });

  it('does nothing outside an operation, even when a later one fails', () => {
    const undone: string[] = [];
    expect(() => journalUndo(() => undone.push('outside'))).not.toThrow();
    fails(() => {});
    expect(undone).toEqual([]);
  });
});

describe('journalAdd', () => {
  it('adds the value when the operation returns', () => {
    const set = new Set(['old']);
    journaled(
      () => journalAdd(set, 'new'),
      () => {},
    );
    expect([...set]).toEqual(['old', 'new']);
  });

  it('on rollback removes a new value but keeps one that was there before', () => {
    const set = new Set(['old']);
    fails(() => {
      journalAdd(set, 'old');
      journalAdd(set, 'new');
    });
    expect([...set]).toEqual(['old']);
  });

  it('adds without a journal outside an operation', () => {
    const set = new Set<string>();
    journalAdd(set, 'value');
    expect([...set]).toEqual(['value']);
  });
});

describe('journalRemove', () => {
  it('puts a removed item back where it was on rollback', () => {
    const array = ['a', 'b', 'c'];
    fails(() => journalRemove(array, 1));
    expect(array).toEqual(['a', 'b', 'c']);
  });

  it('an index past the end removes nothing and puts nothing back', () => {
    const array = ['a', 'b'];
    fails(() => journalRemove(array, 5));
    expect(array).toEqual(['a', 'b']);
  });

  it('removes without a journal outside an operation, past the end included', () => {
    const array = ['a', 'b'];
    journalRemove(array, 0);
    journalRemove(array, 5);
    expect(array).toEqual(['b']);
  });
});

describe('journalAssign', () => {
  it('on rollback deletes a field the operation added', () => {
    const record: { name: string; late?: number } = { name: 'Ada' };
    fails(() => journalAssign(record, 'late', 1));
    expect(record).toEqual({ name: 'Ada' });
    expect(Object.hasOwn(record, 'late')).toBe(false);
  });

  it('on rollback puts back the previous value of a field, undefined included', () => {
    const record: { name: string; note?: string | undefined } = { name: 'Ada', note: undefined };
    fails(() => {
      journalAssign(record, 'name', 'Grace');
      journalAssign(record, 'note', 'set');
    });
    expect(record).toEqual({ name: 'Ada', note: undefined });
    expect(Object.hasOwn(record, 'note')).toBe(true);
  });
});

describe('journalRecord', () => {
  it('on rollback removes fields the operation added and restores the others in place', () => {
    const record: Record<string, unknown> = { name: 'Ada', tags: ['x'] };
    const identity = record;
    fails(() => {
      journalRecord(record);
      record['name'] = 'Grace';
      record['extra'] = true;
      (record['tags'] as string[]).push('y');
    });
    expect(record).toBe(identity);
    expect(record).toEqual({ name: 'Ada', tags: ['x'] });
  });

  it('outside an operation keeps no copy, even after an operation has run', () => {
    journaled(
      () => undefined,
      () => {},
    );
    // A copy would be a structured clone, which a function cannot go through: keeping none
    // is what lets it pass.
    const record = { name: 'Ada', format: () => 'Ada' };
    expect(() => journalRecord(record)).not.toThrow();
  });
});
