// The model the engine is compared with: per environment, the integrations' primary flags, the
// subscribers' profile fields and device tokens, the messages' read/seen flags, the workflows
// present (their channel and whether they are active), the notifications of each transactionId,
// the topic's members and the channels each subscriber turned off. Small on purpose: only what the
// rules under test decide.
import type { Svc } from '@svc/api';
import type { MockEngine } from '@svc/api/mock';

/** The environments the model runs over: two of one organization, one of another. */
export const ENVIRONMENTS = ['A-dev', 'A-prod', 'B-dev'] as const;
export type EnvironmentLabel = (typeof ENVIRONMENTS)[number];

export const SUBSCRIBER_IDS = [
  'ada',
  'grace',
  'linus',
  'alan',
  'barbara',
  'edsger',
  'margaret',
] as const;
export const PRIMARY_CHANNELS = ['email', 'sms'] as const;
/** The topic seeded in every environment, and its subscribers. */
export const TOPIC = { key: 'team', subscribers: ['ada', 'grace', 'linus'] } as const;

export interface ModelIntegration {
  id: string;
  channel: string;
  active: boolean;
  primary: boolean;
}

export interface ModelSubscriber {
  firstName: string | null;
  /** `undefined` while never set: setting `null` on it is still a change. */
  email?: string | null | undefined;
  data?: Record<string, unknown> | null | undefined;
  fcmTokens: string[] | undefined;
}

export interface ModelMessage {
  id: string;
  subscriberId: string;
  read: boolean;
  seen: boolean;
}

/** A workflow of the model: the one channel its single step delivers on, and whether it runs. */
export interface ModelWorkflow {
  channel: 'in_app' | 'email';
  active: boolean;
}

/** The notifications of one processed trigger. */
export interface ModelTransaction {
  notifications: number;
  recipients: Set<string>;
}

export interface ModelEnvironment {
  organization: 'A' | 'B';
  organizationId: string;
  id: string;
  integrations: ModelIntegration[];
  subscribers: Map<string, ModelSubscriber>;
  messages: ModelMessage[];
  workflows: Map<string, ModelWorkflow>;
  /**
   * Per transactionId of every processed trigger: how many notifications it made (one per
   * recipient) and the recipients still there (a deleted subscriber's notifications stay, without
   * the subscriber: docs/behaviour/subscribers.md#delete).
   */
  transactions: Map<string, ModelTransaction>;
  /** The subscribers of {@link TOPIC}'s key. */
  topicMembers: Set<string>;
  /** Channels each subscriber turned off globally. */
  muted: Map<string, Set<string>>;
}

export type Model = Record<EnvironmentLabel, ModelEnvironment>;

/** The system under test: the engine and one strict client per environment. */
export interface Real {
  engine: MockEngine;
  clients: Record<EnvironmentLabel, Svc>;
}

/** The mark-as table of docs/behaviour/messages.md#mark-as. */
export function applyMarkAs(
  message: ModelMessage,
  markAs: 'read' | 'seen' | 'unread' | 'unseen',
): void {
  if (markAs === 'read') Object.assign(message, { read: true, seen: true });
  if (markAs === 'unread') Object.assign(message, { read: false, seen: true });
  if (markAs === 'seen') message.seen = true;
  if (markAs === 'unseen') message.seen = false;
}
