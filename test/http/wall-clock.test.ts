// The server's real-time clock driver (docs/http-server.md#time), with fake timers: due work runs
// on its own, no request needed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockEngine, type MockEngine } from '../../mock-server/engine/engine';
import { followWallClock, type WallClockDriver } from '../../mock-server/http/wall-clock';
import { reminderSeed } from '../engine/helpers';

const START = Date.parse('2026-05-04T10:00:00.000Z');

const reminder = reminderSeed(5, 'seconds');

let engine: MockEngine;
let driver: WallClockDriver | undefined;

function trigger() {
  const context = engine.scope('Development');
  engine.operations['events.trigger'](context, { body: { name: 'reminder', to: 'ada' } });
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  engine = createMockEngine({ clockStart: 'real', seed: reminder, keepClockOnReset: true });
});
afterEach(() => {
  driver?.stop();
  vi.useRealTimers();
});

describe('followWallClock', () => {
  it('runs a due delay on its own when the wall clock reaches it', async () => {
    driver = followWallClock(engine.clock);
    trigger();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(engine.outbox.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(engine.outbox.last()?.content).toBe('Still there?');
    expect(engine.outbox.last()?.sentAt).toBe('2026-05-04T10:00:05.000Z');
  });

  it('sync() moves the engine clock to the wall-clock time', async () => {
    driver = followWallClock(engine.clock);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(engine.clock.iso()).toBe('2026-05-04T10:00:00.000Z'); // nothing waits: no timer
    driver.sync();
    expect(engine.clock.iso()).toBe('2026-05-04T10:01:30.000Z');
  });

  it('keeps a jump ahead through the clock as a lead, and re-arms for it', async () => {
    driver = followWallClock(engine.clock);
    engine.clock.advance('1h');
    trigger(); // due at 11:00:05 engine time, 5 s of wall time from now
    await vi.advanceTimersByTimeAsync(5_000);
    expect(engine.outbox.last()?.sentAt).toBe('2026-05-04T11:00:05.000Z');
    driver.sync();
    expect(engine.clock.iso()).toBe('2026-05-04T11:00:05.000Z');
  });

  it('re-arms after a reset and a restore bring back waiting work', async () => {
    driver = followWallClock(engine.clock);
    trigger();
    const waiting = engine.snapshot();
    engine.reset();
    await vi.advanceTimersByTimeAsync(2_000);
    engine.restore(waiting);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(engine.outbox.count()).toBe(1);
  });

  it('runs nothing after stop()', async () => {
    driver = followWallClock(engine.clock);
    trigger();
    driver.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.outbox.count()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a failing task to onError instead of throwing from the timer', async () => {
    const errors: unknown[] = [];
    driver = followWallClock(engine.clock, { onError: (error) => errors.push(error) });
    engine.clock.schedule(engine.clock.now() + 1_000, () => {
      throw new Error('boom');
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toEqual([new Error('boom')]);
  });
});
