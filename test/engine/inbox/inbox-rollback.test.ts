// Every Inbox write goes through the tables: an action undone by a failure later in the same
// operation leaves the state and the clock's timers exactly as they were.
import { describe, expect, it } from 'vitest';
import {
  INBOX_OPERATIONS,
  type InboxOperationName,
} from '../../../mock-server/engine/operations/inbox';
import type {
  OperationDefinition,
  OperationRoute,
} from '../../../mock-server/engine/operations/operation';
import { journaled } from '../../../mock-server/engine/store/journal';
import type { SubscriberRecord } from '../../../mock-server/engine/store/state';
import { inboxEngine, listOf, sessionOf, trigger } from './inbox-helpers';

type SessionOperation = OperationDefinition<OperationRoute & { auth: 'inbox-session' }>;

async function prepared() {
  const engine = inboxEngine();
  await trigger(engine, 'welcome', 'ada', { name: 'Ada' });
  await trigger(engine, 'news', 'ada');
  const token = await sessionOf(engine, 'ada');
  const [news, welcome] = (await listOf(engine, token)).data;
  // One snoozed notification, so unsnooze and delete have a timer to drop.
  const scope = engine.scope('Development');
  const subscriber = scope.data.subscribers.get('ada') as SubscriberRecord;
  journaled(
    () =>
      INBOX_OPERATIONS['inbox.notifications.snooze'].handle(scope, {
        subscriber,
        params: { notificationId: welcome?.id ?? '' },
        query: new URLSearchParams(),
        body: { snoozeUntil: new Date(engine.clock.now() + 3600000).toISOString() },
      }),
    () => {},
  );
  return { engine, news: news?.id ?? '', welcome: welcome?.id ?? '' };
}

const CASES: [
  string,
  (ids: { news: string; welcome: string }) => { params?: Record<string, string>; body?: unknown },
][] = [
  ['inbox.notifications.read', ({ news }) => ({ params: { notificationId: news } })],
  ['inbox.notifications.archive', ({ news }) => ({ params: { notificationId: news } })],
  ['inbox.notifications.unsnooze', ({ welcome }) => ({ params: { notificationId: welcome } })],
  [
    'inbox.notifications.complete',
    ({ welcome }) => ({ params: { notificationId: welcome }, body: { actionType: 'primary' } }),
  ],
  ['inbox.notifications.delete', ({ welcome }) => ({ params: { notificationId: welcome } })],
  ['inbox.notifications.readAll', () => ({ body: {} })],
  ['inbox.notifications.deleteAll', () => ({ body: {} })],
  ['inbox.notifications.markAsSeen', () => ({ body: {} })],
  ['inbox.preferences.update', () => ({ body: { in_app: false, schedule: { isEnabled: true } } })],
  [
    'inbox.preferences.updateWorkflow',
    () => ({ params: { workflowId: 'news' }, body: { in_app: false } }),
  ],
  [
    'inbox.topics.subscriptions.create',
    () => ({ params: { topicKey: 'fresh' }, body: { identifier: 'mine' } }),
  ],
];

describe('inbox writes undone by a failure', () => {
  it.each(CASES)('%s', async (name, input) => {
    const { engine, news, welcome } = await prepared();
    const scope = engine.scope('Development');
    const subscriber = scope.data.subscribers.get('ada') as SubscriberRecord;
    const before = JSON.stringify([
      ...scope.data.messages,
      [...scope.data.preferences],
      scope.data.subscriptions,
      scope.state.scheduled,
    ]);
    const timers = engine.clock.pending().length;
    const { params = {}, body } = input({ news, welcome });
    expect(() =>
      journaled(() => {
        (INBOX_OPERATIONS[name as InboxOperationName] as SessionOperation).handle(scope, {
          subscriber,
          params,
          query: new URLSearchParams(),
          body,
        });
        throw new Error('later in the operation');
      }),
    ).toThrow('later in the operation');
    expect(
      JSON.stringify([
        ...scope.data.messages,
        [...scope.data.preferences],
        scope.data.subscriptions,
        scope.state.scheduled,
      ]),
    ).toBe(before);
    expect(engine.clock.pending()).toHaveLength(timers);
  });
});
