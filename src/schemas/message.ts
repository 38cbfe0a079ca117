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
export interface MessageAction extends WireShape<typeof MessageAction> {}

/** The call to action of a message. */
export const MessageCTA = z.looseObject({
  type: z.optional(openEnum(['redirect'])),
  data: z.optional(z.looseObject({ url: z.optional(z.string()) })),
  action: z.optional(MessageAction),
});
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
  _id: z.optional(z.string()),
  _templateId: z.optional(z.nullable(z.string())),
  _environmentId: z.string(),
  _messageTemplateId: z.optional(z.nullable(z.string())),
  _organizationId: z.string(),
  _notificationId: z.string(),
  _subscriberId: z.string(),
  subscriber: z.optional(Subscriber),
  template: z.optional(MessageWorkflow),
  templateIdentifier: z.optional(z.string()),
  createdAt: Timestamp,
  deliveredAt: z.optional(z.array(Timestamp)),
  lastSeenDate: z.optional(Timestamp),
  lastReadDate: z.optional(Timestamp),
  /** Email blocks or text; `null` is tolerated as the reference service documents it. */
  content: z.optional(z.nullable(z.union([z.array(EmailBlock), z.string()]))),
  transactionId: z.string(),
  subject: z.optional(z.string()),
  channel: openEnum(CHANNEL_TYPES),
  read: z.boolean(),
  seen: z.boolean(),
  snoozedUntil: z.optional(Timestamp),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  directWebhookUrl: z.optional(z.string()),
  providerId: z.optional(z.string()),
  deviceTokens: z.optional(z.array(z.string())),
  title: z.optional(z.string()),
  cta: MessageCTA,
  _feedId: z.optional(z.nullable(z.string())),
  status: openEnum(MESSAGE_STATUSES),
  errorId: z.optional(z.string()),
  errorText: z.optional(z.string()),
  payload: z.optional(JsonObject),
  overrides: z.optional(JsonObject),
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
