// Issue 31, item 2: a long fan-out (a broadcast to thousands, a trigger whose renders spend the
// request's budget) does not hold the server. A trigger reaches its recipients for a slice of time;
// the rest goes on in chunks, one per turn of the event loop, and other requests are answered in
// between. The answer still waits for every recipient, so what a caller reads after it is the same.
import { createMockEngine, type MockEngine, type MockEngineOptions } from '@svc/api/mock';
import { startMockServer } from '@svc/api/mock/server';
import { describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../mock-server/engine/wire/service-error';

// One recipient per turn of the event loop: the chunks do not depend on the machine's speed.
const ONE_AT_A_TIME = { inlineMs: 0, chunkMs: 0 };

function engineWithSubscribers(count: number, options: MockEngineOptions = {}) {
  return createMockEngine({
    fanOutSlice: ONE_AT_A_TIME,
    ...options,
    seed: {
      subscribers: Array.from({ length: count }, (_, n) => ({ subscriberId: `user-${n}` })),
      workflows: [
        {
          workflowId: 'news',
          steps: [
            {
              type: 'in_app',
              name: 'Inbox',
              controlValues: { body: 'Hi {{subscriber.subscriberId}}' },
            },
          ] as never,
        },
      ],
    },
  });
}

function perform(engine: MockEngine, operation: string, path: string, body: unknown) {
  return engine.perform({
    operation: operation as never,
    authorization: `ApiKey ${engine.environment('Development').apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path,
    readBody: async () => body,
  });
}

const broadcast = (engine: MockEngine) =>
  perform(engine, 'events.broadcast', '/v1/events/trigger/broadcast', {
    name: 'news',
    payload: {},
  });

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The subscriberIds the environment's notifications went to, sorted. */
function reached(engine: MockEngine): string[] {
  const { data } = engine.scope('Development');
  return data.notifications.map((n) => data.subscriberKeys.get(n._subscriberId) ?? '?').sort();
}

describe('hostile: a long fan-out lets other requests through', () => {
  it('a GET sent while a broadcast is under way is answered before the broadcast', async () => {
    const engine = engineWithSubscribers(300);
    const server = await startMockServer({ engine, port: 0 });
    const key = engine.environment('Development').apiKey;
    const order: string[] = [];
    let read: Promise<number> | undefined;
    // Sent from inside the broadcast's own request, once it has answered its acceptance.
    const stop = engine.events.subscribe((event) => {
      if (event.type !== 'trigger-answered' || read !== undefined) return;
      read = fetch(`${server.url}/v2/subscribers/user-1`, {
        headers: { authorization: `ApiKey ${key}` },
      }).then((response) => {
        order.push('get');
        return response.status;
      });
    });
    try {
      const sent = await fetch(`${server.url}/v1/events/trigger/broadcast`, {
        method: 'POST',
        headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'news', payload: {} }),
      });
      order.push('broadcast');
      expect(sent.status).toBe(201);
      expect(await read).toBe(200);
      expect(order).toEqual(['get', 'broadcast']);
      // Its answer came once every subscriber was reached.
      expect(engine.outbox.count()).toBe(300);
    } finally {
      stop();
      await server.close();
    }
  });

  it('a trigger whose renders are slow lets a read through between its recipients', async () => {
    const engine = engineWithSubscribers(100);
    engine.seed({
      workflows: [
        {
          workflowId: 'slow',
          steps: [
            {
              type: 'in_app',
              name: 'Inbox',
              controlValues: { body: '{% for i in (1..20000) %}{% endfor %}done' },
            },
          ] as never,
        },
      ],
    });
    const order: string[] = [];
    let read: Promise<unknown> | undefined;
    const stop = engine.events.subscribe((event) => {
      if (event.type !== 'trigger-answered' || read !== undefined) return;
      // Asked once the trigger answered its acceptance, from the event loop as a socket would.
      read = new Promise((resolve) => setImmediate(resolve)).then(async () => {
        const answer = await engine.perform({
          operation: 'subscribers.retrieve',
          authorization: `ApiKey ${engine.environment('Development').apiKey}`,
          params: { subscriberId: 'user-1' },
          query: new URLSearchParams(),
          path: '/v2/subscribers/user-1',
        });
        order.push(`read ${answer.status}`);
      });
    });
    const to = Array.from({ length: 100 }, (_, n) => `user-${n}`);
    const trigger = await perform(engine, 'events.trigger', '/v1/events/trigger', {
      name: 'slow',
      to,
    });
    order.push(`trigger ${trigger.status}`);
    await read;
    stop();
    expect(order).toEqual(['read 200', 'trigger 201']);
    expect(engine.outbox.list().filter((entry) => entry.content === 'done')).toHaveLength(100);
  });

  it("a trigger's answer still means every recipient was reached", async () => {
    const engine = engineWithSubscribers(150);
    const to = Array.from({ length: 100 }, (_, n) => `user-${n}`);
    const trigger = await perform(engine, 'events.trigger', '/v1/events/trigger', {
      name: 'news',
      to,
    });
    expect(trigger.status).toBe(201);
    expect(reached(engine)).toEqual([...to].sort());
    expect(engine.outbox.count()).toBe(100);
    // The broadcast's recipients are every subscriber: the 100 of `to` is not its cap.
    const all = await broadcast(engine);
    expect(all.status).toBe(201);
    expect(engine.outbox.count()).toBe(250);
  });

  it('the events of a bulk past the slice are reached after it, before its answer', async () => {
    const engine = engineWithSubscribers(3);
    const bulk = await perform(engine, 'events.triggerBulk', '/v1/events/trigger/bulk', {
      events: ['user-0', 'user-1', 'user-2'].map((to) => ({ name: 'news', to })),
    });
    expect(bulk.status).toBe(201);
    expect((bulk.body as { data: { status: string }[] }).data.map((r) => r.status)).toEqual([
      'processed',
      'processed',
      'processed',
    ]);
    expect(reached(engine)).toEqual(['user-0', 'user-1', 'user-2']);
  });

  it('engine.settle() waits for a fan-out under way', async () => {
    const engine = engineWithSubscribers(50);
    const answer = broadcast(engine);
    await turn();
    expect(engine.outbox.count()).toBeLessThan(50);
    await engine.settle();
    expect(engine.outbox.count()).toBe(50);
    expect((await answer).status).toBe(201);
  });

  it('a subscriber deleted while the fan-out goes on is passed over', async () => {
    const engine = engineWithSubscribers(20);
    const answer = broadcast(engine);
    await turn();
    engine.operations['subscribers.delete'](engine.scope('Development'), {
      params: { subscriberId: 'user-19' },
    });
    await answer;
    expect(reached(engine)).toHaveLength(19);
    expect(reached(engine)).not.toContain('user-19');
  });

  it('a reset under way ends the fan-out: the answer comes, nothing more is reached', async () => {
    const engine = engineWithSubscribers(50);
    const answer = broadcast(engine);
    await turn();
    expect(engine.outbox.count()).toBeLessThan(50);
    engine.reset();
    expect((await answer).status).toBe(201);
    await turn();
    expect(engine.outbox.count()).toBe(0);
  });

  it('a snapshot taken mid-way resumes the rest of the fan-out when restored', async () => {
    const engine = engineWithSubscribers(30);
    const answer = broadcast(engine);
    await turn();
    const midway = engine.snapshot();
    const before = engine.outbox.count();
    expect(before).toBeLessThan(30);
    await answer;
    engine.restore(midway);
    expect(engine.outbox.count()).toBe(before);
    await engine.settle();
    expect(reached(engine)).toEqual(Array.from({ length: 30 }, (_, n) => `user-${n}`).sort());
  });

  it('an operation refused after it stored a fan-out leaves none behind', async () => {
    const engine = engineWithSubscribers(10);
    // A data directory that cannot write: the whole operation is undone, its fan-out too.
    engine.durability.attach({
      write() {
        throw ServiceError.http(503, 'cannot write');
      },
      durable: async () => {},
    });
    const refused = await broadcast(engine);
    expect(refused.status).toBe(503);
    engine.durability.attach(undefined);
    await engine.settle();
    expect(engine.outbox.count()).toBe(0);
    expect(engine.snapshot().state.fanOuts).toEqual([]);
  });

  it('a chunk that fails unexpectedly is undone and ends its fan-out, the answer still comes', async () => {
    const engine = engineWithSubscribers(20);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = broadcast(engine);
      await turn();
      const before = engine.outbox.count();
      expect(before).toBeLessThan(20);
      // Work that throws, due now: the next chunk runs it (as a trigger runs what fell due).
      engine.clock.schedule(engine.clock.now(), () => {
        throw new Error('boom');
      });
      expect((await answer).status).toBe(201);
      expect(engine.outbox.count()).toBe(before);
      expect(engine.snapshot().state.fanOuts).toEqual([]);
      expect(String(errors.mock.calls[0]?.[0])).toContain('remaining recipients are not reached');
    } finally {
      errors.mockRestore();
    }
  });

  it('the slice option takes milliseconds only', () => {
    expect(() => createMockEngine({ fanOutSlice: { chunkMs: -1 } })).toThrow(TypeError);
    expect(() => createMockEngine({ fanOutSlice: { inlineMs: Number.NaN } })).toThrow(TypeError);
  });
});

describe('hostile: a task the clock fires outside a request has a budget of its own', () => {
  it('the renders after a delay share one operation budget', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'slow',
            steps: [
              {
                type: 'delay',
                name: 'Wait',
                controlValues: { type: 'regular', amount: 1, unit: 'minutes' },
              },
              ...Array.from({ length: 4 }, (_, n) => ({
                type: 'in_app',
                name: `Inbox ${n}`,
                controlValues: { body: 'Hi {{ subscriber.subscriberId }}' },
              })),
            ] as never,
          },
        ],
      },
    });
    const scope = engine.scope('Development');
    engine.operations['events.trigger'](scope, { body: { name: 'slow', to: 'ada' } });
    // Every render seems to take 2 s (the render timer reads performance.now): the firing's 3 s
    // budget is spent after two of them, instead of each render having only its own 1 s.
    let fake = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (fake += 2_000));
    try {
      engine.clock.advance('1m'); // outside any request, as --clock real's timer fires it
    } finally {
      clock.mockRestore();
    }
    const jobs = scope.data.notifications[0]?.jobs ?? [];
    const raw = jobs.map((job) => job.executionDetails.map((d) => String(d.raw ?? '')).join('\n'));
    expect(jobs.map((job) => job.type)).toEqual(['delay', 'in_app', 'in_app', 'in_app', 'in_app']);
    expect(raw[4]).toContain('operation render limit exceeded');
  });
});
