// `svc-mock --data` keeps what the Inbox changed: its entries carry the session (environment,
// subscriber, context), not the token, so they play back after a restart although tokens are not
// kept (docs/inbox.md).
import { expect, it } from 'vitest';
import { keptDirectoryPerTest, START } from './helpers';

const kept = keptDirectoryPerTest();
const { start } = kept;

const inAppOf = (server: Awaited<ReturnType<typeof start>>) =>
  server.engine
    .scope('Development')
    .data.messages.filter((message) => message.channel === 'in_app')
    .map(({ _id, read, seen, snoozedUntil }) => ({ _id, read, seen, snoozedUntil }));

it('keeps an Inbox read and snooze across a restart, and the pending tasks stay in step', async () => {
  const first = await start();
  for (let index = 0; index < 2; index++) {
    const trigger = await first.call('POST', '/v1/events/trigger', {
      name: 'trial-ending',
      to: 'demo-ada',
      payload: {},
    });
    expect(trigger.status).toBe(201);
  }
  const session = await first.call('POST', '/v1/inbox/session', {
    applicationIdentifier: first.engine.environment('Development').identifier,
    subscriberId: 'demo-ada',
  });
  expect(session.status).toBe(201);
  const bearer = { authorization: `Bearer ${session.body.data.token}` };
  const [older, newer] = inAppOf(first).map((message) => message._id);
  const read = await first.call(
    'PATCH',
    `/v1/inbox/notifications/${older}/read`,
    undefined,
    bearer,
  );
  expect(read.status).toBe(200);
  const snoozeUntil = new Date(START + 2 * 60 * 60 * 1000).toISOString();
  const snoozed = await first.call(
    'PATCH',
    `/v1/inbox/notifications/${newer}/snooze`,
    { snoozeUntil },
    bearer,
  );
  expect(snoozed.status).toBe(200);
  const before = inAppOf(first);
  expect(before.find((message) => message._id === older)?.read).toBe(true);
  expect(before.find((message) => message._id === newer)?.snoozedUntil).toBe(snoozeUntil);
  const pending = first.engine.clock.pending().length;
  await kept.stop(first);

  const second = await start();
  expect(inAppOf(second)).toEqual(before);
  expect(second.engine.clock.pending()).toHaveLength(pending);
  // The snooze ends, then both delays run: each task is the one its entry named.
  second.engine.clock.advance('1d');
  expect(inAppOf(second).find((message) => message._id === newer)?.snoozedUntil).toBeUndefined();
  expect(second.engine.outbox.list({ channel: 'email' })).toHaveLength(2);
  // The old token is not kept: the Inbox asks for a new session.
  const stale = await second.call('GET', '/v1/inbox/notifications', undefined, bearer);
  expect(stale.status).toBe(401);
});
