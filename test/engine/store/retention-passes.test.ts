// When retention's passes run (mock-server/engine/store/retention.ts): a pass walks every
// notification and message, so an environment held past its cap by what it may not drop (unread
// in-app messages) must not pay a walk every few triggers.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';

function stuckEngine(count: number) {
  const engine = createMockEngine({
    retention: { maxNotifications: 10 },
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'inbox',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
        },
      ],
    },
  });
  const context = engine.scope('Development');
  const trigger = () =>
    engine.operations['events.trigger'](context, { body: { name: 'inbox', to: 'ada' } });
  // Unread in-app messages inside the window may not be dropped: past the cap, stuck.
  for (let n = 0; n < count; n++) trigger();
  const readAll = () =>
    engine.operations['subscribers.messages.markAs'](context, {
      params: { subscriberId: 'ada' },
      body: { messageId: context.data.messages.map((message) => message._id), markAs: 'read' },
    });
  return { context, trigger, readAll };
}

describe('retention passes past the cap', () => {
  it('after a pass that could drop nothing, the next waits (1,000 triggers here; a tenth of what is held when that is more)', () => {
    const { context, trigger, readAll } = stuckEngine(200);
    expect(context.data.notifications).toHaveLength(200);
    readAll(); // now these 200 may go, but no pass is due yet
    const read = new Set(context.data.notifications.map((notification) => notification._id));
    const readLeft = () => context.data.notifications.filter((item) => read.has(item._id)).length;
    let triggers = 0;
    while (readLeft() > 0 && triggers < 2_000) {
      trigger(); // each adds an unread one, which stays
      triggers += 1;
    }
    // The 12th trigger passed the cap and its slack (10 + 1) and ran a pass that could drop
    // nothing; the next runs 1,000 triggers later (the 1,012th), not at the next trigger.
    expect(200 + triggers).toBe(1_012);
  });

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
