// Issue 13 item 1: out-of-range clock times are a RangeError naming the range (a 400 through the
// control API), the clock's ISO formatter cannot throw, and a delay or digest past the range
// fails its step instead of answering 500 after a half write (item 7).
import { createMockEngine } from '@svc/api/mock';
import { startMockServer } from '@svc/api/mock/node';
import { describe, expect, it } from 'vitest';
import { CLOCK_MAX_MS, CLOCK_RANGE, formatClockTime } from '../../mock-server/engine/store/clock';
import { engineWith } from './helpers';

describe('hostile: the engine clock', () => {
  it('refuses moves past its range, names the range, and stays usable', () => {
    const engine = createMockEngine();
    const before = engine.clock.now();
    for (const move of [
      () => engine.clock.advance(9e15),
      () => engine.clock.advance(1e308),
      () => engine.clock.advance('99999999999999d'),
      () => engine.clock.set(8.7e15),
      () => engine.clock.set('+275760-09-13T00:00:00.000Z'),
      () => engine.clock.set(CLOCK_MAX_MS + 1),
    ]) {
      expect(move).toThrow(RangeError);
      expect(move).toThrow(CLOCK_RANGE);
    }
    expect(engine.clock.now()).toBe(before);
    expect(engine.clock.iso()).toBe('2026-01-01T00:00:00.000Z');
    engine.clock.set(CLOCK_MAX_MS);
    expect(engine.clock.iso()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('refuses a start outside the range and tasks scheduled past it', () => {
    expect(() => createMockEngine({ clockStart: 9e15 })).toThrow(CLOCK_RANGE);
    const engine = createMockEngine();
    expect(() => engine.clock.schedule(CLOCK_MAX_MS + 1, () => {})).toThrow(RangeError);
    expect(engine.clock.pending()).toEqual([]);
  });

  it('formats any number without throwing', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 1e308, -1e308, 8.64e15 + 1]) {
      expect(typeof formatClockTime(value)).toBe('string');
    }
    expect(formatClockTime(0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('a delay of 1e12 days fails its step: 201, no delayed job, nothing scheduled', () => {
    const { engine, trigger, lastJobs } = engineWith([
      {
        type: 'delay',
        name: 'Wait',
        controlValues: { type: 'regular', amount: 1e12, unit: 'days' },
      },
      { type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } },
    ]);
    expect(trigger().status).toBe('processed');
    const [delay, inbox] = lastJobs();
    expect(delay?.status).toBe('failed');
    expect(delay?.raw).toContain(CLOCK_RANGE);
    expect(inbox?.status).toBe('canceled');
    expect(engine.clock.pending()).toEqual([]);
    expect(() => engine.snapshot()).not.toThrow();
  });

  it('a digest window past the range fails its step the same way', () => {
    const { engine, trigger, lastJobs } = engineWith([
      { type: 'digest', name: 'Digest', controlValues: { amount: 1e12, unit: 'days' } },
      { type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } },
    ]);
    trigger();
    expect(lastJobs().map((job) => job.status)).toEqual(['failed', 'canceled']);
    expect(engine.clock.pending()).toEqual([]);
  });
});

describe('hostile: the clock through the control API', () => {
  it('answers 400 naming the range, and the server goes on', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}/__svc${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      for (const [path, body] of [
        ['/clock/advance', { ms: 9e15 }],
        ['/clock/advance', { ms: 1e308 }],
        ['/clock/set', { to: 8.7e15 }],
      ] as const) {
        const response = await post(path, body);
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toContain(CLOCK_RANGE);
      }
      const negative = await post('/clock/advance', { ms: -1 });
      expect(negative.status).toBe(400);
      expect(((await negative.json()) as { message: string }).message).toContain(
        'ms must be a number of milliseconds >= 0',
      );
      const clock = await fetch(`${server.url}/__svc/clock`);
      expect(clock.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
