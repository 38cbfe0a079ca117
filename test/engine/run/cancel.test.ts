// cancelTransaction (mock-server/engine/run/cancel.ts, docs/behaviour/events.md#cancel) through
// engine.operations.cancelEvent: which jobs of a transaction it cancels, its answer, the clock
// tasks it drops, and how a canceled digest event hands over or leaves the open window.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';

const inbox = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } };
const delay = {
  type: 'delay' as const,
  name: 'Wait',
  controlValues: { type: 'regular', amount: 1, unit: 'hours' },
};
const digest = {
  type: 'digest' as const,
  name: 'Digest',
  controlValues: { amount: 5, unit: 'minutes' },
};
/** A digest job's settings, with the key placeholders the service records for a step without one. */
const DIGEST_SETTINGS = {
  amount: 5,
  unit: 'minutes',
  type: 'regular',
  digestKey: 'No-Key-Provided',
  digestValue: 'No-Value-Provided',
};

function setUp() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
      workflows: [
        { workflowId: 'reminder', steps: [inbox, delay, inbox] },
        // A step before the digest: the digest step is not the notification's first job.
        { workflowId: 'digest', steps: [inbox, digest, inbox] },
        { workflowId: 'instant', steps: [inbox] },
      ],
    },
  });
  const context = engine.scope('Development');
  const trigger = (name: string, to: string | string[], transactionId: string, n = 0) =>
    engine.operations['events.trigger'](context, {
      body: { name, to, transactionId, payload: { n } },
    });
  const notificationOf = (transactionId: string, subscriberId = 'ada') => {
    const subscriber = context.data.subscribers.get(subscriberId);
    const found = context.data.notifications.find(
      (notification) =>
        notification.transactionId === transactionId &&
        notification._subscriberId === subscriber?._id,
    );
    if (found === undefined) throw new Error(`no notification for ${transactionId}`);
    return found;
  };
  const statuses = (transactionId: string, subscriberId = 'ada') =>
    notificationOf(transactionId, subscriberId).jobs.map((job) => job.status);
  const digests = () => [...context.data.digests.values()];
  const cancel = (transactionId: string) =>
    engine.operations['events.cancel'](context, { params: { transactionId } });
  return { engine, context, trigger, notificationOf, statuses, digests, cancel };
}

const labels = (engine: MockEngine) => engine.clock.pending().map((task) => task.label);

describe('cancel: what a transaction has waiting', () => {
  it('cancels the delayed job and the pending steps after it, not the completed one', () => {
    const { engine, trigger, statuses, notificationOf, cancel } = setUp();
    trigger('reminder', 'ada', 'tx-1');
    expect(statuses('tx-1')).toEqual(['completed', 'delayed', 'pending']);
    const details = notificationOf('tx-1').jobs.map((job) => job.executionDetails.length);
    expect(cancel('tx-1')).toBe(true);
    expect(statuses('tx-1')).toEqual(['completed', 'canceled', 'canceled']);
    // No execution detail is added by a cancel.
    expect(notificationOf('tx-1').jobs.map((job) => job.executionDetails.length)).toEqual(details);
    expect(engine.clock.pending()).toEqual([]);
    engine.clock.advance('2h');
    expect(engine.outbox.count()).toBe(1);
  });

  it('answers false, changing nothing, for a finished, an unknown or an already canceled one', () => {
    const { trigger, statuses, cancel } = setUp();
    trigger('instant', 'ada', 'tx-done');
    expect(cancel('tx-done')).toBe(false);
    expect(statuses('tx-done')).toEqual(['completed']);
    expect(cancel('never-triggered')).toBe(false);
    trigger('reminder', 'ada', 'tx-1');
    expect(cancel('tx-1')).toBe(true);
    expect(cancel('tx-1')).toBe(false);
    expect(statuses('tx-1')).toEqual(['completed', 'canceled', 'canceled']);
  });

  it("cancels only its own transaction: another one's jobs and clock task stay", () => {
    const { engine, trigger, statuses, notificationOf, cancel } = setUp();
    trigger('reminder', 'ada', 'tx-1');
    trigger('reminder', 'grace', 'tx-2');
    const kept = `resume-delay ${notificationOf('tx-2', 'grace')._id}`;
    expect(labels(engine)).toHaveLength(2);
    expect(cancel('tx-1')).toBe(true);
    expect(statuses('tx-2', 'grace')).toEqual(['completed', 'delayed', 'pending']);
    expect(labels(engine)).toEqual([kept]);
    engine.clock.advance('1h');
    expect(engine.outbox.list().map((sent) => sent.transactionId)).toEqual([
      'tx-1',
      'tx-2',
      'tx-2',
    ]);
  });

  it('cancels the pending steps of every notification of the transaction', () => {
    const { trigger, statuses, cancel } = setUp();
    // Ada's event merges into her open digest; grace's opens her own window.
    trigger('digest', 'ada', 'tx-1', 1);
    trigger('digest', ['ada', 'grace'], 'tx-2', 2);
    expect(statuses('tx-2', 'ada')).toEqual(['completed', 'merged', 'merged']);
    expect(statuses('tx-2', 'grace')).toEqual(['completed', 'delayed', 'pending']);
    expect(cancel('tx-2')).toBe(true);
    expect(statuses('tx-2', 'ada')).toEqual(['completed', 'canceled', 'canceled']);
    expect(statuses('tx-2', 'grace')).toEqual(['completed', 'canceled', 'canceled']);
  });
});

describe('cancel: digests', () => {
  it('the event holding the window hands it to the first merged event', () => {
    const { engine, trigger, statuses, notificationOf, digests, cancel } = setUp();
    trigger('digest', 'ada', 'tx-1', 1);
    engine.clock.advance('1m');
    trigger('digest', 'ada', 'tx-2', 2);
    trigger('digest', 'ada', 'tx-3', 3);
    const [first, second, third] = ['tx-1', 'tx-2', 'tx-3'].map((id) => notificationOf(id));
    const [open] = digests();
    const closesAt = open?.closesAt;
    expect(cancel('tx-1')).toBe(true);

    expect(statuses('tx-1')).toEqual(['completed', 'canceled', 'canceled']);
    // The canceled event keeps the events it had collected.
    expect(first?.jobs[1]?.digest).toEqual({
      ...DIGEST_SETTINGS,
      events: [{ n: 1 }, { n: 2 }, { n: 3 }],
    });
    // The follower waits again and collects the remaining events.
    expect(statuses('tx-2')).toEqual(['completed', 'delayed', 'pending']);
    expect(second?.jobs[1]?.digest).toEqual({ ...DIGEST_SETTINGS, events: [{ n: 2 }, { n: 3 }] });
    expect(second?._digestedNotificationId).toBeUndefined();
    expect(statuses('tx-3')).toEqual(['completed', 'merged', 'merged']);
    expect(third?._digestedNotificationId).toBe(second?._id);
    expect(digests()).toEqual([
      {
        notificationId: second?._id,
        jobIndex: 1,
        closesAt,
        notificationIds: [second?._id, third?._id],
      },
    ]);
    expect(engine.clock.pending()).toEqual([
      expect.objectContaining({ at: closesAt, label: `close-digest ${second?._id}` }),
    ]);

    engine.clock.advance('4m');
    expect(engine.outbox.list().map((sent) => sent.transactionId)).toEqual([
      'tx-1',
      'tx-2',
      'tx-3',
      'tx-2',
    ]);
    expect(statuses('tx-2')).toEqual(['completed', 'completed', 'completed']);
  });

  it('the only event of a window closes it: no digest stays open, nothing is scheduled', () => {
    const { engine, trigger, digests, cancel } = setUp();
    trigger('digest', 'ada', 'tx-1', 1);
    expect(digests()).toHaveLength(1);
    expect(cancel('tx-1')).toBe(true);
    expect(digests()).toEqual([]);
    expect(engine.clock.pending()).toEqual([]);
  });

  it("cancelling one subscriber's window leaves another subscriber's window as it was", () => {
    const { trigger, notificationOf, digests, cancel } = setUp();
    trigger('digest', 'ada', 'tx-1', 1);
    trigger('digest', 'grace', 'tx-2', 2);
    trigger('digest', 'ada', 'tx-3', 3);
    const before = structuredClone(digests()[0]);
    expect(before).toMatchObject({
      notificationId: notificationOf('tx-1')._id,
      notificationIds: [notificationOf('tx-1')._id, notificationOf('tx-3')._id],
    });
    expect(cancel('tx-2')).toBe(true);
    expect(digests()).toEqual([before]);
  });

  it('a merged event leaves the window: its event is taken out of the digest', () => {
    const { engine, trigger, statuses, notificationOf, digests, cancel } = setUp();
    trigger('digest', 'ada', 'tx-1', 1);
    trigger('digest', 'ada', 'tx-2', 2);
    trigger('digest', 'ada', 'tx-3', 3);
    const [first, third] = ['tx-1', 'tx-3'].map((id) => notificationOf(id));
    expect(statuses('tx-2')).toEqual(['completed', 'merged', 'merged']);
    expect(cancel('tx-2')).toBe(true);
    expect(statuses('tx-2')).toEqual(['completed', 'canceled', 'canceled']);
    expect(first?.jobs[1]?.digest?.events).toEqual([{ n: 1 }, { n: 3 }]);
    expect(digests()).toEqual([
      expect.objectContaining({
        notificationId: first?._id,
        notificationIds: [first?._id, third?._id],
      }),
    ]);
    expect(labels(engine)).toEqual([`close-digest ${first?._id}`]);
    expect(cancel('tx-2')).toBe(false);
  });
});
