// Issue 13 items 7 and 8: a failed operation changes no state. Seeds apply on a copy, restore()
// refuses anything but a snapshot of this engine, and an unexpected failure at any step of a
// trigger fails that step alone (the run stays consistent, nothing answers 500).
import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineWith } from './helpers';

const failure = vi.hoisted(() => ({ at: 0, calls: 0 }));

vi.mock('../../mock-server/engine/run/channels/delivery', async (importOriginal) => {
  const original =
    await importOriginal<typeof import('../../mock-server/engine/run/channels/delivery')>();
  return {
    ...original,
    addDetail(...args: Parameters<typeof original.addDetail>) {
      failure.calls += 1;
      if (failure.calls === failure.at) throw new Error(`injected failure #${failure.at}`);
      return original.addDetail(...args);
    },
  };
});

afterEach(() => {
  failure.at = 0;
  failure.calls = 0;
});

const EVERY_STEP = [
  { type: 'in_app', name: 'Inbox', controlValues: { body: 'hi {{ payload.n }}' } },
  { type: 'delay', name: 'Wait', controlValues: { type: 'regular', amount: 5, unit: 'minutes' } },
  { type: 'digest', name: 'Digest', controlValues: { amount: 10, unit: 'minutes' } },
  { type: 'email', name: 'Mail', controlValues: { subject: 'S', body: 'B' } },
  { type: 'sms', name: 'Sms', controlValues: { body: 'text' } },
  { type: 'throttle', name: 'Throttle', controlValues: { amount: 1, unit: 'hours', threshold: 5 } },
  { type: 'custom', name: 'Custom' },
] as const;

const SETTLED = new Set(['completed', 'failed', 'canceled', 'skipped', 'merged']);

describe('hostile: injected failures at each step of a trigger', () => {
  it('count the details a clean run writes', async () => {
    const { engine, trigger } = engineWith([...EVERY_STEP]);
    trigger({ n: 1 });
    await engine.settle({ skipTime: true });
    expect(failure.calls).toBeGreaterThan(EVERY_STEP.length);
  });

  it('fail the step they hit alone: 201, no half-run job, the engine goes on', async () => {
    const clean = engineWith([...EVERY_STEP]);
    clean.trigger({ n: 1 });
    await clean.engine.settle({ skipTime: true });
    const total = failure.calls;
    for (let at = 1; at <= total; at++) {
      failure.calls = 0;
      failure.at = at;
      const { engine, trigger, lastJobs } = engineWith([...EVERY_STEP]);
      expect(trigger({ n: at }).status, `failure #${at}`).toBe('processed');
      await engine.settle({ skipTime: true });
      const jobs = lastJobs();
      expect(
        jobs.filter((job) => !SETTLED.has(job.status)),
        `failure #${at}`,
      ).toEqual([]);
      expect(
        jobs.some((job) => job.status === 'failed'),
        `failure #${at}`,
      ).toBe(true);
      expect(engine.clock.pending(), `failure #${at}`).toEqual([]);
      failure.at = 0;
      expect(trigger({ n: 0 }).status).toBe('processed');
      expect(() => engine.snapshot()).not.toThrow();
    }
  });
});

describe('hostile: seeds are all or nothing', () => {
  it('a seed failing half-way (unknown subscriber in a topic) stores nothing', () => {
    const engine = createMockEngine();
    const before = engine.snapshot();
    expect(() =>
      engine.seed({
        subscribers: [{ subscriberId: 'new-one' }],
        topics: [{ key: 'news', subscribers: ['nobody'] }],
      }),
    ).toThrow(/topics.0: unknown subscriberId "nobody"/);
    const context = engine.scope('Development');
    expect(context.data.subscribers.has('new-one')).toBe(false);
    expect(engine.snapshot()).toEqual(before);
  });

  it('unknown keys are refused, with the keys a seed accepts', () => {
    const engine = createMockEngine();
    expect(() => engine.seed({ subscriber: [{ subscriberId: 'x' }] } as never)).toThrow(
      /Unrecognized key: "subscriber" \(allowed keys: environment, subscribers, topics, integrations, workflows, messages, tenants, preferences\)/,
    );
    expect(() =>
      engine.seed({ subscribers: [{ subscriberId: 'x', firstname: 'A' }] } as never),
    ).toThrow(
      /subscribers.0: Unrecognized key: "firstname" \(allowed keys: subscriberId, firstName/,
    );
  });
});

describe('hostile: restore(garbage)', () => {
  const garbage: [string, unknown][] = [
    ['null', null],
    ['a number', 42],
    ['an empty object', {}],
    ['an empty state', { state: {} }],
    ['a state of strings', { state: { organizations: 'x' } }],
    ['a function inside', { state: { organizations: () => 1 } }],
  ];

  it.each(garbage)('%s is refused and the engine is unchanged', (_name, value) => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    const before = engine.snapshot();
    expect(() => engine.restore(value as never)).toThrow(/Not an engine snapshot/);
    expect(engine.snapshot()).toEqual(before);
    const context = engine.scope('Development');
    expect(
      engine.operations['subscribers.retrieve'](context, { params: { subscriberId: 'ada' } })
        .subscriberId,
    ).toBe('ada');
  });

  it('a snapshot of another engine, or one with a broken collection, is refused', () => {
    const engine = createMockEngine();
    const other = createMockEngine({ randomSeed: 7 });
    expect(() => engine.restore(other.snapshot())).toThrow(/another engine/);
    const broken = engine.snapshot();
    const [data] = [...broken.state.data.values()];
    (data as unknown as Record<string, unknown>)['subscribers'] = [];
    expect(() => engine.restore(broken)).toThrow(/subscribers is not a map/);
    const tampered = engine.snapshot();
    tampered.state.scheduled.push({
      seq: 1,
      at: 9e15,
      kind: 'resume-delay',
      environmentId: 'nowhere',
      notificationId: 'n',
      jobIndex: 0,
    });
    expect(() => engine.restore(tampered)).toThrow(/scheduled task/);
    engine.restore(engine.snapshot());
  });
});
