// A retention pass (mock-server/engine/store/retention.ts) reads the time of every notification and
// message: it compares the engine's own ISO timestamps as text, and must still read any other
// date form (a seeded one) by its time.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';

describe('retention passes', () => {
  it('reads the engine’s own ISO timestamps and any other date form alike', () => {
    // A notification older than the window goes at the next pass, whichever form its time has.
    const engine = createMockEngine({
      retention: { maxNotifications: 10_000, maxAgeMs: 60_000 },
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'mail',
            steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 's', body: 'b' } }],
          },
        ],
      },
    });
    const context = engine.scope('Development');
    const trigger = () =>
      engine.operations['events.trigger'](context, { body: { name: 'mail', to: 'ada' } });
    trigger();
    const [first] = context.data.notifications;
    if (first === undefined) throw new Error('no notification');
    const at = new Date(first.createdAt);
    // The same instant written another way (an offset instead of Z) is still that instant.
    const shifted = new Date(at.getTime() + 60 * 60_000).toISOString().replace('Z', '+01:00');
    first.createdAt = shifted;
    engine.clock.advance('2m');
    for (let n = 0; n < 1_000; n++) trigger(); // a pass for the age window every 1,000 triggers
    expect(context.data.notifications.some((item) => item._id === first._id)).toBe(false);
  });
});
