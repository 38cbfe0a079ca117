// Issue 31 item 5: each environment keeps a bounded amount of activity (by age on the engine
// clock and by count), enforced as triggers come, never dropping pending work, a digest still
// collecting or an unread in-app message inside the window.
import { createMockEngine, type RetentionOptions } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION, UNREAD_CEILING_FACTOR } from '../../mock-server/engine/store/retention';

function engineWith(steps: unknown[], retention: RetentionOptions) {
  const engine = createMockEngine({
    retention,
    seed: {
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
      workflows: [{ workflowId: 'wf', steps: steps as never }],
    },
  });
  const context = engine.scope('Development');
  const trigger = (n: number) =>
    engine.operations['events.trigger'](context, {
      body: { name: 'wf', to: 'ada', payload: { n }, transactionId: `tx-${n}` },
    });
  return { engine, context, trigger };
}

const EMAIL = { type: 'email', name: 'Email', controlValues: { subject: 'hi', body: 'x' } };

describe('hostile: retention', () => {
  it('keeps at most about the cap of finished notifications, with their messages and outbox entries', () => {
    const { engine, context, trigger } = engineWith([EMAIL], { maxNotifications: 50 });
    for (let n = 0; n < 300; n++) trigger(n);
    const kept = context.data.notifications.length;
    expect(kept).toBeGreaterThanOrEqual(50);
    expect(kept).toBeLessThanOrEqual(55);
    expect(context.data.messages.length).toBe(kept);
    expect(engine.outbox.count()).toBe(kept);
    expect(context.data.transactionIds.size).toBe(kept);
    // The newest are the ones kept.
    expect(context.data.notifications.at(-1)?.transactionId).toBe('tx-299');
    // A dropped transaction id can be used again, as after the service's retention.
    expect(context.data.transactionIds.has('tx-0')).toBe(false);
  });

  it('never drops a notification with a pending delay', () => {
    const { context, trigger } = engineWith(
      [{ type: 'delay', name: 'Wait', controlValues: { amount: 1, unit: 'days' } }, EMAIL],
      { maxNotifications: 50 },
    );
    for (let n = 0; n < 120; n++) trigger(n);
    expect(context.data.notifications).toHaveLength(120);
  });

  it('never drops a notification a digest is still collecting', () => {
    const { context, trigger } = engineWith(
      [{ type: 'digest', name: 'Digest', controlValues: { amount: 1, unit: 'days' } }, EMAIL],
      { maxNotifications: 50 },
    );
    for (let n = 0; n < 120; n++) trigger(n);
    expect(context.data.notifications).toHaveLength(120);
  });

  it('keeps unread in-app messages inside the age window, and drops them once it passes', () => {
    const { engine, context, trigger } = engineWith(
      [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
      { maxNotifications: 50, maxAgeMs: 60 * 60 * 1000 },
    );
    for (let n = 0; n < 120; n++) trigger(n);
    expect(context.data.notifications).toHaveLength(120);
    engine.clock.advance('2h');
    trigger(120);
    expect(context.data.notifications.map((notification) => notification.transactionId)).toEqual([
      'tx-120',
    ]);
    expect(context.data.messages).toHaveLength(1);
  });

  it('past three times the cap, unread in-app messages no longer keep their notifications', () => {
    const { context, trigger } = engineWith(
      [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
      { maxNotifications: 50 },
    );
    for (let n = 0; n < 400; n++) trigger(n);
    const kept = context.data.notifications.length;
    expect(kept).toBeGreaterThanOrEqual(50 * UNREAD_CEILING_FACTOR);
    expect(kept).toBeLessThanOrEqual(50 * UNREAD_CEILING_FACTOR + 5);
    expect(context.data.messages).toHaveLength(kept);
    // The oldest went first.
    expect(context.data.notifications.at(-1)?.transactionId).toBe('tx-399');
    expect(context.data.notifications.some((n) => n.transactionId === 'tx-0')).toBe(false);
  });

  it('past the ceiling still never drops pending work', () => {
    const { context, trigger } = engineWith(
      [{ type: 'delay', name: 'Wait', controlValues: { amount: 1, unit: 'days' } }, EMAIL],
      { maxNotifications: 20 },
    );
    for (let n = 0; n < 100; n++) trigger(n);
    expect(context.data.notifications).toHaveLength(100);
  });

  it('counts a trigger to a topic by the notifications it made, not as one trigger', () => {
    const subscribers = Array.from({ length: 300 }, (_, n) => ({ subscriberId: `s-${n}` }));
    const engine = createMockEngine({
      retention: { maxNotifications: 50 },
      seed: {
        subscribers,
        topics: [{ key: 'all', subscribers: subscribers.map((s) => s.subscriberId) }],
        workflows: [
          {
            workflowId: 'news',
            steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'news' } }],
          },
        ],
      },
    });
    const context = engine.scope('Development');
    for (let n = 0; n < 5; n++) {
      engine.operations['events.trigger'](context, {
        body: { name: 'news', to: [{ type: 'Topic', topicKey: 'all' }] },
      });
      expect(context.data.notifications.length).toBeLessThanOrEqual(50 * UNREAD_CEILING_FACTOR);
    }
  });

  it('defaults to 7 days and 10,000 notifications per environment', () => {
    expect(DEFAULT_RETENTION).toEqual({
      maxAgeMs: 7 * 24 * 60 * 60 * 1000,
      maxNotifications: 10_000,
    });
  });
});

describe('hostile: retention after a restore or a restart', () => {
  it('passes where it would have passed without the restore (the schedule is part of the state)', () => {
    const { engine } = engineWith(
      [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
      { maxNotifications: 100 },
    );
    const trigger = (n: number) =>
      engine.operations['events.trigger'](engine.scope('Development'), {
        body: { name: 'wf', to: 'ada', transactionId: `tx-${n}` },
      });
    const kept = () =>
      engine
        .scope('Development')
        .data.notifications.map((notification) => notification.transactionId);
    // Unread messages: passes keep the environment at the ceiling, one every 10 notifications.
    for (let n = 0; n < 305; n++) trigger(n);
    const snapshot = engine.snapshot();
    const continueFrom = (n: number) => {
      for (let next = n; next < n + 3; next++) trigger(next);
      return kept();
    };
    const straight = continueFrom(305);
    engine.restore(snapshot);
    expect(continueFrom(305)).toEqual(straight);
  });
});
