// The event feed directly (mock-server/engine/event-feed.ts, docs/inspector.md): whether anyone
// listens, numbering, and how an answer finds the trigger it answers.
import { describe, expect, it } from 'vitest';
import { createEventFeed, type EngineEvent } from '../../mock-server/engine/event-feed';

const AT = '2026-01-01T00:00:00.000Z';

function feedWithListener() {
  const feed = createEventFeed(() => AT);
  const events: EngineEvent[] = [];
  const stop = feed.subscribe((event) => events.push(event));
  return { feed, events, stop };
}

describe('createEventFeed: observed', () => {
  it('is observed only while a listener is subscribed', () => {
    const feed = createEventFeed(() => AT);
    expect(feed.observed).toBe(false);
    const stopFirst = feed.subscribe(() => {});
    const stopSecond = feed.subscribe(() => {});
    expect(feed.observed).toBe(true);
    stopFirst();
    expect(feed.observed).toBe(true);
    stopSecond();
    expect(feed.observed).toBe(false);
  });

  it('counts events nobody hears, so a later listener sees the next seq', () => {
    const feed = createEventFeed(() => AT);
    feed.emit({ type: 'state-replaced', reason: 'reset' });
    expect(feed.lastSeq()).toBe(1);
    const events: EngineEvent[] = [];
    feed.subscribe((event) => events.push(event));
    feed.emit({ type: 'state-replaced', reason: 'restore' });
    expect(events).toEqual([{ type: 'state-replaced', reason: 'restore', seq: 2, at: AT }]);
  });
});

describe('createEventFeed: trigger answers', () => {
  it('an answer is stored on the trigger it names, not on a later one', () => {
    const { feed, events } = feedWithListener();
    const first = feed.triggerReceived('env-a', { name: 'one' });
    const second = feed.triggerReceived('env-b', { name: 'two' });
    feed.triggerAnswered(first, 201, { acknowledged: true });
    expect(feed.triggers()).toEqual([
      {
        triggerId: first,
        environmentId: 'env-a',
        receivedAt: AT,
        body: { name: 'one' },
        status: 201,
        answer: { acknowledged: true },
      },
      { triggerId: second, environmentId: 'env-b', receivedAt: AT, body: { name: 'two' } },
    ]);
    expect(events.at(-1)).toEqual({
      type: 'trigger-answered',
      triggerId: first,
      environmentId: 'env-a',
      status: 201,
      answer: { acknowledged: true },
      seq: 3,
      at: AT,
    });
  });

  it('an answer to a trigger no longer remembered is still told, with an empty environmentId', () => {
    const { feed, events } = feedWithListener();
    feed.triggerReceived('env-a', { name: 'one' });
    feed.forgetTriggers();
    feed.triggerAnswered(1, 500, { message: 'boom' });
    expect(feed.triggers()).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: 'trigger-answered',
      triggerId: 1,
      environmentId: '',
      status: 500,
      answer: { message: 'boom' },
      seq: 2,
      at: AT,
    });
  });
});
