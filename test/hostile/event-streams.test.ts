// Issue 31 item 6: the inspector's event streams are capped in total and per client, each event
// is serialised once whatever the number of streams, and a stream that cannot keep up is dropped.
import { createMockEngine } from '@svc/api/mock';
import { type MockServer, startMockServer } from '@svc/api/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEventStreams,
  EVENT_STREAM_LIMITS,
  type StreamSink,
  streamFrame,
} from '../../mock-server/inspector/event-streams';

function sink(writableLength = 0) {
  const written: string[] = [];
  let destroyed = false;
  const target: StreamSink & { written: string[]; destroyed: () => boolean } = {
    writableLength,
    written,
    destroyed: () => destroyed,
    write(chunk) {
      written.push(chunk);
      return true;
    },
    destroy() {
      destroyed = true;
    },
  };
  return target;
}

function engineWithWorkflow() {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'wf',
          steps: Array.from({ length: 10 }, (_, n) => ({
            type: 'in_app',
            name: `Inbox ${n}`,
            controlValues: { body: 'hi' },
          })) as never,
        },
      ],
    },
  });
  const trigger = () =>
    engine.operations['events.trigger'](engine.scope('Development'), {
      body: { name: 'wf', to: 'ada' },
    });
  return { engine, trigger };
}

describe('hostile: event streams', () => {
  it('caps streams per client and in total', () => {
    const { engine } = engineWithWorkflow();
    const streams = createEventStreams(engine, { total: 5, perClient: 2, bufferedBytes: 1_000 });
    expect(typeof streams.open('a', sink())).toBe('object');
    const second = streams.open('a', sink());
    expect(typeof second).toBe('object');
    expect(streams.open('a', sink())).toBe('per-client');
    for (const client of ['b', 'b', 'c'])
      expect(typeof streams.open(client, sink())).toBe('object');
    expect(streams.open('d', sink())).toBe('total');
    // A closed stream frees its place.
    (second as { close(): void }).close();
    expect(typeof streams.open('a', sink())).toBe('object');
    expect(streams.size).toBe(5);
  });

  it('serialises each event once for every stream', () => {
    const { engine, trigger } = engineWithWorkflow();
    let frames = 0;
    const streams = createEventStreams(engine, EVENT_STREAM_LIMITS, (event) => {
      frames += 1;
      return streamFrame(event);
    });
    const sinks = Array.from({ length: 8 }, () => sink());
    for (const target of sinks) streams.open('local', target);
    const before = engine.events.lastSeq();
    trigger();
    const events = engine.events.lastSeq() - before;
    expect(events).toBeGreaterThan(10);
    expect(frames).toBe(events);
    for (const target of sinks) expect(target.written).toHaveLength(events);
  });

  it('drops a stream whose unsent bytes pass the limit, and keeps the others', () => {
    const { engine, trigger } = engineWithWorkflow();
    const streams = createEventStreams(engine);
    const slow = sink(EVENT_STREAM_LIMITS.bufferedBytes + 1);
    const fast = sink();
    streams.open('local', slow);
    streams.open('local', fast);
    trigger();
    expect(slow.destroyed()).toBe(true);
    expect(slow.written).toHaveLength(0);
    expect(fast.written.length).toBeGreaterThan(0);
    expect(streams.size).toBe(1);
  });
});

describe('hostile: event streams over HTTP', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, log: () => {} });
  });
  afterAll(async () => {
    await server.close();
  });

  it(`one client gets ${EVENT_STREAM_LIMITS.perClient} streams, then 429 until one closes`, async () => {
    const controllers: AbortController[] = [];
    const open = async () => {
      const controller = new AbortController();
      controllers.push(controller);
      return fetch(`${server.url}/__svc/ui/events`, { signal: controller.signal });
    };
    try {
      for (let n = 0; n < EVENT_STREAM_LIMITS.perClient; n++) {
        expect((await open()).status).toBe(200);
      }
      const refused = await open();
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain('Too many open event streams from this client');
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });
});
