// The work the engine does outside requests (mock-server/engine/background-work.ts): a task the
// clock fires runs in a journal of its own, all or nothing as a request is.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../mock-server/engine/engine';
import { reminderSeed } from './helpers';

describe('a task the clock fires', () => {
  it('that fails half-way leaves none of its writes, and says why', () => {
    const engine = createMockEngine({ deterministic: true, seed: reminderSeed() });
    engine.operations['events.trigger'](engine.scope('Development'), {
      body: { name: 'reminder', to: 'ada' },
    });
    const data = engine.scope('Development').data;
    const jobsBefore = structuredClone(data.notifications.map((notification) => notification.jobs));
    // The delay's job is completed, then a listener of that change fails the task.
    const stop = engine.events.subscribe((event) => {
      if (event.type === 'job-status') throw new Error('fails after the first write');
    });
    expect(() => engine.clock.advance('2h')).toThrow('fails after the first write');
    stop();
    expect(data.messages).toEqual([]);
    expect(data.notifications.map((notification) => notification.jobs)).toEqual(jobsBefore);
    expect(engine.outbox.count()).toBe(0);
  });
});
