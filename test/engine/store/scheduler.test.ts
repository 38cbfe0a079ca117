import { describe, expect, it } from 'vitest';
import { createSchedulingClock } from '../../../mock-server/engine/store/scheduler';

const START = '2026-01-01T00:00:00.000Z';

describe('runtime: scheduling clock', () => {
  it('runs due tasks in time order at their own time, ties in insertion order', () => {
    const clock = createSchedulingClock(START);
    const log: string[] = [];
    const t0 = clock.now();
    clock.schedule(t0 + 120_000, () => log.push(`c@${clock.iso()}`));
    clock.schedule(t0 + 60_000, () => log.push(`a@${clock.iso()}`));
    clock.schedule(t0 + 60_000, () => log.push(`b@${clock.iso()}`));
    clock.schedule(t0 + 600_000, () => log.push('late'));
    clock.advance('5m');
    expect(log).toEqual([
      'a@2026-01-01T00:01:00.000Z',
      'b@2026-01-01T00:01:00.000Z',
      'c@2026-01-01T00:02:00.000Z',
    ]);
    expect(clock.iso()).toBe('2026-01-01T00:05:00.000Z');
    expect(clock.pending()).toHaveLength(1);
  });

  it('runs tasks that tasks schedule while running, when they fall due in the same move', () => {
    const clock = createSchedulingClock(START);
    const log: number[] = [];
    const start = clock.now();
    clock.schedule(start + 1_000, () => {
      log.push(clock.now() - start);
      clock.schedule(clock.now() + 1_000, () => log.push(clock.now() - start));
      clock.schedule(clock.now(), () => log.push(clock.now() - start));
    });
    clock.advance('30s');
    expect(log).toEqual([1_000, 1_000, 2_000]);
  });

  it('accepts every duration form and set(date), forward only', () => {
    const clock = createSchedulingClock(START);
    clock.advance('30s');
    clock.advance('5m');
    clock.advance('2h');
    clock.advance('1d');
    clock.advance('1w');
    clock.advance(500);
    expect(clock.iso()).toBe('2026-01-09T02:05:30.500Z');
    const fired: string[] = [];
    clock.schedule(Date.parse('2026-02-01T00:00:00.000Z'), () => fired.push(clock.iso()));
    clock.set('2026-03-01T00:00:00.000Z');
    expect(fired).toEqual(['2026-02-01T00:00:00.000Z']);
    expect(() => clock.set('2026-01-01T00:00:00.000Z')).toThrow(/only moves forward/);
    expect(() => clock.advance(-1)).toThrow(/only moves forward/);
    expect(() => clock.advance('soon' as '1s')).toThrow(/valid duration/);
    expect(clock.iso()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('cancels pending tasks and reports what is pending', () => {
    const clock = createSchedulingClock(START);
    const ran: string[] = [];
    const keep = clock.schedule(clock.now() + 10, () => ran.push('keep'), 'keep');
    const drop = clock.schedule(clock.now() + 5, () => ran.push('drop'), 'drop');
    expect(clock.pending().map((task) => task.label)).toEqual(['drop', 'keep']);
    expect(clock.nextDueAt()).toBe(drop.at);
    expect(clock.cancel(drop)).toBe(true);
    expect(clock.cancel(drop)).toBe(false);
    clock.advance(10);
    expect(ran).toEqual(['keep']);
    expect(clock.cancel(keep)).toBe(false);
    expect(clock.nextDueAt()).toBeUndefined();
  });

  it('runDue runs tasks scheduled at or before now without moving time', () => {
    const clock = createSchedulingClock(START);
    const ran: number[] = [];
    clock.schedule(clock.now() - 1_000, () => ran.push(clock.now()));
    clock.schedule(clock.now(), () => ran.push(clock.now()));
    clock.schedule(clock.now() + 1, () => ran.push(-1));
    expect(clock.runDue()).toBe(2);
    expect(ran).toEqual([Date.parse(START), Date.parse(START)]);
    expect(clock.now()).toBe(Date.parse(START));
  });

  it('finishes the move when a task throws, then rethrows; moving from a task is refused', () => {
    const clock = createSchedulingClock(START);
    const ran: string[] = [];
    clock.schedule(clock.now() + 1, () => {
      throw new Error('boom');
    });
    clock.schedule(clock.now() + 2, () => ran.push('after'));
    expect(() => clock.advance(10)).toThrow('boom');
    expect(ran).toEqual(['after']);
    expect(clock.now()).toBe(Date.parse(START) + 10);

    let inner: unknown;
    clock.schedule(clock.now() + 1, () => {
      try {
        clock.advance(1);
      } catch (error) {
        inner = error;
      }
    });
    clock.advance(1);
    expect(String(inner)).toMatch(/inside a scheduled task/);
  });

  it('rejects invalid schedules and dates', () => {
    const clock = createSchedulingClock(START);
    expect(() => clock.schedule(Number.NaN, () => {})).toThrow(TypeError);
    expect(() => clock.set('not a date')).toThrow(/Invalid date/);
  });
});
