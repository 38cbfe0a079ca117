// Writes that do not come over the API (the inspector's mark, `engine.operations`) go through the
// engine's one port (docs/decisions/0146-one-operation-kind.md): they are written to the data
// directory's journal like a request, so `svc-mock --data` keeps them across a restart.
import { expect, it } from 'vitest';
import { keptDirectoryPerTest } from './helpers';

const kept = keptDirectoryPerTest();

const inAppOf = (server: Awaited<ReturnType<typeof kept.start>>) =>
  server.engine
    .scope('Development')
    .data.messages.filter((message) => message.channel === 'in_app')
    .map(({ _id, read, seen }) => ({ _id, read, seen }));

it('keeps an inspector write (marking a message read) across a restart', async () => {
  const first = await kept.start();
  const trigger = await first.call('POST', '/v1/events/trigger', {
    name: 'trial-ending',
    to: 'demo-ada',
    payload: {},
  });
  expect(trigger.status).toBe(201);
  const message = inAppOf(first).at(-1);
  expect(message?.read).toBe(false);
  const marked = await first.call('POST', '/__svc/inspector/inbox/demo-ada/mark', {
    messageId: message?._id,
    markAs: 'read',
  });
  expect(marked.status).toBe(200);
  const before = inAppOf(first);
  expect(before.find(({ _id }) => _id === message?._id)?.read).toBe(true);
  await kept.stop(first);

  const second = await kept.start();
  expect(inAppOf(second)).toEqual(before);
});

it('keeps an engine.operations write in its environment, and plays back its ids', async () => {
  const first = await kept.start();
  const production = first.engine.scope('Production');
  first.engine.operations['subscribers.create'](production, {
    body: { subscriberId: 'in-process', firstName: 'Ada' },
  });
  first.engine.operations['topics.create'](first.engine.scope('Development'), {
    body: { key: 'in-process-topic', name: 'Kept' },
  });
  const subscriber = production.data.subscribers.get('in-process');
  const topic = first.engine.scope('Development').data.topics.get('in-process-topic');
  expect(subscriber).toBeDefined();
  await kept.stop(first);

  const second = await kept.start();
  expect(second.engine.scope('Production').data.subscribers.get('in-process')).toEqual(subscriber);
  expect(second.engine.scope('Development').data.topics.get('in-process-topic')).toEqual(topic);
  expect(second.engine.scope('Development').data.subscribers.get('in-process')).toBeUndefined();
});

it('an in-process write that is refused leaves no entry', async () => {
  const first = await kept.start();
  expect(() =>
    first.engine.operations['topics.subscriptions.create'](first.engine.scope('Development'), {
      params: { topicKey: 'no-such-topic' },
      body: { subscriptions: [] },
    }),
  ).toThrow();
  await kept.stop(first);
  const second = await kept.start();
  expect(second.engine.scope('Development').data.topics.get('no-such-topic')).toBeUndefined();
});
