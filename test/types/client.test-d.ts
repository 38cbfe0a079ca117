// Compile-time checks of parameters and results.
import {
  type ActivityNotification,
  type APIPromise,
  type CursorPage,
  createSvcCore,
  eventsTrigger,
  type Integration,
  type Message,
  type OffsetPage,
  type PageNumberPage,
  type PagePromise,
  type Subscriber,
  Svc,
  subscribersRetrieve,
  subscribersSearch,
  type TopicSubscription,
  type TriggerResponse,
  type WithResponse,
  type WorkflowListItem,
  type WorkflowSyncResponse,
} from '@svc/api';
import { describe, expectTypeOf, it } from 'vitest';

const svc = new Svc({ secretKey: 'k' });

describe('results', () => {
  it('single-resource calls resolve to the inferred schema types', () => {
    expectTypeOf(svc.subscribers.retrieve('u')).toEqualTypeOf<APIPromise<Subscriber>>();
    expectTypeOf(svc.subscribers.update('u', {})).resolves.toEqualTypeOf<Subscriber>();
    expectTypeOf(
      svc.subscribers.credentials.upsert('u', { providerId: 'fcm', credentials: {} }),
    ).resolves.toEqualTypeOf<Subscriber>();
    expectTypeOf(
      svc.subscribers.messages.markAs('u', { messageId: 'm', markAs: 'read' }),
    ).resolves.toEqualTypeOf<Message[]>();
    expectTypeOf(
      svc.integrations.create({ providerId: 'p', channel: 'email' }),
    ).resolves.toEqualTypeOf<Integration>();
    expectTypeOf(svc.integrations.list()).resolves.toEqualTypeOf<Integration[]>();
    expectTypeOf(svc.integrations.setPrimary('i')).resolves.toEqualTypeOf<Integration>();
    expectTypeOf(
      svc.workflows.sync('w', { targetEnvironmentId: 'e' }),
    ).resolves.toEqualTypeOf<WorkflowSyncResponse>();
    expectTypeOf(svc.notifications.retrieve('n')).resolves.toEqualTypeOf<ActivityNotification>();
    expectTypeOf(
      svc.events.trigger({ name: 'w', to: 'u' }),
    ).resolves.toEqualTypeOf<TriggerResponse>();
  });

  it('an APIPromise is a Promise and offers withResponse / asResponse', () => {
    expectTypeOf(svc.subscribers.retrieve('u')).toExtend<Promise<Subscriber>>();
    expectTypeOf(svc.subscribers.retrieve('u').withResponse()).resolves.toEqualTypeOf<
      WithResponse<Subscriber>
    >();
    expectTypeOf(svc.subscribers.retrieve('u').asResponse()).resolves.toEqualTypeOf<Response>();
  });

  it('list calls return page promises of the right page class and item', async () => {
    const search = svc.subscribers.search();
    expectTypeOf(search).toExtend<PagePromise<CursorPage<Subscriber, object>, Subscriber>>();
    expectTypeOf(search).toExtend<AsyncIterable<Subscriber>>();
    const page = await search;
    expectTypeOf(page.data).toEqualTypeOf<Subscriber[]>();
    expectTypeOf(page.next).toEqualTypeOf<string | null>();
    expectTypeOf(page.totalCountCapped).toEqualTypeOf<boolean>();
    expectTypeOf(page.getNextPage()).resolves.toEqualTypeOf(page);
    expectTypeOf(search.toArray({ limit: 5 })).resolves.toEqualTypeOf<Subscriber[]>();

    const subscriptions = await svc.subscribers.subscriptions.list('u');
    expectTypeOf(subscriptions.data).toEqualTypeOf<TopicSubscription[]>();

    const workflows = await svc.workflows.list();
    expectTypeOf(workflows).toExtend<OffsetPage<WorkflowListItem, object>>();
    expectTypeOf(workflows.offset).toEqualTypeOf<number>();

    const events = await svc.notifications.list();
    expectTypeOf(events).toExtend<PageNumberPage<ActivityNotification, object>>();
    expectTypeOf(events.hasMore).toEqualTypeOf<boolean>();
  });

  it('response enums are open: known values are suggested, new ones still type-check', async () => {
    const result = await svc.events.trigger({ name: 'w', to: 'u' });
    expectTypeOf<'processed'>().toExtend<typeof result.status>();
    expectTypeOf<'a_status_from_the_future'>().toExtend<typeof result.status>();
    const integration = (await svc.integrations.list())[0];
    expectTypeOf<'email'>().toExtend<NonNullable<typeof integration>['channel']>();
  });
});

describe('parameters', () => {
  it('rejects bad input at compile time', () => {
    // @ts-expect-error markAs is a closed enum on requests
    svc.subscribers.messages.markAs('u', { messageId: 'm', markAs: 'foo' });
    // @ts-expect-error name and to are required
    svc.events.trigger({ payload: {} });
    // @ts-expect-error limit is a number
    svc.subscribers.search({ limit: '10' });
    // @ts-expect-error channel is a closed enum on requests
    svc.integrations.create({ providerId: 'p', channel: 'fax' });
    // @ts-expect-error workflow status filter values are closed
    svc.workflows.list({ status: ['DRAFT'] });
    // @ts-expect-error the subscriber id is required
    svc.subscribers.retrieve();
  });

  it('closes the subscriber definition of a trigger at every depth (docs/client.md)', () => {
    // @ts-expect-error subscriberID is not subscriberId
    svc.events.trigger({ name: 'w', to: { subscriberID: 'x' } });
    // @ts-expect-error the same in the array form
    svc.events.trigger({ name: 'w', to: ['u', { subscriberID: 'x' }] });
    // @ts-expect-error emial is not a field of a subscriber definition
    svc.events.trigger({ name: 'w', to: { subscriberId: 'x', emial: 'a@b.c' } });
    // @ts-expect-error nor of the actor
    svc.events.trigger({ name: 'w', to: 'u', actor: { subscriberId: 'x', emial: 'a@b.c' } });
    svc.events.trigger({
      name: 'w',
      to: {
        subscriberId: 'x',
        // @ts-expect-error a channel's credentials are closed too
        channels: [{ providerId: 'fcm', credentials: { deviceTokenz: ['t'] } }],
      },
    });
    // @ts-expect-error a topic recipient is closed
    svc.events.trigger({ name: 'w', to: { type: 'Topic', topicKey: 't', exlude: ['u'] } });
    // @ts-expect-error and each event of a bulk trigger
    svc.events.triggerBulk({ events: [{ name: 'w', to: [{ subscriberID: 'x' }] }] });
    // A variable (no excess-property check) still needs the required subscriberId.
    const to = { subscriberID: 'x' };
    // @ts-expect-error subscriberId is missing
    svc.events.trigger({ name: 'w', to });
  });

  it('accepts the documented forms', () => {
    svc.events.trigger({
      name: 'w',
      to: [{ subscriberId: 'u', email: 'a@b.c' }, 'u2', { type: 'Topic', topicKey: 't' }],
    });
    svc.notifications.list({ channels: 'email', subscriberIds: ['a', 'b'], page: 0, limit: 50 });
    svc.subscribers.update('u', { firstName: null, data: { plan: 'pro' } });
  });

  it('per-call options', () => {
    svc.subscribers.retrieve('u', {
      timeout: 1_000,
      maxRetries: 0,
      signal: AbortSignal.timeout(5),
      headers: { a: 'b' },
    });
    svc.events.trigger({ name: 'w', to: 'u' }, { idempotencyKey: 'order-42' });
    svc.events.trigger({ name: 'w', to: 'u' }, { idempotencyKey: null });
    // @ts-expect-error unknown option
    svc.subscribers.retrieve('u', { retries: 3 });
  });

  it('client options', () => {
    new Svc({ secretKey: async () => 'k', region: 'eu', validation: 'strict', logLevel: 'debug' });
    // @ts-expect-error unknown region
    new Svc({ secretKey: 'k', region: 'ap' });
    // @ts-expect-error the secret key is required
    new Svc({});
  });

  it('standalone functions take the core first', () => {
    const core = createSvcCore({ secretKey: 'k' });
    const triggered = eventsTrigger(core, { name: 'w', to: 'u' });
    // The function's answer is the route's response schema's type: the same shape as the named one.
    expectTypeOf(triggered).resolves.toExtend<TriggerResponse>();
    expectTypeOf<TriggerResponse>().toExtend<Awaited<typeof triggered>>();
    // @ts-expect-error the body is required
    eventsTrigger(core);
    // @ts-expect-error one path parameter per `:name` of the route
    subscribersRetrieve(core);
    expectTypeOf(subscribersSearch).parameter(0).toEqualTypeOf(core);
  });
});
