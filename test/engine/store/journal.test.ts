import { describe, expect, it, vi } from 'vitest';
import {
  journalAdd,
  journalAssign,
  journalDelete,
  journaled,
  journalInsert,
  journalPush,
  journalRecord,
  journalRemove,
  journalSet,
  journalUndo,
} from '../../../mock-server/engine/store/journal';

function fails(operation: () => void, afterRollback = () => {}): void {
  expect(() =>
    journaled(() => {
      operation();
      throw new Error('boom');
    }, afterRollback),
  ).toThrow('boom');
}

function collections() {
  return {
    map: new Map<string, number>([
      ['kept', 1],
      ['changed', 2],
      ['deleted', 3],
    ]),
    set: new Set(['old']),
    array: ['a', 'b', 'c'],
    record: { name: 'Ada', tags: ['x'], nested: { deep: 1 } } as Record<string, unknown>,
  };
}

describe('journal', () => {
  it('undoes every kind of journaled write when the operation throws, newest first', () => {
    const state = collections();
    const before = structuredClone(state);
    const recordIdentity = state.record;
    const afterRollback = vi.fn();
    fails(() => {
      journalSet(state.map, 'changed', 20);
      journalSet(state.map, 'added', 4);
      journalDelete(state.map, 'deleted');
      journalDelete(state.map, 'absent');
      journalAdd(state.set, 'new');
      journalAdd(state.set, 'old');
      journalPush(state.array, 'd');
      journalInsert(state.array, 1, 'inserted');
      journalRemove(state.array, 0);
      journalRecord(state.record);
      state.record['name'] = 'Changed';
      (state.record['tags'] as string[]).push('y');
      (state.record['nested'] as { deep: number }).deep = 2;
      state.record['extra'] = true;
      journalAssign(state.record, 'name', 'Again');
      journalAssign(state.record, 'late', 1);
      let undone = false;
      journalUndo(() => {
        undone = true;
      });
      journalUndo(() => expect(undone).toBe(false));
    }, afterRollback);
    expect(state).toEqual(before);
    expect([...state.map.keys()].sort()).toEqual(['changed', 'deleted', 'kept']);
    expect(state.record).toBe(recordIdentity);
    expect(afterRollback).toHaveBeenCalledTimes(1);
  });

  it('keeps the writes of an operation that returns, and answers its result', () => {
    const state = collections();
    const afterRollback = vi.fn();
    const result = journaled(() => {
      journalPush(state.array, 'd');
      journalSet(state.map, 'changed', 20);
      return 'done';
    }, afterRollback);
    expect(result).toBe('done');
    expect(state.array).toEqual(['a', 'b', 'c', 'd']);
    expect(state.map.get('changed')).toBe(20);
    expect(afterRollback).not.toHaveBeenCalled();
  });

  it('a nested operation that throws undoes only its own writes; the outer one goes on', () => {
    const state = collections();
    journaled(
      () => {
        journalPush(state.array, 'outer');
        fails(() => journalPush(state.array, 'inner'));
        journalPush(state.array, 'after');
      },
      () => {},
    );
    expect(state.array).toEqual(['a', 'b', 'c', 'outer', 'after']);
  });

  it('an outer throw undoes the writes of nested operations that succeeded', () => {
    const state = collections();
    fails(() => {
      journalPush(state.array, 'outer');
      journaled(
        () => journalPush(state.array, 'inner'),
        () => {},
      );
    });
    expect(state.array).toEqual(['a', 'b', 'c']);
  });

  it('outside an operation the helpers write without keeping anything', () => {
    const state = collections();
    journalSet(state.map, 'added', 4);
    journalPush(state.array, 'd');
    journalRecord(state.record);
    state.record['name'] = 'Changed';
    // A later operation that fails does not undo writes made before it.
    fails(() => journalPush(state.array, 'e'));
    expect(state.map.get('added')).toBe(4);
    expect(state.array).toEqual(['a', 'b', 'c', 'd']);
    expect(state.record['name']).toBe('Changed');
  });
});
