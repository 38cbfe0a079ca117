// Issue 13 item 12 (planted bug): a finished idempotent request replays for 24 hours, not for
// the 5-minute in-progress timeout.
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_TTL_MS,
} from '../../../mock-server/engine/policy/idempotency';

describe('planted bug: the idempotency window', () => {
  it('replays after the in-progress timeout and until 24 h have passed', () => {
    const engine = createMockEngine();
    const context = engine.authenticate(`ApiKey ${engine.environment('Development').apiKey}`);
    expect(engine.beginIdempotent(context, 'k', 'body').kind).toBe('run');
    engine.finishIdempotent(context, 'k', { status: 200, body: { data: 1 } });
    engine.clock.advance(IN_PROGRESS_TTL_MS + 60_000);
    expect(engine.beginIdempotent(context, 'k', 'body').kind).toBe('replay');
    engine.clock.advance(IDEMPOTENCY_TTL_MS - IN_PROGRESS_TTL_MS - 120_000);
    expect(engine.beginIdempotent(context, 'k', 'body').kind).toBe('replay');
    engine.clock.advance(120_000);
    expect(engine.beginIdempotent(context, 'k', 'body').kind).toBe('run');
  });

  it('is 24 hours', () => {
    expect(IDEMPOTENCY_TTL_MS).toBe(24 * 60 * 60 * 1000);
  });
});
