import * as z from 'zod/mini';
import { CHANNEL_TYPES, JsonObject, openEnum, Timestamp, type WireShape } from './common';
import { Subscriber } from './subscriber';
import { NotificationStep, NotificationTrigger } from './workflow';

const BUTTON_TYPES = ['primary', 'secondary'] as const;

/** Delivery statuses of a message. */
export const MESSAGE_STATUSES = ['sent', 'error', 'warning'] as const;
/** A message delivery status. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A block of email/in-app content. */
export const EmailBlock = z.looseObject({
  type: openEnum(['button', 'text']),
  content: z.string(),
  url: z.optional(z.string()),
  styles: z.optional(
    z.looseObject({
      textAlign: openEnum(['center', 'left', 'right']),
    }),
  ),
});
/**
 * A block of an email message's content, when the service sends blocks (`Message.content`).
 *
 * @example
 * ```ts
 * const textOf = (blocks: EmailBlock[]) => blocks.map((block) => block.content).join('\n');
 * ```
 */
export interface EmailBlock extends WireShape<typeof EmailBlock> {}

/** A button of an in-app message action. */
export const MessageButton = z.looseObject({
  /** `primary` or `secondary`. */
  type: openEnum(BUTTON_TYPES),
  /** The button's label. */
  content: z.string(),
  /** What the button shows once clicked. */
  resultContent: z.optional(z.string()),
  /** Where the button leads (its action's redirect URL). */
  url: z.optional(z.string()),
  /** The redirect's target (`_self`, `_blank`, ...). */
  target: z.optional(z.string()),
});
/**
 * A button of an in-app message (`Message.cta.action.buttons`).
 *
 * @example
 * ```ts
 * const labels = (buttons: MessageButton[]) => buttons.map((button) => `${button.type}: ${button.content}`);
 * ```
 */
export interface MessageButton extends WireShape<typeof MessageButton> {}

/** The action state of an in-app message (buttons and the clicked result). */
export const MessageAction = z.looseObject({
  status: z.optional(openEnum(['pending', 'done'])),
  buttons: z.optional(z.array(MessageButton)),
  result: z.optional(
    z.looseObject({
      payload: z.optional(JsonObject),
      type: z.optional(openEnum(BUTTON_TYPES)),
    }),
  ),
});
/**
 * The buttons of an in-app message and which one was clicked (`Message.cta.action`).
 *
 * @example
 * ```ts
 * const clicked = (action: MessageAction) => action.status === 'done' ? action.result?.type : undefined;
 * ```
 */
export interface MessageAction extends WireShape<typeof MessageAction> {}

/** The call to action of a message. */
export const MessageCTA = z.looseObject({
  type: z.optional(openEnum(['redirect'])),
  data: z.optional(z.looseObject({ url: z.optional(z.string()) })),
  action: z.optional(MessageAction),
});
/**
 * The call to action of a message: redirect data and buttons (`Message.cta`).
 *
 * @example
 * ```ts
 * const { data } = await svc.messages.list({ subscriberId: 'user-1' });
 * const ctas: MessageCTA[] = data.map((message) => message.cta);
 * ```
 */
export interface MessageCTA extends WireShape<typeof MessageCTA> {}

/** The workflow as embedded in a message (`Message.template`, legacy shape). */
export const MessageWorkflow = z.looseObject({
  _id: z.optional(z.string()),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  draft: z.boolean(),
  preferenceSettings: z.looseObject({
    email: z.optional(z.boolean()),
    sms: z.optional(z.boolean()),
    in_app: z.optional(z.boolean()),
    chat: z.optional(z.boolean()),
    push: z.optional(z.boolean()),
  }),
  critical: z.boolean(),
  tags: z.array(z.string()),
  steps: z.array(NotificationStep),
  _organizationId: z.string(),
  _creatorId: z.string(),
  _environmentId: z.string(),
  triggers: z.array(NotificationTrigger),
  _notificationGroupId: z.string(),
  _parentId: z.optional(z.string()),
  deleted: z.boolean(),
  deletedAt: z.string(),
  deletedBy: z.string(),
  notificationGroup: z.optional(
    z.looseObject({
      _id: z.optional(z.string()),
      name: z.string(),
      _environmentId: z.string(),
      _organizationId: z.string(),
      _parentId: z.optional(z.string()),
    }),
  ),
  data: z.optional(JsonObject),
  workflowIntegrationStatus: z.optional(JsonObject),
});
/**
 * The workflow a message was sent by, as embedded in the message (`Message.template`).
 *
 * @example
 * ```ts
 * const workflowName = (workflow: MessageWorkflow) => workflow.name;
 * ```
 */
export interface MessageWorkflow extends WireShape<typeof MessageWorkflow> {}

/**
 * A message delivered to a subscriber on one channel.
 *
 * @example
 * ```ts
 * Message.parse({
 *   _id: '64da692e9a94fb2e6449ad60',
 *   _environmentId: '64da692e9a94fb2e6449ad01',
 *   _organizationId: '64da692e9a94fb2e6449ad00',
 *   _notificationId: '64da692e9a94fb2e6449ad61',
 *   _subscriberId: '64da692e9a94fb2e6449ad07',
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   transactionId: 'b7c4a2e0-8f1d-4c2a-9a51-0d2f3c4b5a69',
 *   channel: 'in_app',
 *   content: 'Welcome aboard!',
 *   read: false,
 *   seen: false,
 *   cta: {},
 *   status: 'sent',
 * });
 * ```
 */
export const Message = z.looseObject({
  /** The message's id: what mark-as, delete and the outbox name it by. */
  _id: z.optional(z.string()),
  /** The workflow's internal id. */
  _templateId: z.optional(z.nullable(z.string())),
  /** The environment's `_id`. */
  _environmentId: z.string(),
  /** The step template's internal id. */
  _messageTemplateId: z.optional(z.nullable(z.string())),
  /** The organization's `_id`. */
  _organizationId: z.string(),
  /** The notification (one run for one subscriber) it belongs to. */
  _notificationId: z.string(),
  /** The subscriber's internal `_id` (not the `subscriberId`). */
  _subscriberId: z.string(),
  /** The recipient, when the service includes it. */
  subscriber: z.optional(Subscriber),
  /** The workflow, in short. */
  template: z.optional(MessageWorkflow),
  /** The workflow's id (`workflowId`). */
  templateIdentifier: z.optional(z.string()),
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** When it was delivered, once per delivery. */
  deliveredAt: z.optional(z.array(Timestamp)),
  /** When it was last marked seen. */
  lastSeenDate: z.optional(Timestamp),
  /** When it was last marked read. */
  lastReadDate: z.optional(Timestamp),
  /** Email blocks or text; `null` is tolerated as the reference service documents it. */
  content: z.optional(z.nullable(z.union([z.array(EmailBlock), z.string()]))),
  /** The transaction of the trigger that sent it. */
  transactionId: z.string(),
  /** Subject (email) or title of an in-app message. */
  subject: z.optional(z.string()),
  /** `in_app`, `email`, `sms`, `chat` or `push`. */
  channel: openEnum(CHANNEL_TYPES),
  /** Whether the subscriber read it (in-app). */
  read: z.boolean(),
  /** Whether the subscriber saw it (in-app). */
  seen: z.boolean(),
  /** Archived from the Inbox (or its bulk actions). */
  archived: z.optional(z.boolean()),
  /** When it was archived; `null` once unarchived. */
  archivedAt: z.optional(z.nullable(Timestamp)),
  /** Until when it is snoozed (in-app). */
  snoozedUntil: z.optional(Timestamp),
  /** The first time the subscriber saw it. */
  firstSeenDate: z.optional(Timestamp),
  /** The address an email went to. */
  email: z.optional(z.string()),
  /** The number an SMS went to. */
  phone: z.optional(z.string()),
  /** The webhook a chat message went to. */
  directWebhookUrl: z.optional(z.string()),
  /** The provider that sent it (`sendgrid`, `twilio`, ...). */
  providerId: z.optional(z.string()),
  /** The device tokens a push went to. */
  deviceTokens: z.optional(z.array(z.string())),
  /** Title of a push message. */
  title: z.optional(z.string()),
  /** The in-app call to action: redirect and buttons. */
  cta: MessageCTA,
  /** The feed of an in-app message, if any. */
  _feedId: z.optional(z.nullable(z.string())),
  /** `sent`, or `warning` / `error` when it was not delivered (see `errorText`). */
  status: openEnum(MESSAGE_STATUSES),
  /** Why it was not delivered, as an id. */
  errorId: z.optional(z.string()),
  /** Why it was not delivered, in words. */
  errorText: z.optional(z.string()),
  /** The trigger's payload. */
  payload: z.optional(JsonObject),
  /** The trigger's overrides the step used. */
  overrides: z.optional(JsonObject),
  /** The trigger's context (`type:id` keys) the message was sent in. */
  contextKeys: z.optional(z.array(z.string())),
});
export interface Message extends WireShape<typeof Message> {}

/** Values of `markAs` in the mark-as request. */
export const MARK_AS_VALUES = ['read', 'seen', 'unread', 'unseen'] as const;
/**
 * A mark-as value.
 *
 * @example
 * ```ts
 * const markAs: MarkAsValue = 'read';
 * await svc.subscribers.messages.markAs('user-1', { messageId: messageIds, markAs });
 * ```
 */
export type MarkAsValue = (typeof MARK_AS_VALUES)[number];

/**
 * Body of `POST /v1/subscribers/{subscriberId}/messages/mark-as`.
 *
 * @example
 * ```ts
 * MarkAsBody.parse({ messageId: ['64da692e9a94fb2e6449ad60'], markAs: 'read' });
 * ```
 */
export const MarkAsBody = z.object({
  messageId: z.union([z.string(), z.array(z.string()).check(z.minLength(1))]),
  markAs: z.enum(MARK_AS_VALUES),
});
export type MarkAsBody = z.infer<typeof MarkAsBody>;

/** The answer of `POST /v1/subscribers/{subscriberId}/messages/mark-as`: the updated messages. */
export const MessageList = z.array(Message);
export type MessageList = Message[];
