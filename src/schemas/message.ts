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
  /** `button` or `text`. */
  type: openEnum(['button', 'text']),
  /** The block's text (a button's label). */
  content: z.string(),
  /** The link of a button block. */
  url: z.optional(z.string()),
  /** How the block is styled. */
  styles: z.optional(
    z.looseObject({
      /** The text alignment. */
      textAlign: openEnum(['center', 'left', 'right']),
    }),
  ),
});
/** A block of an email message's content, when the service sends blocks (`Message.content`). */
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
/** A button of an in-app message (`Message.cta.action.buttons`). */
export interface MessageButton extends WireShape<typeof MessageButton> {}

/** The action state of an in-app message (buttons and the clicked result). */
export const MessageAction = z.looseObject({
  /** `done` once a button was clicked, else `pending`. */
  status: z.optional(openEnum(['pending', 'done'])),
  /** The message's buttons (primary and secondary). */
  buttons: z.optional(z.array(MessageButton)),
  /** Which button was clicked, once one was. */
  result: z.optional(
    z.looseObject({
      /** The payload sent with the click. */
      payload: z.optional(JsonObject),
      /** The clicked button: `primary` or `secondary`. */
      type: z.optional(openEnum(BUTTON_TYPES)),
    }),
  ),
});
/** The buttons of an in-app message and which one was clicked (`Message.cta.action`). */
export interface MessageAction extends WireShape<typeof MessageAction> {}

/** The call to action of a message. */
export const MessageCTA = z.looseObject({
  /** `redirect`: clicking the message opens `data.url`. */
  type: z.optional(openEnum(['redirect'])),
  /** Where the message leads. */
  data: z.optional(
    z.looseObject({
      /** The URL the message opens. */
      url: z.optional(z.string()),
    }),
  ),
  /** The message's buttons and which one was clicked. */
  action: z.optional(MessageAction),
});
/** The call to action of a message: redirect data and buttons (`Message.cta`). */
export interface MessageCTA extends WireShape<typeof MessageCTA> {}

/** The workflow as embedded in a message (`Message.template`, legacy shape). */
export const MessageWorkflow = z.looseObject({
  /** The workflow's internal id. */
  _id: z.optional(z.string()),
  /** The workflow's name. */
  name: z.string(),
  /** The workflow's description. */
  description: z.string(),
  /** Whether the workflow is active. */
  active: z.boolean(),
  /** Whether the workflow is a draft. */
  draft: z.boolean(),
  /** The workflow's default channel preferences (each channel on or off). */
  preferenceSettings: z.looseObject({
    /** Email on by default. */
    email: z.optional(z.boolean()),
    /** SMS on by default. */
    sms: z.optional(z.boolean()),
    /** In-app on by default. */
    in_app: z.optional(z.boolean()),
    /** Chat on by default. */
    chat: z.optional(z.boolean()),
    /** Push on by default. */
    push: z.optional(z.boolean()),
  }),
  /** Whether the workflow is critical (subscribers cannot turn it off). */
  critical: z.boolean(),
  /** The workflow's tags. */
  tags: z.array(z.string()),
  /** The workflow's steps. */
  steps: z.array(NotificationStep),
  /** The organization's `_id`. */
  _organizationId: z.string(),
  /** The `_id` of the user who created the workflow. */
  _creatorId: z.string(),
  /** The environment's `_id`. */
  _environmentId: z.string(),
  /** The workflow's event triggers (its trigger identifier). */
  triggers: z.array(NotificationTrigger),
  /** The `_id` of the workflow's notification group. */
  _notificationGroupId: z.string(),
  /** The `_id` of the same workflow in the environment it was promoted from, if any. */
  _parentId: z.optional(z.string()),
  /** Whether the workflow was deleted. */
  deleted: z.boolean(),
  /** When the workflow was deleted. */
  deletedAt: z.string(),
  /** Who deleted the workflow. */
  deletedBy: z.string(),
  /** The workflow's notification group. */
  notificationGroup: z.optional(
    z.looseObject({
      /** The group's internal id. */
      _id: z.optional(z.string()),
      /** The group's name. */
      name: z.string(),
      /** The environment's `_id`. */
      _environmentId: z.string(),
      /** The organization's `_id`. */
      _organizationId: z.string(),
      /** The `_id` of the same group in the environment it was promoted from, if any. */
      _parentId: z.optional(z.string()),
    }),
  ),
  /** Custom data of the workflow. */
  data: z.optional(JsonObject),
  /** Which of the workflow's channels have an active integration. */
  workflowIntegrationStatus: z.optional(JsonObject),
});
/** The workflow a message was sent by, as embedded in the message (`Message.template`). */
export interface MessageWorkflow extends WireShape<typeof MessageWorkflow> {}

/** A message delivered to a subscriber on one channel. */
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
  lastReadDate: z.optional(z.nullable(Timestamp)),
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
  /** The step's custom data (in-app). */
  data: z.optional(JsonObject),
  /** The in-app avatar URL. */
  avatar: z.optional(z.string()),
  /** The job (one step run) that sent it. */
  _jobId: z.optional(z.string()),
});
export interface Message extends WireShape<typeof Message> {}

/** Values of `markAs` in the mark-as request. */
export const MARK_AS_VALUES = ['read', 'seen', 'unread', 'unseen'] as const;
/** A mark-as value. */
export type MarkAsValue = (typeof MARK_AS_VALUES)[number];

/** Body of `POST /v1/subscribers/{subscriberId}/messages/mark-as`. */
export const MarkAsBody = z.object({
  messageId: z.union([z.string(), z.array(z.string()).check(z.minLength(1))]),
  markAs: z.enum(MARK_AS_VALUES),
});
export type MarkAsBody = z.infer<typeof MarkAsBody>;

/** The answer of `POST /v1/subscribers/{subscriberId}/messages/mark-as`: the updated messages. */
export const MessageList = z.array(Message);
export type MessageList = Message[];
