// engine.reset(): the state and the clock go back to the baseline (docs/virtual-clock.md).
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../mock-server/engine/engine';
import { reminderSeed } from './helpers';

function triggerReminder(engine: ReturnType<typeof createMockEngine>) {
  const context = engine.scope('Development');
  engine.operations['events.trigger'](context, { body: { name: 'reminder', to: 'ada' } });
}

describe('engine.reset() and the clock', () => {
  it('returns the clock to the time of creation, so every test starts at the same time', () => {
    const engine = createMockEngine({ seed: reminderSeed() });
    engine.clock.advance('3h');
    engine.reset();
    expect(engine.clock.iso()).toBe('2026-01-01T00:00:00.000Z');

    // The next "test" sees the same times as the first one would have.
    triggerReminder(engine);
    expect(engine.clock.pending().map((task) => new Date(task.at).toISOString())).toEqual([
      '2026-01-01T02:00:00.000Z',
    ]);
    engine.clock.advance('2h');
    expect(engine.outbox.last()?.sentAt).toBe('2026-01-01T02:00:00.000Z');
  });

  it('returns to a chosen clockStart, and the clock moves forward again after it', () => {
    const engine = createMockEngine({ clockStart: '2030-06-01T12:00:00.000Z' });
    engine.clock.set('2031-01-01T00:00:00.000Z');
    engine.reset();
    expect(engine.clock.iso()).toBe('2030-06-01T12:00:00.000Z');
    engine.clock.advance('1m');
    expect(engine.clock.iso()).toBe('2030-06-01T12:01:00.000Z');
  });

  it('drops pending work: nothing scheduled before the reset runs when time moves again', () => {
    const engine = createMockEngine({ seed: reminderSeed() });
    triggerReminder(engine);
    engine.clock.advance('1h');
    engine.reset();
    expect(engine.clock.pending()).toEqual([]);
    engine.clock.advance('5h');
    expect(engine.outbox.count()).toBe(0);
  });

  it('keeps the clock with reset({ keepClock: true })', () => {
    const engine = createMockEngine();
    engine.clock.advance('90m');
    engine.reset({ keepClock: true });
    expect(engine.clock.iso()).toBe('2026-01-01T01:30:00.000Z');
  });

  it('keeps the clock on every reset with keepClockOnReset; reset({ keepClock: false }) overrides', () => {
    const engine = createMockEngine({ keepClockOnReset: true });
    engine.clock.advance('1h');
    engine.reset();
    expect(engine.clock.iso()).toBe('2026-01-01T01:00:00.000Z');
    engine.reset({ keepClock: false });
    expect(engine.clock.iso()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('restore() still never moves the clock back', () => {
    const engine = createMockEngine();
    const start = engine.snapshot();
    engine.clock.advance('1h');
    engine.restore(start);
    expect(engine.clock.iso()).toBe('2026-01-01T01:00:00.000Z');
  });
});
