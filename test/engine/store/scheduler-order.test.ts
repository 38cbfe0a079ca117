// The scheduling clock's task queue and its refusals (mock-server/engine/store/scheduler.ts,
// docs/virtual-clock.md): the order tasks run in, ids, cancel, the watchers a real-timer driver
// re-arms on, the run-away guard, and the exact errors of each refused move.
import { describe, expect, it } from 'vitest';
import { CLOCK_MAX_MS } from '../../../mock-server/engine/store/clock';
import { createSchedulingClock } from '../../../mock-server/engine/store/scheduler';

const START = '2026-01-01T00:00:00.000Z';
const T0 = Date.parse(START);
const RANGE = '1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z';

/** The error `action` throws, as `Name: message`. */
function thrown(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
  return 'nothing thrown';
}

describe('scheduling clock: queue order', () => {
  it('keeps pending tasks in time order whatever order they were scheduled in', () => {
    const clock = createSchedulingClock(START);
    for (const [offset, label] of [
      [30, 'd'],
      [10, 'b'],
      [40, 'e'],
      [0, 'a'],
      [20, 'c'],
    ] as const) {
      clock.schedule(T0 + offset, () => {}, label);
    }
    expect(clock.pending().map((task) => task.label)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(clock.nextDueAt()).toBe(T0);
  });

  it('puts a task after the tasks already queued at the same time', () => {
    const clock = createSchedulingClock(START);
    clock.schedule(T0 + 20, () => {}, 'later');
    clock.schedule(T0 + 10, () => {}, 'first');
    clock.schedule(T0 + 10, () => {}, 'second');
    clock.schedule(T0 + 10, () => {}, 'third');
    expect(clock.pending().map((task) => task.label)).toEqual([
      'first',
      'second',
      'third',
      'later',
    ]);
  });

  it('numbers tasks from 1 upwards and reports id, time and label', () => {
    const clock = createSchedulingClock(START);
    const first = clock.schedule(T0 + 5, () => {}, 'first');
    const second = clock.schedule(T0 + 1, () => {});
    expect(first).toEqual({ id: 1, at: T0 + 5 });
    expect(second).toEqual({ id: 2, at: T0 + 1 });
    expect(clock.pending()).toEqual([
      { id: 2, at: T0 + 1, label: undefined },
      { id: 1, at: T0 + 5, label: 'first' },
    ]);
  });

  it('cancels only the task with the handle id', () => {
    const clock = createSchedulingClock(START);
    clock.schedule(T0 + 1, () => {}, 'a');
    const b = clock.schedule(T0 + 1, () => {}, 'b');
    clock.schedule(T0 + 1, () => {}, 'c');
    expect(clock.cancel(b)).toBe(true);
    expect(clock.pending().map((task) => task.label)).toEqual(['a', 'c']);
    expect(clock.cancel({ id: 99, at: T0 + 1 })).toBe(false);
    expect(clock.pending()).toHaveLength(2);
  });
});

describe('scheduling clock: moves', () => {
  it('set to the current time is allowed and runs the tasks due now', () => {
    const clock = createSchedulingClock(START);
    const ran: number[] = [];
    clock.schedule(T0, () => ran.push(clock.now()));
    clock.set(T0);
    expect(ran).toEqual([T0]);
    expect(clock.now()).toBe(T0);
  });

  it('set to an earlier time names both times', () => {
    const clock = createSchedulingClock(START);
    expect(thrown(() => clock.set(T0 - 1))).toBe(
      'RangeError: The engine clock only moves forward: 2025-12-31T23:59:59.999Z is before 2026-01-01T00:00:00.000Z',
    );
  });

  it('a move where one task fails rethrows that error itself', () => {
    const clock = createSchedulingClock(START);
    const failure = new Error('only one');
    clock.schedule(T0 + 1, () => {
      throw failure;
    });
    let caught: unknown;
    try {
      clock.advance(1);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(failure);
  });

  it('a move where several tasks fail throws an AggregateError of them all, in run order', () => {
    const clock = createSchedulingClock(START);
    const first = new Error('first');
    const second = new Error('second');
    const ran: string[] = [];
    clock.schedule(T0 + 2, () => {
      throw second;
    });
    clock.schedule(T0 + 1, () => {
      throw first;
    });
    clock.schedule(T0 + 3, () => ran.push('third'));
    let caught: unknown;
    try {
      clock.advance(5);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AggregateError);
    expect((caught as AggregateError).message).toBe('2 scheduled tasks failed');
    expect((caught as AggregateError).errors).toEqual([first, second]);
    expect(ran).toEqual(['third']);
    expect(clock.now()).toBe(T0 + 5);
  });

  it('answers how many tasks runDue ran, 0 when none was due', () => {
    const clock = createSchedulingClock(START);
    expect(clock.runDue()).toBe(0);
    clock.schedule(T0, () => {});
    clock.schedule(T0 + 1, () => {});
    expect(clock.runDue()).toBe(1);
  });

  it('runs exactly one million tasks in one move, and refuses the next one', () => {
    const clock = createSchedulingClock(START);
    let runs = 0;
    const rescheduleUpTo = (limit: number) => {
      const step = () => {
        runs += 1;
        if (runs < limit) clock.schedule(clock.now(), step);
      };
      return step;
    };
    clock.schedule(T0, rescheduleUpTo(1_000_000));
    expect(clock.runDue()).toBe(1_000_000);
    expect(runs).toBe(1_000_000);

    runs = 0;
    clock.schedule(T0, rescheduleUpTo(Number.POSITIVE_INFINITY));
    expect(thrown(() => clock.runDue())).toBe(
      'Error: More than 1000000 tasks ran in one clock move: a task keeps rescheduling itself',
    );
    expect(runs).toBe(1_000_000);
    // The guard drops the task it stopped at, so the loop ends and the clock moves again.
    expect(clock.pending()).toEqual([]);
    clock.advance(1);
    expect(clock.now()).toBe(T0 + 1);
  });
});

describe('scheduling clock: refusals', () => {
  it('refuses a start it cannot read', () => {
    expect(thrown(() => createSchedulingClock('nope'))).toBe(
      `TypeError: clock start: Invalid date "nope" (expected an ISO 8601 date or epoch ms within ${RANGE})`,
    );
  });

  it('refuses an advance past the end of the clock range, naming the call', () => {
    const clock = createSchedulingClock(CLOCK_MAX_MS - 1_000);
    expect(thrown(() => clock.advance('1d'))).toBe(
      `RangeError: clock.advance("1d"): the time +010000-01-01T23:59:58.999Z is outside the engine clock's range ${RANGE}`,
    );
    expect(thrown(() => clock.advance(1_001))).toBe(
      `RangeError: clock.advance(1001): the time +010000-01-01T00:00:00.000Z is outside the engine clock's range ${RANGE}`,
    );
    clock.advance(1_000);
    expect(clock.now()).toBe(CLOCK_MAX_MS);
  });

  it('refuses a set to a date it cannot read', () => {
    const clock = createSchedulingClock(START);
    expect(thrown(() => clock.set('nope'))).toBe(
      `TypeError: clock.set: Invalid date "nope" (expected an ISO 8601 date or epoch ms within ${RANGE})`,
    );
  });

  it('refuses to schedule at a time that is not a finite number', () => {
    const clock = createSchedulingClock(START);
    expect(thrown(() => clock.schedule('5' as never, () => {}))).toBe(
      'TypeError: Cannot schedule a task at 5: expected epoch milliseconds',
    );
    expect(thrown(() => clock.schedule(Number.POSITIVE_INFINITY, () => {}))).toBe(
      'TypeError: Cannot schedule a task at Infinity: expected epoch milliseconds',
    );
    expect(clock.pending()).toEqual([]);
  });

  it('refuses to schedule outside the clock range, at both ends', () => {
    const clock = createSchedulingClock(START);
    expect(thrown(() => clock.schedule(-1, () => {}))).toBe(
      `RangeError: clock.schedule: the time 1969-12-31T23:59:59.999Z is outside the engine clock's range ${RANGE}`,
    );
    expect(thrown(() => clock.schedule(CLOCK_MAX_MS + 1, () => {}))).toBe(
      `RangeError: clock.schedule: the time +010000-01-01T00:00:00.000Z is outside the engine clock's range ${RANGE}`,
    );
    expect(clock.schedule(0, () => {}).at).toBe(0);
    expect(clock.schedule(CLOCK_MAX_MS, () => {}).at).toBe(CLOCK_MAX_MS);
  });

  it('refuses to schedule something that is not a function', () => {
    const clock = createSchedulingClock(START);
    expect(thrown(() => clock.schedule(T0, 'task' as never))).toBe(
      'TypeError: Cannot schedule a task that is not a function',
    );
    expect(clock.pending()).toEqual([]);
  });
});

describe('scheduling clock: rewind', () => {
  it('puts the clock back without running anything', () => {
    const clock = createSchedulingClock(START);
    const ran: string[] = [];
    clock.advance('1h');
    clock.schedule(T0 + 60_000, () => ran.push('due'));
    clock.rewind(T0);
    expect(clock.now()).toBe(T0);
    expect(clock.iso()).toBe(START);
    expect(ran).toEqual([]);
  });

  it('refuses a time outside the clock range', () => {
    const clock = createSchedulingClock(START);
    expect(thrown(() => clock.rewind(-1))).toBe(
      `RangeError: clock.rewind: the time 1969-12-31T23:59:59.999Z is outside the engine clock's range ${RANGE}`,
    );
    expect(clock.now()).toBe(T0);
  });

  it('refuses to rewind from inside a scheduled task', () => {
    const clock = createSchedulingClock(START);
    let inner = '';
    clock.schedule(T0 + 10, () => {
      inner = thrown(() => clock.rewind(T0));
    });
    clock.advance(10);
    expect(inner).toBe('Error: The engine clock cannot be moved from inside a scheduled task');
    expect(clock.now()).toBe(T0 + 10);
  });

  it('refuses to advance from inside a scheduled task, with the same message', () => {
    const clock = createSchedulingClock(START);
    let inner = '';
    clock.schedule(T0 + 10, () => {
      inner = thrown(() => clock.advance(1));
    });
    clock.advance(10);
    expect(inner).toBe('Error: The engine clock cannot be moved from inside a scheduled task');
  });
});

describe('scheduling clock: watchers', () => {
  it('calls a watcher after each move, schedule, cancel that removed a task, and rewind', () => {
    const clock = createSchedulingClock(START);
    const seen: string[] = [];
    clock.watch(() => seen.push(`${clock.now() - T0}:${clock.pending().length}`));
    const handle = clock.schedule(T0 + 5, () => {});
    expect(seen).toEqual(['0:1']);
    expect(clock.cancel(handle)).toBe(true);
    expect(seen).toEqual(['0:1', '0:0']);
    expect(clock.cancel(handle)).toBe(false);
    expect(seen).toEqual(['0:1', '0:0']);
    clock.advance(10);
    expect(seen).toEqual(['0:1', '0:0', '10:0']);
    clock.runDue();
    expect(seen).toEqual(['0:1', '0:0', '10:0', '10:0']);
    clock.rewind(T0);
    expect(seen).toEqual(['0:1', '0:0', '10:0', '10:0', '0:0']);
  });

  it('calls a watcher once a move has finished, even when a task threw', () => {
    const clock = createSchedulingClock(START);
    const seen: number[] = [];
    clock.schedule(T0 + 1, () => {
      throw new Error('boom');
    });
    clock.watch(() => seen.push(clock.now() - T0));
    expect(() => clock.advance(3)).toThrow('boom');
    expect(seen).toEqual([3]);
  });

  it('calls every watcher; an unsubscribed one is not called again', () => {
    const clock = createSchedulingClock(START);
    const seen: string[] = [];
    const stopA = clock.watch(() => seen.push('a'));
    clock.watch(() => seen.push('b'));
    clock.advance(1);
    expect(seen).toEqual(['a', 'b']);
    stopA();
    stopA();
    clock.advance(1);
    expect(seen).toEqual(['a', 'b', 'b']);
  });
});
