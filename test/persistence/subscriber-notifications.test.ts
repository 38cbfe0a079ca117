// `svc-mock --data` keeps what the admin API changed in a subscriber's Inbox: a v2 archive, a v1
// mark-all, a message action and the online flag come back after a restart.
import { expect, it } from 'vitest';
import { keptDirectoryPerTest } from './helpers';

const kept = keptDirectoryPerTest();
const { start } = kept;

it('keeps the v2 and v1 subscriber notification changes across a restart', async () => {
  const first = await start();
  for (let index = 0; index < 2; index++) {
    const trigger = await first.call('POST', '/v1/events/trigger', {
      name: 'trial-ending',
      to: 'demo-ada',
      payload: {},
    });
    expect(trigger.status).toBe(201);
  }
  const inApp = () =>
    first.engine
      .scope('Development')
      .data.messages.filter((message) => message.channel === 'in_app');
  const [older, newer] = inApp().map((message) => message._id);
  const archived = await first.call(
    'PATCH',
    `/v2/subscribers/demo-ada/notifications/${older}/archive`,
  );
  expect(archived.status).toBe(200);
  const marked = await first.call('POST', '/v1/subscribers/demo-ada/messages/mark-all', {
    markAs: 'seen',
  });
  expect(marked.status).toBe(201);
  const action = await first.call(
    'POST',
    `/v1/subscribers/demo-ada/messages/${newer}/actions/primary`,
    { status: 'done' },
  );
  expect(action.status).toBe(201);
  const online = await first.call('PATCH', '/v1/subscribers/demo-ada/online-status', {
    isOnline: false,
  });
  expect(online.status).toBe(200);
  const before = structuredClone(first.engine.scope('Development').data.messages);
  const subscriber = structuredClone(
    first.engine.scope('Development').data.subscribers.get('demo-ada'),
  );
  await kept.stop(first);

  const second = await start();
  expect(second.engine.scope('Development').data.messages).toEqual(before);
  expect(second.engine.scope('Development').data.subscribers.get('demo-ada')).toEqual(subscriber);
  expect(subscriber).toMatchObject({ isOnline: false });
  expect(before.find((message) => message._id === older)).toMatchObject({ archived: true });
  expect(before.find((message) => message._id === newer)?.cta).toMatchObject({
    action: { status: 'done', result: { type: 'primary' } },
  });
});
