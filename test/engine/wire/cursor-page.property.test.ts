import { createMockEngine } from '@svc/api/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type SubscriberDto,
  searchSubscribers,
} from '../../../mock-server/engine/resources/subscribers';

const subscriberArbitrary = fc.record({
  firstName: fc.constantFrom('Ada', 'ada', 'Grace', 'Alan', undefined),
  email: fc.option(fc.constantFrom('a@x.io', 'b@X.io', 'c@y.io', 'dup@x.io'), { nil: undefined }),
  phone: fc.option(fc.constantFrom('+1555', '+4420', '555'), { nil: undefined }),
});

const searchArbitrary = fc.record({
  limit: fc.integer({ min: 1, max: 7 }),
  orderDirection: fc.constantFrom('ASC' as const, 'DESC' as const),
  orderBy: fc.constantFrom('_id', 'email', 'firstName', 'createdAt'),
  filter: fc.constantFrom({}, { email: 'x.io' }, { name: 'a' }, { phone: '555' }),
});

describe('cursor pages (docs/behaviour/subscribers.md#search): property', () => {
  it('walking next yields every match once in order; walking back with before yields the same', () => {
    fc.assert(
      fc.property(
        fc.array(subscriberArbitrary, { maxLength: 30 }),
        searchArbitrary,
        (people, search) => {
          const engine = createMockEngine();
          engine.seed({
            subscribers: people.map((person, index) => {
              engine.clock.advance(index % 3 === 0 ? 1000 : 0);
              return { subscriberId: `s${index}`, ...person };
            }),
          });
          const context = engine.scope('Development');
          const base = {
            ...search.filter,
            limit: search.limit,
            includeCursor: false,
            orderBy: search.orderBy,
            orderDirection: search.orderDirection,
          };
          const all = searchSubscribers(context, { ...base, limit: 1000 }).data;
          const forward: SubscriberDto[] = [];
          let page = searchSubscribers(context, base);
          let lastPage = page;
          forward.push(...page.data);
          let guard = 0;
          while (page.next !== null && guard++ < 100) {
            page = searchSubscribers(context, { ...base, after: page.next });
            forward.push(...page.data);
            lastPage = page;
          }
          expect(forward.map((s) => s._id)).toEqual(all.map((s) => s._id));
          expect(page.totalCount).toBe(all.length);
          const backward: SubscriberDto[] = [...lastPage.data];
          let back = lastPage;
          guard = 0;
          while (back.previous !== null && guard++ < 100) {
            back = searchSubscribers(context, { ...base, before: back.previous });
            backward.unshift(...back.data);
          }
          expect(backward.map((s) => s._id)).toEqual(all.map((s) => s._id));
        },
      ),
      { numRuns: 150 },
    );
  });
});
