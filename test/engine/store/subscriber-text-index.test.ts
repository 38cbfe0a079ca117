// The subscriber search's trigram index directly (mock-server/engine/store/subscriber-text-index.ts,
// docs/behaviour/subscribers.md#search): which subscribers a substring filter's needle makes
// candidates, in which order, how writes keep the index current, and when it reports `_id` order.
// Candidates are read from the needle's shortest trigram list; here the data is chosen so that
// list is exactly the expected answer.
import { describe, expect, it } from 'vitest';
import { putSubscriber } from '../../../mock-server/engine/resources/subscribers';
import type { EnvironmentData, SubscriberRecord } from '../../../mock-server/engine/store/state';
import {
  forgetSubscriberIndexes,
  fullName,
  MIN_INDEXED_NEEDLE,
  subscriberChanged,
  type TextFilter,
  textCandidates,
} from '../../../mock-server/engine/store/subscriber-text-index';
import { environment, subscriber } from './subscriber-records';

/** The candidates' `subscriberId`s in the order the index answers them. */
function candidates(data: EnvironmentData, ...filters: TextFilter[]): string[] | undefined {
  return textCandidates(data, filters)?.records.map((record) => record.subscriberId);
}

const email = (needle: string): TextFilter => ({ field: 'email', needle });
const phone = (needle: string): TextFilter => ({ field: 'phone', needle });
const name = (needle: string): TextFilter => ({ field: 'name', needle });

/** Changes a stored subscriber in place, as the engine's updates do. */
function change(
  data: EnvironmentData,
  record: SubscriberRecord,
  fields: Partial<SubscriberRecord>,
) {
  Object.assign(record, fields);
  subscriberChanged(data, record);
}

describe('fullName', () => {
  it('is "firstName lastName", trimmed when either is missing', () => {
    expect(fullName(subscriber('a', '01', { firstName: 'Ada', lastName: 'Lovelace' }))).toBe(
      'Ada Lovelace',
    );
    expect(fullName(subscriber('a', '01', { firstName: 'Ada', lastName: null }))).toBe('Ada');
    expect(fullName(subscriber('a', '01', { lastName: 'Hopper' }))).toBe('Hopper');
    expect(fullName(subscriber('a', '01'))).toBe('');
  });
});

describe('textCandidates: which needles use the index', () => {
  it('needs a needle of at least 3 characters; shorter or no filters answer undefined (scan)', () => {
    const data = environment(subscriber('ada', '01', { email: 'ada@one.io', phone: '+4915' }));
    expect(MIN_INDEXED_NEEDLE).toBe(3);
    expect(textCandidates(data, [])).toBeUndefined();
    expect(textCandidates(data, [email('ad')])).toBeUndefined();
    expect(textCandidates(data, [email(''), name('Ad'), phone('+4')])).toBeUndefined();
    expect(textCandidates(data, [email('ada')])).toEqual({
      records: [data.subscribers.get('ada')],
      inIdOrder: true,
    });
  });

  it('ignores the too-short filters of a search and reads the usable one', () => {
    const data = environment(
      subscriber('ada', '01', { email: 'ada@one.io', phone: '+4915' }),
      subscriber('bob', '02', { email: 'bob@two.io', phone: '+3361' }),
    );
    expect(candidates(data, email('a'), phone('+33'))).toEqual(['bob']);
  });
});

describe('textCandidates: what a needle matches', () => {
  it('answers the subscribers whose field holds the trigram, in storage order', () => {
    const data = environment(
      subscriber('ada', '01', { email: 'ada@one.io' }),
      subscriber('bob', '02', { email: 'bob@two.io' }),
      subscriber('cyd', '03', { email: 'ada@two.io' }),
    );
    expect(candidates(data, email('@tw'))).toEqual(['bob', 'cyd']);
    expect(candidates(data, email('ada'))).toEqual(['ada', 'cyd']);
    expect(candidates(data, email('one'))).toEqual(['ada']);
    expect(candidates(data, email('zzz'))).toEqual([]);
  });

  it('matches case-sensitively (the service ignores case; the engine departs)', () => {
    const data = environment(subscriber('ada', '01', { email: 'ada@one.io', firstName: 'Ada' }));
    expect(candidates(data, email('ADA'))).toEqual([]);
    expect(candidates(data, email('Ada'))).toEqual([]);
    expect(candidates(data, name('ada'))).toEqual([]);
    expect(candidates(data, name('Ada'))).toEqual(['ada']);
  });

  it('indexes name as "firstName lastName", across the space, and nothing past a lone first name', () => {
    const data = environment(
      subscriber('ada', '01', { firstName: 'Ada', lastName: 'Lovelace' }),
      subscriber('solo', '02', { firstName: 'Ada', lastName: null }),
      subscriber('grace', '03', { lastName: 'Hopper' }),
    );
    expect(candidates(data, name('a L'))).toEqual(['ada']);
    expect(candidates(data, name('Ada'))).toEqual(['ada', 'solo']);
    expect(candidates(data, name('da '))).toEqual(['ada']);
    expect(candidates(data, name('Hop'))).toEqual(['grace']);
    expect(candidates(data, name(' Ho'))).toEqual([]);
  });

  it('indexes a missing or null email or phone as empty: no needle finds it', () => {
    const data = environment(subscriber('none', '01', { email: null }), subscriber('absent', '02'));
    for (const needle of ['Str', 'ker', ' wa', 'ere', 'nul', 'und']) {
      expect(candidates(data, email(needle))).toEqual([]);
      expect(candidates(data, phone(needle))).toEqual([]);
    }
  });

  it('lists a subscriber once even when its value repeats the trigram', () => {
    const data = environment(
      subscriber('ann', '01', { email: 'aaaaa@x.io', firstName: 'nanana' }),
      subscriber('bob', '02', { email: 'aaa@y.io' }),
    );
    expect(candidates(data, email('aaa'))).toEqual(['ann', 'bob']);
    expect(candidates(data, name('ana'))).toEqual(['ann']);
  });

  it("reads the needle's shortest trigram list (a superset to verify)", () => {
    const data = environment(
      subscriber('abc', '01', { email: 'abc' }),
      subscriber('bcd', '02', { email: 'bcd' }),
      subscriber('bcd2', '03', { email: 'bcd2' }),
    );
    // 'abc' → [abc], 'bcd' → [bcd, bcd2]: the shorter list wins, wherever its trigram is.
    expect(candidates(data, email('abcd'))).toEqual(['abc']);
    expect(candidates(data, email('bcd2'))).toEqual(['bcd2']);
    // A list not longer than the first does not replace it.
    expect(candidates(data, email('bcd'))).toEqual(['bcd', 'bcd2']);
  });

  it('of equally short lists, reads the first trigram of the needle', () => {
    const data = environment(
      subscriber('abc', '01', { email: 'abc' }),
      subscriber('bcd', '02', { email: 'bcd' }),
    );
    expect(candidates(data, email('abcd'))).toEqual(['abc']);
    expect(candidates(data, email('zbcd'))).toEqual([]);
  });

  it('reads the shortest list across every usable filter of the search', () => {
    const data = environment(
      subscriber('ada', '01', { email: 'ada@same.io', firstName: 'Ada' }),
      subscriber('bob', '02', { email: 'bob@same.io', firstName: 'Bob' }),
    );
    expect(candidates(data, email('@same'), name('Bob'))).toEqual(['bob']);
    expect(candidates(data, name('Bob'), email('@same'))).toEqual(['bob']);
    expect(candidates(data, email('@same'), phone('+49'))).toEqual([]);
  });
});

describe('textCandidates: kept current by writes', () => {
  it('finds a value gained by a write, at the slot order, once even when repeated', () => {
    const data = environment(
      subscriber('a', '01', { email: 'xyz1' }),
      subscriber('b', '02', { email: 'foo' }),
      subscriber('c', '03', { email: 'xyz3' }),
    );
    expect(candidates(data, email('xyz'))).toEqual(['a', 'c']);
    change(data, data.subscribers.get('b') as SubscriberRecord, { email: 'xyz2xyz' });
    expect(candidates(data, email('xyz'))).toEqual(['a', 'b', 'c']);
    expect(candidates(data, email('z2x'))).toEqual(['b']);
    expect(candidates(data, email('foo'))).toEqual([]);
  });

  it('drops every trigram of the old value, and only that subscriber from shared ones', () => {
    const data = environment(
      subscriber('a', '01', { email: 'xyz1' }),
      subscriber('b', '02', { email: 'xyz2xyzq' }),
      subscriber('c', '03', { email: 'xyz3' }),
    );
    expect(candidates(data, email('xyz'))).toEqual(['a', 'b', 'c']);
    change(data, data.subscribers.get('b') as SubscriberRecord, { email: 'foo' });
    expect(candidates(data, email('xyz'))).toEqual(['a', 'c']);
    for (const gone of ['yz2', 'z2x', '2xy', 'yzq'])
      expect(candidates(data, email(gone))).toEqual([]);
    expect(candidates(data, email('foo'))).toEqual(['b']);
  });

  it('drops the last trigram of the old value too', () => {
    const data = environment(subscriber('a', '01', { email: 'abcd' }));
    expect(candidates(data, email('bcd'))).toEqual(['a']);
    change(data, data.subscribers.get('a') as SubscriberRecord, { email: 'zzzz' });
    expect(candidates(data, email('abc'))).toEqual([]);
    expect(candidates(data, email('bcd'))).toEqual([]);
    expect(candidates(data, email('zzz'))).toEqual(['a']);
  });

  it('a repeated trigram of the old value leaves the other subscribers holding it', () => {
    const data = environment(
      subscriber('a', '01', { email: 'aaaa' }),
      subscriber('b', '02', { email: 'aaab' }),
    );
    expect(candidates(data, email('aaa'))).toEqual(['a', 'b']);
    change(data, data.subscribers.get('a') as SubscriberRecord, { email: 'zzzz' });
    expect(candidates(data, email('aaa'))).toEqual(['b']);
  });

  it('a repeated trigram held by nobody else is dropped without error', () => {
    const data = environment(subscriber('a', '01', { email: 'aaaa', phone: '5555' }));
    expect(candidates(data, email('aaa'))).toEqual(['a']);
    expect(candidates(data, phone('555'))).toEqual(['a']);
    change(data, data.subscribers.get('a') as SubscriberRecord, { email: 'bbbb', phone: null });
    expect(candidates(data, email('aaa'))).toEqual([]);
    expect(candidates(data, email('bbb'))).toEqual(['a']);
    expect(candidates(data, phone('555'))).toEqual([]);
    change(data, data.subscribers.get('a') as SubscriberRecord, { email: 'aaaa' });
    expect(candidates(data, email('aaa'))).toEqual(['a']);
  });

  it('a name change moves the subscriber between name trigrams', () => {
    const data = environment(subscriber('u1', '01', { firstName: 'Ada', lastName: 'Lovelace' }));
    expect(candidates(data, name('Lovelace'))).toEqual(['u1']);
    change(data, data.subscribers.get('u1') as SubscriberRecord, { lastName: 'Hopper' });
    expect(candidates(data, name('Lovelace'))).toEqual([]);
    expect(candidates(data, name('Ada Hopper'))).toEqual(['u1']);
  });

  it('a subscriber stored after the index was built is a candidate, after the others', () => {
    const data = environment(subscriber('a', '01', { email: 'one@same.io' }));
    expect(candidates(data, email('@same'))).toEqual(['a']);
    putSubscriber(data, subscriber('b', '02', { email: 'two@same.io' }));
    putSubscriber(data, subscriber('c', '03', { phone: '+4915' }));
    expect(candidates(data, email('@same'))).toEqual(['a', 'b']);
    expect(candidates(data, phone('491'))).toEqual(['c']);
  });
});

describe('textCandidates: inIdOrder', () => {
  it('is true for an index built from the state and after appends with larger _ids', () => {
    const data = environment(
      subscriber('b', '02', { email: 'b@same.io' }),
      subscriber('a', '01', { email: 'a@same.io' }),
    );
    // Built from the state's `_id` order, whatever order the subscribers were stored in.
    expect(textCandidates(data, [email('@same')])).toEqual({
      records: [data.subscribers.get('a'), data.subscribers.get('b')],
      inIdOrder: true,
    });
    putSubscriber(data, subscriber('c', '03', { email: 'c@same.io' }));
    putSubscriber(data, subscriber('d', '04', { email: 'd@same.io' }));
    expect(textCandidates(data, [email('@same')])?.inIdOrder).toBe(true);
    expect(candidates(data, email('@same'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('turns false when a subscriber with an older _id is stored late; its slot is last', () => {
    const data = environment(
      subscriber('b', '02', { email: 'b@same.io' }),
      subscriber('c', '03', { email: 'c@same.io' }),
    );
    expect(textCandidates(data, [email('@same')])?.inIdOrder).toBe(true);
    putSubscriber(data, subscriber('a', '01', { email: 'a@same.io' }));
    expect(candidates(data, email('@same'))).toEqual(['b', 'c', 'a']);
    expect(textCandidates(data, [email('@same')])?.inIdOrder).toBe(false);
    // Later appends do not bring it back.
    putSubscriber(data, subscriber('d', '04', { email: 'd@same.io' }));
    expect(textCandidates(data, [email('@same')])?.inIdOrder).toBe(false);
  });

  it('turns false when a subscriber is stored anew with another _id; not on an update', () => {
    const data = environment(
      subscriber('a', '01', { email: 'a@same.io' }),
      subscriber('b', '02', { email: 'b@same.io' }),
    );
    expect(textCandidates(data, [email('@same')])?.inIdOrder).toBe(true);
    putSubscriber(data, subscriber('a', '01', { email: 'a2@same.io' }));
    change(data, data.subscribers.get('b') as SubscriberRecord, { email: 'b2@same.io' });
    expect(textCandidates(data, [email('@same')])?.inIdOrder).toBe(true);
    expect(candidates(data, email('a2@'))).toEqual(['a']);
    const renewed = subscriber('a', '03', { email: 'a3@same.io' });
    putSubscriber(data, renewed);
    expect(textCandidates(data, [email('@same')])).toEqual({
      records: [renewed, data.subscribers.get('b')],
      inIdOrder: false,
    });
  });

  it('forgetSubscriberIndexes rebuilds the index from the state on the next search', () => {
    const data = environment(
      subscriber('b', '02', { email: 'b@same.io' }),
      subscriber('c', '03', { email: 'c@same.io' }),
    );
    expect(candidates(data, email('@same'))).toEqual(['b', 'c']);
    putSubscriber(data, subscriber('a', '01', { email: 'a@same.io' }));
    expect(textCandidates(data, [email('@same')])?.inIdOrder).toBe(false);
    forgetSubscriberIndexes(data);
    expect(textCandidates(data, [email('@same')])).toEqual({
      records: ['a', 'b', 'c'].map((id) => data.subscribers.get(id)),
      inIdOrder: true,
    });
  });

  it('writes before the first search build nothing: the search indexes the state as it is', () => {
    const data = environment(subscriber('b', '02', { email: 'b@same.io' }));
    putSubscriber(data, subscriber('a', '01', { email: 'a@same.io' }));
    change(data, data.subscribers.get('b') as SubscriberRecord, { email: 'b@other.io' });
    expect(textCandidates(data, [email('@same')])).toEqual({
      records: [data.subscribers.get('a')],
      inIdOrder: true,
    });
  });
});
