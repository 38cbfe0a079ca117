// Compile-time checks of the response types (issue 27): named interfaces declared from their
// schemas, no index signature at any depth (a typo is an error), required where the service
// always sends the field.

import type * as schemas from '@svc/api';
import type {
  ActivityNotification,
  BulkTriggerResponse,
  BulkTriggerResult,
  ChannelSettings,
  ControlsMetadata,
  ExecutionDetail,
  Integration,
  Job,
  ListedMessage,
  Message,
  MessageButton,
  MessageCTA,
  MessageListResponse,
  NotificationListResponse,
  RemoveSubscriberResponse,
  StepContentIssue,
  StepListItem,
  Subscriber,
  SubscriberPreferencesResponse,
  SubscriberSearchResponse,
  SubscriptionsListResponse,
  Topic,
  TopicListResponse,
  TopicSubscription,
  TriggerResponse,
  WorkflowListItem,
  WorkflowListResponse,
  WorkflowStepResponse,
  WorkflowSyncResponse,
} from '@svc/api';
import { Svc } from '@svc/api';
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { KnownFields, WireShape } from '../../src/schemas/common';
import type { IntegrationList } from '../../src/schemas/integration';
import type { CursorPageResponse, PageNumberResponse } from '../../src/schemas/pagination';
import type { BulkPreferencesUpdateResponse } from '../../src/schemas/preference-bulk';

const svc = new Svc({ secretKey: 'k' });

/** The named keys of `T` (its index signatures left out). */
type Named<T> = keyof {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: 0;
};
type Depth = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Whether `T` or anything inside it (8 levels deep) has a string index signature beside named
 * fields, as a zod loose object has; a record alone (`data`, `payload`) is free-form by design.
 */
type HasIndex<T, D extends number = 8> = [D] extends [never]
  ? false
  : T extends string | number | boolean | null | undefined
    ? false
    : T extends readonly (infer Item)[]
      ? HasIndex<Item, Depth[D]>
      : string extends keyof T
        ? [Named<T>] extends [never]
          ? false
          : true
        : true extends { [K in Named<T>]-?: HasIndex<T[K], Depth[D]> }[Named<T>]
          ? true
          : false;

describe('response types promise only the fields their schemas name', () => {
  it('reject a mistyped field at every depth', async () => {
    const subscriber = await svc.subscribers.retrieve('u');
    // @ts-expect-error emial is not email
    void subscriber.emial;
    // @ts-expect-error nor inside a channel
    void subscriber.channels?.[0]?.providerID;
    const answer = await svc.events.trigger({ name: 'w', to: 'u' });
    // @ts-expect-error transactionID is not transactionId
    void answer.transactionID;
    const page = await svc.subscribers.search();
    // @ts-expect-error nor in a page item
    void page.data[0]?.subscriberID;
    const topic = await svc.topics.retrieve('t');
    // @ts-expect-error nor on a topic
    void topic.keys;
    const notification = await svc.notifications.retrieve('n');
    // @ts-expect-error nor in a job of the activity feed
    void notification.jobs?.[0]?.stepId;
  });

  it('have no index signature at any depth (free-form records such as data and payload aside)', () => {
    expectTypeOf<HasIndex<Subscriber>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<TriggerResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<BulkTriggerResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<Integration>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<Message>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<MessageListResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<ActivityNotification>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<NotificationListResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<SubscriberPreferencesResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<Topic>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<TopicSubscription>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<WorkflowListResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<WorkflowSyncResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<RemoveSubscriberResponse>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<BulkPreferencesUpdateResponse>>().toEqualTypeOf<false>();
    // The check itself: a loose object has one, a record alone does not.
    expectTypeOf<HasIndex<{ a: string; [key: string]: unknown }>>().toEqualTypeOf<true>();
    expectTypeOf<HasIndex<{ data: Record<string, unknown> }>>().toEqualTypeOf<false>();
    expectTypeOf<HasIndex<z.output<typeof schemas.Subscriber>>>().toEqualTypeOf<true>();
  });

  it('are what the schemas parse, without the index signatures (the schema is the one declaration)', () => {
    expectTypeOf<Subscriber>().toEqualTypeOf<WireShape<typeof schemas.Subscriber>>();
    expectTypeOf<TriggerResponse>().toEqualTypeOf<WireShape<typeof schemas.TriggerResponse>>();
    expectTypeOf<BulkTriggerResponse>().toEqualTypeOf<
      WireShape<typeof schemas.BulkTriggerResponse>
    >();
    expectTypeOf<ListedMessage>().toEqualTypeOf<WireShape<typeof schemas.ListedMessage>>();
    // The page types are named from their item types; they still equal their schemas.
    expectTypeOf<SubscriberSearchResponse>().toEqualTypeOf<
      WireShape<typeof schemas.SubscriberSearchResponse>
    >();
    expectTypeOf<SubscriptionsListResponse>().toEqualTypeOf<
      WireShape<typeof schemas.SubscriptionsListResponse>
    >();
    expectTypeOf<TopicListResponse>().toEqualTypeOf<WireShape<typeof schemas.TopicListResponse>>();
    expectTypeOf<NotificationListResponse>().toEqualTypeOf<
      WireShape<typeof schemas.NotificationListResponse>
    >();
    expectTypeOf<schemas.StepMetadata>().toEqualTypeOf<WireShape<typeof schemas.StepMetadata>>();
    expectTypeOf<IntegrationList>().toEqualTypeOf<WireShape<typeof IntegrationList>>();
    expectTypeOf<SubscriberSearchResponse>().toEqualTypeOf<CursorPageResponse<Subscriber>>();
    expectTypeOf<NotificationListResponse>().toEqualTypeOf<
      PageNumberResponse<ActivityNotification>
    >();
    expectTypeOf<WorkflowListItem>().toEqualTypeOf<KnownFields<WorkflowListItem>>();
  });

  it('keep free-form records and open enums as they are', () => {
    expectTypeOf<Subscriber['data']>().toEqualTypeOf<Record<string, unknown> | null | undefined>();
    expectTypeOf<'processed'>().toExtend<TriggerResponse['status']>();
    expectTypeOf<'a_status_from_the_future'>().toExtend<TriggerResponse['status']>();
  });
});

describe('the wire types nested in a response are exported by name', () => {
  it('are the types of the fields that hold them', () => {
    expectTypeOf<NonNullable<Subscriber['channels']>>().toEqualTypeOf<ChannelSettings[]>();
    expectTypeOf<Message['cta']>().toEqualTypeOf<MessageCTA>();
    expectTypeOf<NonNullable<NonNullable<MessageCTA['action']>['buttons']>>().toEqualTypeOf<
      MessageButton[]
    >();
    expectTypeOf<NonNullable<ActivityNotification['jobs']>>().toEqualTypeOf<Job[]>();
    expectTypeOf<Job['executionDetails']>().toEqualTypeOf<ExecutionDetail[]>();
    expectTypeOf<WorkflowListItem['steps']>().toEqualTypeOf<StepListItem[]>();
    expectTypeOf<WorkflowStepResponse['controls']>().toEqualTypeOf<ControlsMetadata>();
    expectTypeOf<
      NonNullable<NonNullable<StepListItem['issues']>['controls']>[string]
    >().toEqualTypeOf<StepContentIssue[]>();
  });

  it('reject a typo like the top-level types', () => {
    const channel = {} as ChannelSettings;
    // @ts-expect-error `providerID` is not a field (it is `providerId`)
    channel.providerID;
    const button = {} as MessageButton;
    // @ts-expect-error `label` is not a field of a message button (it is `content`)
    button.label;
    const step = {} as StepListItem;
    // @ts-expect-error inside a record's values too: `mesage` is not a field of an issue
    step.issues?.controls?.body?.[0]?.mesage;
  });
});

describe('fields the service always sends are required', () => {
  it('a trigger answer always carries its transactionId (and its dashboard link when processed)', async () => {
    const { transactionId, activityFeedLink } = await svc.events.trigger({ name: 'w', to: 'u' });
    expectTypeOf(transactionId).toEqualTypeOf<string>();
    expectTypeOf(activityFeedLink).toEqualTypeOf<string | undefined>();
    const broadcast = await svc.events.broadcast({ name: 'w', payload: {} });
    expectTypeOf(broadcast.transactionId).toEqualTypeOf<string>();
    // so it goes straight into a call that needs one, no `?? ''`
    expectTypeOf(svc.events.cancel).toBeCallableWith(transactionId);
  });

  it('a bulk answer may lack it: an event that failed has none', async () => {
    const [first] = await svc.events.triggerBulk({ events: [{ name: 'w', to: 'u' }] });
    expectTypeOf(first).toEqualTypeOf<BulkTriggerResult | undefined>();
    expectTypeOf<BulkTriggerResult['transactionId']>().toEqualTypeOf<string | undefined>();
  });

  it('an entity has its identifiers and timestamps', () => {
    expectTypeOf<Subscriber['subscriberId']>().toEqualTypeOf<string>();
    expectTypeOf<Subscriber['createdAt']>().toEqualTypeOf<string>();
    expectTypeOf<Message['transactionId']>().toEqualTypeOf<string>();
    expectTypeOf<Topic['key']>().toEqualTypeOf<string>();
  });
});
