// The criticality of a subscriber's preference listing read directly
// (mock-server/engine/wire/preference-query.ts, docs/behaviour/subscribers.md#preferences).
import { describe, expect, it } from 'vitest';
import { parseCriticality } from '../../../mock-server/engine/wire/preference-query';
import { refusalOf, validationError } from '../helpers';

const refusal = (query: string) => refusalOf(() => parseCriticality(new URLSearchParams(query)));

describe('parseCriticality', () => {
  it('defaults to nonCritical', () => {
    expect(parseCriticality(new URLSearchParams(''))).toBe('nonCritical');
  });

  it.each(['critical', 'nonCritical', 'all'])('takes %s', (criticality) => {
    expect(parseCriticality(new URLSearchParams(`criticality=${criticality}`))).toBe(criticality);
  });

  it.each(['criticality=', 'criticality=ALL', 'criticality=noncritical'])(
    '%s answers 422 naming the three values',
    (query) => {
      expect(refusal(query)).toStrictEqual(
        validationError([
          'criticality must be one of the following values: critical, nonCritical, all',
        ]),
      );
    },
  );
});
