// The engine's answers satisfy the client's wire types: what the engine sends, the client's
// schemas describe. The strict-validation resource tests hold the values to the schemas at run
// time too.
import type {
  ActivityNotification,
  Integration,
  ListedMessage,
  Message,
  MessageListResponse,
  NotificationListResponse,
  Subscriber,
  SubscriberPreferencesResponse,
  SubscriberSearchResponse,
  SubscriptionsListResponse,
  Topic,
  TopicListResponse,
  TriggerResponse,
  WorkflowListItem,
  WorkflowSyncResponse,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import type { IntegrationDto } from '../../mock-server/engine/resources/integrations';
import type {
  ListedMessageDto,
  MessagePage,
} from '../../mock-server/engine/resources/message-list';
import type { MessageDto } from '../../mock-server/engine/resources/messages';
import type { ActivityDto, ActivityPage } from '../../mock-server/engine/resources/notifications';
import type { SubscriberPreferencesDto } from '../../mock-server/engine/resources/preferences';
import type { SubscriberDto } from '../../mock-server/engine/resources/subscribers';
import type { TopicSubscriptionDto } from '../../mock-server/engine/resources/subscriptions';
import type { TopicDto } from '../../mock-server/engine/resources/topic-management';
import type {
  WorkflowListItemDto,
  WorkflowResponseDto,
} from '../../mock-server/engine/resources/workflows';
import type { TriggerResultDto } from '../../mock-server/engine/run/trigger';
import type { CursorPage } from '../../mock-server/engine/wire/cursor-page';

/**
 * A wire type without the index signatures of zod's loose objects, at every depth: the engine's
 * interfaces declare the known fields only, and an interface never matches an index signature.
 */
type Known<T> = T extends readonly (infer Item)[]
  ? Known<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;

/** Compiles only when `Dto` is assignable to `Wire`'s known fields. */
const satisfies =
  <Wire>() =>
  <Dto extends Known<Wire>>(_dto?: Dto): true =>
    true;

describe('engine answers satisfy the client wire types', () => {
  it('resources', () => {
    expect(satisfies<Subscriber>()<SubscriberDto>()).toBe(true);
    expect(satisfies<Integration>()<IntegrationDto>()).toBe(true);
    expect(satisfies<WorkflowListItem>()<WorkflowListItemDto>()).toBe(true);
    expect(satisfies<WorkflowSyncResponse>()<WorkflowResponseDto>()).toBe(true);
  });

  it('pages and answers', () => {
    expect(satisfies<SubscriberSearchResponse>()<CursorPage<SubscriberDto>>()).toBe(true);
    expect(satisfies<SubscriptionsListResponse>()<CursorPage<TopicSubscriptionDto>>()).toBe(true);
    expect(satisfies<TriggerResponse>()<TriggerResultDto>()).toBe(true);
  });

  it('messages, activity, topics and preferences', () => {
    expect(satisfies<Message>()<MessageDto>()).toBe(true);
    expect(satisfies<ListedMessage>()<ListedMessageDto>()).toBe(true);
    expect(satisfies<MessageListResponse>()<MessagePage>()).toBe(true);
    expect(satisfies<ActivityNotification>()<ActivityDto>()).toBe(true);
    expect(satisfies<NotificationListResponse>()<ActivityPage>()).toBe(true);
    expect(satisfies<Topic>()<TopicDto>()).toBe(true);
    expect(satisfies<TopicListResponse>()<CursorPage<TopicDto>>()).toBe(true);
    expect(satisfies<SubscriberPreferencesResponse>()<SubscriberPreferencesDto>()).toBe(true);
  });
});
