// Remembered matches of filtered subscriber searches directly
// (mock-server/engine/store/subscriber-match-cache.ts): when `find` runs, how many searches are
// remembered, and how a subscriber write updates an `_id`-ordered list in place, drops a list
// sorted by another field, or forgets everything.
import { describe, expect, it } from 'vitest';
import {
  createEnvironmentData,
  type SubscriberRecord,
} from '../../../mock-server/engine/store/state';
import {
  forgetRememberedMatches,
  type RememberedSearch,
  rememberedMatches,
  rememberedMatchesChanged,
} from '../../../mock-server/engine/store/subscriber-match-cache';
import { subscriber } from './subscriber-records';

const sameDomain = (idOrdered: boolean): RememberedSearch => ({
  matches: (record) => !record.deleted && (record.email ?? '').includes('@same.io'),
  idOrdered,
});

/** A `find` that answers `records` (a fresh array each time) and counts its calls. */
function finder(records: SubscriberRecord[]) {
  const calls = { count: 0 };
  const find = () => {
    calls.count++;
    return [...records];
  };
  return { calls, find };
}

const ids = (records: readonly SubscriberRecord[]) => records.map((record) => record._id);

describe('rememberedMatches: remembering', () => {
  it('runs find on the first search of a key only; later searches answer the same list', () => {
    const data = createEnvironmentData();
    const a = subscriber('a', '01', { email: 'a@same.io' });
    const { calls, find } = finder([a]);
    const first = rememberedMatches(data, 'k', sameDomain(true), find);
    expect(first).toEqual([a]);
    expect(rememberedMatches(data, 'k', sameDomain(true), find)).toBe(first);
    expect(calls.count).toBe(1);
  });

  it('remembers each key apart, per subscribers map', () => {
    const data = createEnvironmentData();
    const a = subscriber('a', '01', { email: 'a@same.io' });
    const b = subscriber('b', '02', { email: 'b@same.io' });
    const one = finder([a]);
    const two = finder([b]);
    expect(rememberedMatches(data, 'one', sameDomain(true), one.find)).toEqual([a]);
    expect(rememberedMatches(data, 'two', sameDomain(true), two.find)).toEqual([b]);
    expect(rememberedMatches(data, 'one', sameDomain(true), one.find)).toEqual([a]);
    expect(one.calls.count).toBe(1);
    expect(two.calls.count).toBe(1);
    const other = createEnvironmentData();
    expect(rememberedMatches(other, 'one', sameDomain(true), two.find)).toEqual([b]);
    expect(two.calls.count).toBe(2);
  });

  it('remembers 32 searches; a 33rd forgets the 32 others and is kept', () => {
    const data = createEnvironmentData();
    const { calls, find } = finder([]);
    for (let key = 0; key < 32; key++) rememberedMatches(data, `k${key}`, sameDomain(true), find);
    expect(calls.count).toBe(32);
    rememberedMatches(data, 'k0', sameDomain(true), find);
    rememberedMatches(data, 'k31', sameDomain(true), find);
    expect(calls.count).toBe(32);
    rememberedMatches(data, 'k32', sameDomain(true), find);
    expect(calls.count).toBe(33);
    rememberedMatches(data, 'k32', sameDomain(true), find);
    expect(calls.count).toBe(33);
    rememberedMatches(data, 'k31', sameDomain(true), find);
    rememberedMatches(data, 'k0', sameDomain(true), find);
    expect(calls.count).toBe(35);
  });

  it('forgetRememberedMatches makes the next search run find again', () => {
    const data = createEnvironmentData();
    const { calls, find } = finder([]);
    rememberedMatches(data, 'k', sameDomain(true), find);
    forgetRememberedMatches(data);
    rememberedMatches(data, 'k', sameDomain(true), find);
    expect(calls.count).toBe(2);
  });
});

describe('rememberedMatchesChanged: an _id-ordered list is updated in place', () => {
  function remembered() {
    const data = createEnvironmentData();
    const a = subscriber('a', '01', { email: 'a@same.io' });
    const c = subscriber('c', '03', { email: 'c@same.io' });
    const { calls, find } = finder([a, c]);
    const search = () => rememberedMatches(data, 'k', sameDomain(true), find);
    search();
    return { data, a, c, calls, search };
  }

  it('a newly matching subscriber joins at its _id position', () => {
    const { data, a, c, calls, search } = remembered();
    const b = subscriber('b', '02', { email: 'b@same.io' });
    rememberedMatchesChanged(data, b, undefined);
    expect(search()).toEqual([a, b, c]);
    const d = subscriber('d', '04', { email: 'd@same.io' });
    rememberedMatchesChanged(data, d, undefined);
    expect(search()).toEqual([a, b, c, d]);
    expect(calls.count).toBe(1);
  });

  it('a subscriber that does not match stays out', () => {
    const { data, a, c, calls, search } = remembered();
    rememberedMatchesChanged(data, subscriber('b', '02', { email: 'b@other.io' }), undefined);
    rememberedMatchesChanged(data, subscriber('d', '04', { email: 'd@other.io' }), undefined);
    expect(search()).toEqual([a, c]);
    expect(calls.count).toBe(1);
  });

  it('a listed subscriber that no longer matches leaves; a deleted one too', () => {
    const { data, a, c, calls, search } = remembered();
    rememberedMatchesChanged(data, { ...a, email: 'a@other.io' }, a);
    expect(search()).toEqual([c]);
    rememberedMatchesChanged(data, { ...c, deleted: true }, c);
    expect(search()).toEqual([]);
    expect(calls.count).toBe(1);
  });

  it('a listed subscriber that still matches is replaced by its new record', () => {
    const { data, a, c, calls, search } = remembered();
    const renamed = { ...c, email: 'c2@same.io' };
    rememberedMatchesChanged(data, renamed, c);
    const found = search();
    expect(ids(found)).toEqual(['01', '03']);
    expect(found[0]).toBe(a);
    expect(found[1]).toBe(renamed);
    expect(calls.count).toBe(1);
  });

  it('a subscriber stored anew with another _id than the record it replaced forgets every list', () => {
    const { data, a, calls, search } = remembered();
    const { calls: otherCalls, find } = finder([]);
    rememberedMatches(data, 'other', sameDomain(true), find);
    rememberedMatchesChanged(data, subscriber('a', '05', { email: 'a@same.io' }), a);
    search();
    rememberedMatches(data, 'other', sameDomain(true), find);
    expect(calls.count).toBe(2);
    expect(otherCalls.count).toBe(2);
  });
});

describe('rememberedMatchesChanged: other lists', () => {
  it('drops a list sorted by another field on any write, keeping the _id-ordered ones', () => {
    const data = createEnvironmentData();
    const a = subscriber('a', '01', { email: 'a@same.io' });
    const byUpdatedAt = finder([a]);
    const byId = finder([a]);
    rememberedMatches(data, 'updatedAt', sameDomain(false), byUpdatedAt.find);
    rememberedMatches(data, '_id', sameDomain(true), byId.find);
    rememberedMatchesChanged(data, subscriber('z', '09', { email: 'z@other.io' }), undefined);
    rememberedMatches(data, 'updatedAt', sameDomain(false), byUpdatedAt.find);
    expect(rememberedMatches(data, '_id', sameDomain(true), byId.find)).toEqual([a]);
    expect(byUpdatedAt.calls.count).toBe(2);
    expect(byId.calls.count).toBe(1);
  });

  it('does nothing for an environment with nothing remembered', () => {
    const data = createEnvironmentData();
    rememberedMatchesChanged(data, subscriber('a', '01', { email: 'a@same.io' }), undefined);
    const { calls, find } = finder([]);
    expect(rememberedMatches(data, 'k', sameDomain(true), find)).toEqual([]);
    expect(calls.count).toBe(1);
  });
});
