// The v1 routes over a subscriber's in-app messages and online flag through the real client
// against the engine, strict validation (docs/behaviour/subscribers.md#the-v1-routes): the feed,
// mark-all, a message's action and the online status, with the service's failure cases.
import { BadRequestError, NotFoundError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { engine, client } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }, { subscriberId: 'grace' }],
    workflows: [
      {
        workflowId: 'welcome',
        tags: ['onboarding'],
        steps: [
          {
            type: 'in_app',
            name: 'Inbox',
            controlValues: {
              body: 'Hi {{subscriber.firstName}}',
              primaryAction: { label: 'Go', redirect: { url: '/go' } },
            },
          },
        ],
      },
    ],
  },
});

async function deliver(to = 'ada', payload: Record<string, unknown> = {}) {
  await client().events.trigger({ name: 'welcome', to, payload });
}

const stored = () => engine.scope('Development').data.messages;
const base64 = (value: unknown) => btoa(JSON.stringify(value));

describe('subscribers.notifications.feed (v1)', () => {
  it('pages newest first with hasMore as the service counts it, and walks every item', async () => {
    for (const n of [1, 2, 3]) await deliver('ada', { n });
    await deliver('grace');
    const svc = client();
    const first = await svc.subscribers.notifications.feed('ada', { limit: 2 });
    expect(first.data.map((item) => item.payload)).toEqual([{ n: 3 }, { n: 2 }]);
    expect(first).toMatchObject({ page: 0, pageSize: 2, hasMore: true });
    expect(first.data[0]?.subscriber).toMatchObject({ subscriberId: 'ada', firstName: 'Ada' });
    const second = await svc.subscribers.notifications.feed('ada', { limit: 2, page: 1 });
    expect(second.data.map((item) => item.payload)).toEqual([{ n: 1 }]);
    expect(second).toMatchObject({ page: 1, hasMore: false });
    const empty = await svc.subscribers.notifications.feed('ada', { limit: 2, page: 5 });
    expect(empty).toMatchObject({ data: [], hasMore: false });
    const all: unknown[] = [];
    for await (const item of svc.subscribers.notifications.feed('ada', { limit: 2 })) {
      all.push(item.payload);
    }
    expect(all).toEqual([{ n: 3 }, { n: 2 }, { n: 1 }]);
  });

  it('filters by read, seen, a partial payload (nested, or an item of an array) and finds no feed', async () => {
    await deliver('ada', { plan: { tier: 'pro' }, tags: ['a', 'b'] });
    await deliver('ada', { plan: { tier: 'free' } });
    const svc = client();
    const [newest] = (await svc.subscribers.notifications.list('ada')).data;
    await svc.subscribers.notifications.markAsRead('ada', newest?.id ?? '');
    expect((await svc.subscribers.notifications.feed('ada', { read: true })).data).toHaveLength(1);
    expect((await svc.subscribers.notifications.feed('ada', { seen: false })).data).toHaveLength(1);
    const pro = await svc.subscribers.notifications.feed('ada', {
      payload: base64({ plan: { tier: 'pro' } }),
    });
    expect(pro.data.map((item) => item.payload)).toEqual([
      { plan: { tier: 'pro' }, tags: ['a', 'b'] },
    ]);
    const tagged = await svc.subscribers.notifications.feed('ada', {
      payload: base64({ tags: 'b' }),
    });
    expect(tagged.data).toHaveLength(1);
    const feed = await svc.subscribers.notifications.feed('ada', { feedIdentifier: 'news' });
    expect(feed.data).toEqual([]);
  });

  it('answers 400 for an unknown subscriber and a payload that is not base64 JSON, 422 for a bad limit', async () => {
    const svc = client();
    const unknown = await rejection(svc.subscribers.notifications.feed('nobody'));
    expect(unknown).toBeInstanceOf(BadRequestError);
    expect((unknown as Error).message).toBe(
      'Subscriber not found for this environment with the id: nobody. Make sure to create a subscriber before fetching the feed.',
    );
    const payload = await rejection(
      svc.subscribers.notifications.feed('ada', { payload: 'invalid' }),
    );
    expect(payload).toBeInstanceOf(BadRequestError);
    expect((payload as Error).message).toBe(
      'Invalid payload, the JSON object should be encoded to base64 string.',
    );
    const limit = await rejection(svc.subscribers.notifications.feed('ada', { limit: 101 }));
    expect(limit).toBeInstanceOf(UnprocessableEntityError);
    expect((limit as UnprocessableEntityError).rawBody).toContain(
      'limit must not be greater than 100',
    );
  });
});

describe('subscribers.messages.markAll (v1)', () => {
  it('marks every in-app message, answering how many changed', async () => {
    await deliver();
    await deliver();
    await deliver('grace');
    const svc = client();
    expect(await svc.subscribers.messages.markAll('ada', { markAs: 'read' })).toBe(2);
    expect(stored().filter((message) => message.read)).toHaveLength(2);
    // Already read: nothing changes.
    expect(await svc.subscribers.messages.markAll('ada', { markAs: 'read' })).toBe(0);
    expect(await svc.subscribers.messages.markAll('ada', { markAs: 'unread' })).toBe(2);
    expect(stored().filter((message) => message.seen && !message.read)).toHaveLength(2);
    expect(await svc.subscribers.messages.markAll('ada', { markAs: 'unseen' })).toBe(2);
    expect(await svc.subscribers.messages.markAll('ada', { markAs: 'seen' })).toBe(2);
    expect(
      await svc.subscribers.messages.markAll('ada', { markAs: 'seen', feedIdentifier: 'x' }),
    ).toBe(0);
    expect(stored().find((message) => message.content === 'Hi ')?.read).toBe(false);
  });

  it('answers 404 for an unknown subscriber and another environment’s, changing nothing', async () => {
    await deliver();
    engine.operations['subscribers.create'](engine.scope('Production'), {
      body: { subscriberId: 'prod-only' },
    });
    const before = structuredClone(stored());
    for (const subscriberId of ['nobody', 'prod-only']) {
      const error = await rejection(
        client().subscribers.messages.markAll(subscriberId, { markAs: 'read' }),
      );
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as Error).message).toBe(
        `Subscriber ${subscriberId} does not exist in environment ${engine.environment('Development')._id}, please provide a valid subscriber identifier`,
      );
    }
    expect(stored()).toEqual(before);
  });
});

describe('subscribers.messages.updateAction (v1)', () => {
  it('records the clicked button, the status and the payload', async () => {
    await deliver();
    const id = stored()[0]?._id ?? '';
    const message = await client().subscribers.messages.updateAction('ada', id, 'primary', {
      status: 'done',
      payload: { accepted: true },
    });
    expect(message.cta.action).toMatchObject({
      status: 'done',
      result: { type: 'primary', payload: { accepted: true } },
    });
    const inbox = (await client().subscribers.notifications.list('ada')).data[0];
    expect(inbox?.primaryAction?.isCompleted).toBe(true);
  });

  it('answers 404 for an unknown message, 400 for another subscriber’s or an unchanged one, 422 without a status', async () => {
    await deliver();
    await deliver('grace');
    const [ada, grace] = stored().map((message) => message._id);
    const svc = client();
    await svc.subscribers.messages.updateAction('ada', ada ?? '', 'primary', { status: 'done' });
    const before = structuredClone(stored());
    const unknown = await rejection(
      svc.subscribers.messages.updateAction('ada', '64da692e9a94fb2e6449ad60', 'primary', {
        status: 'done',
      }),
    );
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as Error).message).toBe('Message 64da692e9a94fb2e6449ad60 not found');
    const foreign = await rejection(
      svc.subscribers.messages.updateAction('ada', grace ?? '', 'primary', { status: 'done' }),
    );
    expect(foreign).toBeInstanceOf(BadRequestError);
    expect((foreign as Error).message).toBe(
      `Message with the id: ${grace} was not found for this environment. Make sure to address correct message before trying to modify it.`,
    );
    const unchanged = await rejection(
      svc.subscribers.messages.updateAction('ada', ada ?? '', 'primary', { status: 'done' }),
    );
    expect(unchanged).toBeInstanceOf(BadRequestError);
    const noSubscriber = await rejection(
      svc.subscribers.messages.updateAction('nobody', ada ?? '', 'primary', { status: 'pending' }),
    );
    expect(noSubscriber).toBeInstanceOf(BadRequestError);
    expect((noSubscriber as Error).message).toContain(
      'Subscriber with the id: nobody was not found',
    );
    const response = await fetch(
      `https://api.svc.co/v1/subscribers/ada/messages/${ada}/actions/primary`,
      {
        method: 'POST',
        headers: {
          authorization: `ApiKey ${engine.environment('Development').apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ payload: {} }),
      },
    );
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain('status must be a string');
    expect(stored()).toEqual(before);
  });
});

describe('subscribers.updateOnlineStatus (v1)', () => {
  it('sets isOnline; going offline stamps lastOnlineAt', async () => {
    const svc = client();
    const offline = await svc.subscribers.updateOnlineStatus('ada', { isOnline: false });
    expect(offline).toMatchObject({
      isOnline: false,
      lastOnlineAt: new Date(engine.clock.now()).toISOString(),
    });
    engine.clock.advance(60_000);
    const online = await svc.subscribers.updateOnlineStatus('ada', { isOnline: true });
    expect(online.isOnline).toBe(true);
    expect(online.lastOnlineAt).toBe(offline.lastOnlineAt);
    expect((await svc.subscribers.retrieve('ada')).isOnline).toBe(true);
  });

  it('answers 404 for an unknown subscriber and 422 for a non-boolean, changing nothing', async () => {
    const ada = () => engine.scope('Development').data.subscribers.get('ada');
    const before = structuredClone(ada());
    const unknown = await rejection(
      client().subscribers.updateOnlineStatus('nobody', { isOnline: true }),
    );
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as Error).message).toBe('Subscriber not found');
    const response = await fetch('https://api.svc.co/v1/subscribers/ada/online-status', {
      method: 'PATCH',
      headers: {
        authorization: `ApiKey ${engine.environment('Development').apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ isOnline: 'yes' }),
    });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain('isOnline must be a boolean value');
    expect(ada()).toEqual(before);
  });
});
