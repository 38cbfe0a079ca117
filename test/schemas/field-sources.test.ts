// Response schemas the engine's answers are checked against (docs/decisions/0150): a field the
// service's published DTO lacks is in the schema only with the service code that sends it, so a
// field added to make a handler compile, without a source, fails here. Each entry lists the
// published DTO's fields (copied from the service's OpenAPI document) and, for every other field
// of the schema, where the service sends it.
import { describe, expect, it } from 'vitest';
import { Domain } from '../../src/schemas/domain';
import { Message } from '../../src/schemas/message';
import { MessageSubscriber } from '../../src/schemas/message-list';
import { Job } from '../../src/schemas/notification';
import { ScheduledDay, SubscriberPreferences, WeeklySchedule } from '../../src/schemas/preference';
import { FeedItem } from '../../src/schemas/subscriber-feed';
import { TopicSubscriptionChange, TopicSubscriptionsResult } from '../../src/schemas/topic';
import { TopicSubscriber } from '../../src/schemas/topic-subscription';

interface Def {
  _zod: {
    def: { type: string; shape?: Record<string, Def>; innerType?: Def; element?: Def };
  };
}

/** The object inside optional, nullable and list wrappers. */
function unwrapped(schema: Def): Def {
  const { def } = schema._zod;
  if (def.innerType) return unwrapped(def.innerType);
  if (def.type === 'array' && def.element) return unwrapped(def.element);
  return schema;
}

/** The object at `path` (field names) inside `schema`. */
function objectAt(schema: unknown, ...path: string[]): Def {
  let current = unwrapped(schema as Def);
  for (const key of path) {
    const field = current._zod.def.shape?.[key];
    if (field === undefined) throw new Error(`no field ${key}`);
    current = unwrapped(field);
  }
  return current;
}

const fieldsOf = (object: Def) => Object.keys(object._zod.def.shape ?? {}).sort();

/** The service's `MessageEntity` (libs/dal message.entity.ts): the stored message's fields. */
const MESSAGE_ENTITY =
  'MessageEntity (libs/dal/src/repositories/message/message.entity.ts): the service answers the stored message';

interface Checked {
  /** The schema (and the path to the object inside it). */
  object: Def;
  /** The service's published DTO and its fields. */
  published: [dto: string, fields: string[]];
  /** Every other field of the schema, and the service code that sends it. */
  beyond: Record<string, string>;
}

const CHECKED: Record<string, Checked> = {
  Message: {
    object: objectAt(Message),
    published: [
      'MessageResponseDto',
      [
        '_environmentId',
        '_feedId',
        '_id',
        '_messageTemplateId',
        '_notificationId',
        '_organizationId',
        '_subscriberId',
        '_templateId',
        'channel',
        'content',
        'contextKeys',
        'createdAt',
        'cta',
        'deliveredAt',
        'deviceTokens',
        'directWebhookUrl',
        'email',
        'errorId',
        'errorText',
        'lastReadDate',
        'lastSeenDate',
        'overrides',
        'payload',
        'phone',
        'providerId',
        'read',
        'seen',
        'snoozedUntil',
        'status',
        'subject',
        'subscriber',
        'template',
        'templateIdentifier',
        'title',
        'transactionId',
      ],
    ],
    beyond: {
      _jobId: `${MESSAGE_ENTITY} (GetMessages answers messageRepository.getMessages' entities)`,
      archived: `${MESSAGE_ENTITY} (the Inbox's archive sets it)`,
      archivedAt: `${MESSAGE_ENTITY} (the Inbox's archive sets it)`,
      avatar: `${MESSAGE_ENTITY} (an in-app step's avatar)`,
      data: `${MESSAGE_ENTITY} (an in-app step's custom data)`,
      firstSeenDate: `${MESSAGE_ENTITY} (the first mark as seen sets it)`,
    },
  },
  'ListedMessage.subscriber': {
    object: objectAt(MessageSubscriber),
    published: [
      'SubscriberResponseDto (MessageResponseDto.subscriber)',
      [
        '__v',
        '_environmentId',
        '_id',
        '_organizationId',
        'avatar',
        'channels',
        'createdAt',
        'data',
        'deleted',
        'email',
        'firstName',
        'isOnline',
        'lastName',
        'lastOnlineAt',
        'locale',
        'phone',
        'subscriberId',
        'timezone',
        'topics',
        'updatedAt',
      ],
    ],
    beyond: {},
  },
  Job: {
    object: objectAt(Job),
    published: [
      'ActivityNotificationJobResponseDto',
      [
        '_id',
        'digest',
        'executionDetails',
        'overrides',
        'payload',
        'providerId',
        'scheduleExtensionsCount',
        'status',
        'step',
        'type',
        'updatedAt',
      ],
    ],
    beyond: {},
  },
  'SubscriberPreferences.global.schedule': {
    object: objectAt(SubscriberPreferences, 'global', 'schedule'),
    published: ['ScheduleDto', ['isEnabled', 'weeklySchedule']],
    beyond: {},
  },
  WeeklySchedule: {
    object: objectAt(WeeklySchedule),
    published: [
      'WeeklyScheduleDto',
      ['friday', 'monday', 'saturday', 'sunday', 'thursday', 'tuesday', 'wednesday'],
    ],
    beyond: {},
  },
  ScheduledDay: {
    object: objectAt(ScheduledDay),
    published: ['DayScheduleDto', ['hours', 'isEnabled']],
    beyond: {},
  },
  'TopicSubscriptionChange.subscriber': {
    object: objectAt(TopicSubscriptionChange, 'subscriber'),
    published: [
      'SubscriberDto',
      ['_id', 'avatar', 'email', 'firstName', 'lastName', 'subscriberId'],
    ],
    beyond: {
      createdAt:
        "CreateTopicSubscriptionsUsecase and DeleteTopicSubscriptionsUsecase map the subscriber's createdAt",
      updatedAt:
        "CreateTopicSubscriptionsUsecase and DeleteTopicSubscriptionsUsecase map the subscriber's updatedAt",
    },
  },
  'TopicSubscriptionsResult.errors': {
    object: objectAt(TopicSubscriptionsResult, 'errors'),
    published: [
      'SubscriptionErrorDto, SubscriptionsDeleteErrorDto',
      ['code', 'message', 'subscriberId'],
    ],
    beyond: {
      identifier:
        "DeleteTopicSubscriptionsUsecase's INVALID_REQUEST errors (`identifier: sub.identifier || 'unknown'`)",
    },
  },
  TopicSubscriber: {
    object: objectAt(TopicSubscriber),
    published: [
      'TopicSubscriberDto',
      [
        '_environmentId',
        '_organizationId',
        '_subscriberId',
        '_topicId',
        'externalSubscriberId',
        'topicKey',
      ],
    ],
    beyond: {},
  },
  FeedItem: {
    object: objectAt(FeedItem),
    published: [
      'NotificationFeedItemDto',
      [
        '_environmentId',
        '_feedId',
        '_id',
        '_jobId',
        '_messageTemplateId',
        '_notificationId',
        '_organizationId',
        '_subscriberId',
        '_templateId',
        'actor',
        'archived',
        'channel',
        'content',
        'createdAt',
        'cta',
        'data',
        'deviceTokens',
        'overrides',
        'payload',
        'providerId',
        'read',
        'seen',
        'status',
        'subject',
        'subscriber',
        'tags',
        'templateIdentifier',
        'transactionId',
        'updatedAt',
      ],
    ],
    beyond: Object.fromEntries(
      [
        'archivedAt',
        'avatar',
        'contextKeys',
        'deliveredAt',
        'directWebhookUrl',
        'email',
        'errorId',
        'errorText',
        'firstSeenDate',
        'lastReadDate',
        'lastSeenDate',
        'phone',
        'snoozedUntil',
        'template',
        'title',
      ].map((field) => [
        field,
        `${MESSAGE_ENTITY}: GetNotificationsFeed spreads each of findBySubscriberChannel's messages${
          field === 'template' ? " (its workflow populated with '_id tags')" : ''
        }`,
      ]),
    ),
  },
  Domain: {
    object: objectAt(Domain),
    published: [
      'DomainResponseDto',
      [
        '_environmentId',
        '_id',
        '_organizationId',
        'createdAt',
        'data',
        'dnsProvider',
        'expectedDnsRecords',
        'mxRecordConfigured',
        'name',
        'status',
        'updatedAt',
      ],
    ],
    beyond: {},
  },
};

describe('response fields beyond the published DTOs', () => {
  for (const [name, { object, published, beyond }] of Object.entries(CHECKED)) {
    it(`${name}: each field is the published ${published[0]}'s or names where the service sends it`, () => {
      const fields = fieldsOf(object);
      expect(fields.length, 'the object was found').toBeGreaterThan(1);
      const unsourced = fields.filter(
        (field) => !published[1].includes(field) && beyond[field] === undefined,
      );
      expect(unsourced, 'fields without a source').toEqual([]);
      // The list stays exact: a source for a field the schema dropped, or one the DTO has, goes.
      expect(Object.keys(beyond).filter((field) => !fields.includes(field))).toEqual([]);
      expect(Object.keys(beyond).filter((field) => published[1].includes(field))).toEqual([]);
    });
  }
});
