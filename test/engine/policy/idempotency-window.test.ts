// Issue 13 item 12 (planted bug): a finished idempotent request replays for 24 hours, not for
// the 5-minute in-progress timeout.
import { describe, expect, it } from 'vitest';
import {
  beginIdempotent,
  finishIdempotent,
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_TTL_MS,
} from '../../../mock-server/engine/policy/idempotency';
import { createState } from '../../../mock-server/engine/store/state';

describe('planted bug: the idempotency window', () => {
  it('replays after the in-progress timeout and until 24 h have passed', () => {
    const state = createState();
    let now = 0;
    const begin = () => beginIdempotent(state, 'org', 'k', 'body', now).kind;
    expect(begin()).toBe('run');
    finishIdempotent(state, 'org', 'k', { status: 200, body: { data: 1 } }, now);
    now += IN_PROGRESS_TTL_MS + 60_000;
    expect(begin()).toBe('replay');
    now += IDEMPOTENCY_TTL_MS - IN_PROGRESS_TTL_MS - 120_000;
    expect(begin()).toBe('replay');
    now += 120_000;
    expect(begin()).toBe('run');
  });

  it('is 24 hours', () => {
    expect(IDEMPOTENCY_TTL_MS).toBe(24 * 60 * 60 * 1000);
  });
});
