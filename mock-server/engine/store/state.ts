/**
 * The engine's whole state as plain data: one object, so snapshot, restore and reset are a
 * structured clone.
 *
 * @module
 */

import type { DigestMetadata } from '../../../src/schemas/notification';
import type { IntegrationCondition, StepFilter } from '../../../src/schemas/step-filter';
import type {
  Severity,
  StepMetadata,
  WorkflowOrigin,
  WorkflowStatus,
} from '../../../src/schemas/workflow';
import type { StoredOutboxItem } from './outbox-entry';

/**
 * An organization: owns environments.
 *
 * @example
 * ```ts
 * const { organization, environments } = engine.createOrganization({ name: 'Acme' });
 * console.log(organization._id, environments.map((environment) => environment.name));
 * ```
 */
export interface OrganizationRecord {
  _id: string;
  name: string;
  createdAt: string;
}

/**
 * An environment: selected by its API key; owns subscribers, workflows, integrations, ...
 *
 * @example
 * ```ts
 * const development: EnvironmentRecord = engine.environment('Development');
 * new Svc({ secretKey: development.apiKey });
 * ```
 */
export interface EnvironmentRecord {
  _id: string;
  _organizationId: string;
  name: string;
  identifier: string;
  apiKey: string;
  /** The bridge URL of the environment's code-first workflows, set by `POST /v1/bridge/sync`. */
  bridgeUrl?: string;
  /** Hex color of a custom environment (`POST /v1/environments`). */
  color?: string;
  /** The parent environment's `_id` (`parentId` of a create or update). */
  _parentId?: string;
  createdAt: string;
}

/** A subscriber channel entry as stored. */
export interface StoredChannel {
  providerId: string;
  _integrationId: string;
  integrationIdentifier?: string;
  credentials: {
    webhookUrl?: string;
    channel?: string;
    deviceTokens?: string[];
  };
}

/**
 * A subscriber as stored (the service's entity, undefined fields absent).
 *
 * @example
 * ```ts
 * const record: SubscriberRecord | undefined = context.data.subscribers.get('user-1');
 * ```
 */
export interface SubscriberRecord {
  _id: string;
  _organizationId: string;
  _environmentId: string;
  subscriberId: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  locale?: string | null;
  timezone?: string | null;
  data?: Record<string, unknown> | null;
  channels: StoredChannel[];
  topics: string[];
  isOnline?: boolean | null;
  lastOnlineAt?: string | null;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

/** The subscriber's profile strings, as a PATCH or a trigger's subscriber definition sets them. */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'avatar',
  'locale',
  'timezone',
] as const;

/** A topic of an environment. */
export interface TopicRecord {
  _id: string;
  key: string;
  name?: string;
  /** Custom data: flat scalars (docs/behaviour/topics.md#custom-data). */
  data?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** A subscriber's subscription to a topic. */
export interface SubscriptionRecord {
  _id: string;
  identifier: string;
  _topicId: string;
  topicKey: string;
  /** The subscriber's internal `_id`. */
  _subscriberId: string;
  contextKeys: string[];
  /** The subscription's name, set by a create entry or `PATCH .../subscriptions/{identifier}`. */
  name?: string;
  /**
   * The subscription's own preferences, one per workflow (docs/behaviour/topics.md#subscription-preferences);
   * absent when none were given. They go with the subscription.
   */
  preferences?: SubscriptionPreferenceRecord[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A topic subscription's preference for one workflow: whether a trigger of that workflow to the
 * topic reaches the subscription.
 *
 * @example
 * ```ts
 * const preference: SubscriptionPreferenceRecord = { _templateId: workflow._id, enabled: true, condition: { '==': [{ var: 'payload.tier' }, 'pro'] } };
 * ```
 */
export interface SubscriptionPreferenceRecord {
  /** The workflow's `_id`. */
  _templateId: string;
  enabled: boolean;
  /** A JSON Logic rule over `{ payload }`; when present it decides instead of `enabled`. */
  condition?: Record<string, unknown>;
}

/**
 * A channel on/off map of a preference level (absent channels are not set at that level).
 *
 * @example
 * ```ts
 * const channels: PreferenceChannelsRecord = { email: false };
 * ```
 */
export type PreferenceChannelsRecord = Partial<
  Record<'in_app' | 'email' | 'sms' | 'chat' | 'push', boolean>
>;

/**
 * A subscriber's delivery schedule, as the preferences PATCH stores it.
 *
 * @example
 * ```ts
 * const schedule: PreferenceScheduleRecord = { isEnabled: true, weeklySchedule: { monday: { isEnabled: true } } };
 * ```
 */
export interface PreferenceScheduleRecord {
  isEnabled: boolean;
  weeklySchedule?: Record<
    string,
    { isEnabled: boolean; hours?: { start: string; end: string }[] } | undefined
  >;
}

/**
 * A subscriber's preference at one level: global (`_templateId` null) or one workflow
 * (docs/behaviour/subscribers.md#preferences).
 *
 * @example
 * ```ts
 * const global: SubscriberPreferenceRecord | undefined = context.data.preferences.get(subscriber._id);
 * ```
 */
export interface SubscriberPreferenceRecord {
  _id: string;
  /** The subscriber's internal `_id`. */
  _subscriberId: string;
  /** The workflow's internal `_id`; `null` for the global preference. */
  _templateId: string | null;
  channels: PreferenceChannelsRecord;
  schedule?: PreferenceScheduleRecord;
  /** The context it holds for (`type:id` keys); absent for the default one. */
  contextKeys?: string[];
  createdAt: string;
  updatedAt: string;
}

/** An integration as stored (the spec's Integration plus `priority`). */
export interface IntegrationRecord {
  _id: string;
  _environmentId: string;
  _organizationId: string;
  name: string;
  identifier: string;
  providerId: string;
  channel: 'in_app' | 'email' | 'sms' | 'chat' | 'push';
  credentials: Record<string, unknown>;
  configurations: Record<string, unknown>;
  active: boolean;
  deleted: boolean;
  primary: boolean;
  priority: number;
  conditions: IntegrationCondition[];
  createdAt: string;
  updatedAt: string;
}

/** A step of a stored workflow. */
export interface WorkflowStepRecord {
  _id: string;
  stepId: string;
  name: string;
  type: 'in_app' | 'email' | 'sms' | 'chat' | 'push' | 'digest' | 'delay' | 'throttle' | 'custom';
  active: boolean;
  controlValues: Record<string, unknown>;
  filters: StepFilter[];
  metadata?: StepMetadata;
  shouldStopOnFail: boolean;
  /** A code-first step's schemas, as its bridge's discover declared them (bridge/sync.ts). */
  bridge?: {
    controlSchema: Record<string, unknown> | null;
    outputSchema: Record<string, unknown> | null;
  };
}

/** A workflow as stored. */
export interface WorkflowRecord {
  _id: string;
  _environmentId: string;
  _organizationId: string;
  workflowId: string;
  name: string;
  description?: string;
  tags: string[];
  active: boolean;
  /** The stored status; the reported one becomes `ERROR` while the workflow has issues. */
  status: WorkflowStatus;
  origin: WorkflowOrigin;
  steps: WorkflowStepRecord[];
  payloadSchema: Record<string, unknown> | null;
  validatePayload: boolean;
  severity: Severity;
  critical: boolean;
  isTranslationEnabled: boolean;
  preferences: Record<string, unknown>;
  lastTriggeredAt: string | null;
  lastPublishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A message (in-app or another channel) as stored. */
export interface MessageRecord {
  _id: string;
  /** The workflow that sent it (a seeded message's names none the engine keeps). */
  _templateId: string;
  _environmentId: string;
  /** The step that sent it (a seeded message's names none the engine keeps). */
  _messageTemplateId: string;
  _organizationId: string;
  _notificationId: string;
  /** The subscriber's internal `_id`. */
  _subscriberId: string;
  _feedId: string | null;
  templateIdentifier?: string;
  transactionId: string;
  channel: 'in_app' | 'email' | 'sms' | 'chat' | 'push';
  content: string;
  subject?: string;
  title?: string;
  read: boolean;
  seen: boolean;
  archived: boolean;
  /** When the subscriber archived it: absent when never archived, `null` once unarchived. */
  archivedAt?: string | null;
  /** Until when it is snoozed (absent when not snoozed). */
  snoozedUntil?: string;
  /** The first time it was seen (absent before). */
  firstSeenDate?: string;
  lastSeenDate?: string;
  /** The last read: absent when never read, `null` once marked unread from the Inbox. */
  lastReadDate?: string | null;
  /** Each time it was delivered: the first delivery, then each return from a snooze. */
  deliveredAt: string[];
  status: 'sent' | 'error' | 'warning';
  cta: Record<string, unknown>;
  avatar?: string;
  data?: Record<string, unknown>;
  email?: string;
  phone?: string;
  directWebhookUrl?: string;
  deviceTokens?: string[];
  errorId?: string;
  errorText?: string;
  /** The job that sent it (a seeded message's names none the engine keeps). */
  _jobId: string;
  providerId?: string;
  payload: Record<string, unknown>;
  overrides: Record<string, unknown>;
  tags: string[];
  /** The trigger's context as `type:id` keys; absent when it had none. */
  contextKeys?: string[];
  createdAt: string;
  updatedAt: string;
}

/** A tenant of an environment. */
export interface TenantRecord {
  _id: string;
  identifier: string;
  name?: string;
  data?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** One execution log entry of a job (the spec's ExecutionDetail). */
export interface ExecutionDetailRecord {
  _id: string;
  createdAt: string;
  status: 'Success' | 'Warning' | 'Failed' | 'Pending' | 'Queued' | 'ReadConfirmation';
  detail: string;
  source: 'Credentials' | 'Internal' | 'Payload' | 'Webhook';
  isRetry: boolean;
  isTest: boolean;
  providerId?: string;
  raw: string | null;
}

/**
 * An execution detail as a job stores it (issue 25's heap figure): the fields most details hold
 * the same are left out (`isRetry` and `isTest`, always false; `source` when `'Internal'`; `raw`
 * when null), and `executionDetail` fills them in where details are read.
 */
export interface StoredExecutionDetail {
  _id: string;
  createdAt: string;
  status: ExecutionDetailRecord['status'];
  detail: string;
  /** Absent: `'Internal'`. */
  source?: ExecutionDetailRecord['source'];
  providerId?: string;
  /** Absent: null. */
  raw?: string;
}

/**
 * The execution detail a stored one stands for: every field, in the order the service answers
 * them.
 *
 * @example
 * ```ts
 * const details = job.executionDetails.map(executionDetail);
 * ```
 */
export function executionDetail(stored: StoredExecutionDetail): ExecutionDetailRecord {
  const { _id, createdAt, status, detail, source = 'Internal', providerId, raw = null } = stored;
  return providerId === undefined
    ? { _id, createdAt, status, detail, source, isRetry: false, isTest: false, raw }
    : { _id, createdAt, status, detail, source, isRetry: false, isTest: false, providerId, raw };
}

/** A job: one step of one notification's run. */
export interface JobRecord {
  _id: string;
  type: WorkflowStepRecord['type'];
  status:
    | 'pending'
    | 'queued'
    | 'running'
    | 'completed'
    | 'failed'
    | 'delayed'
    | 'canceled'
    | 'merged'
    | 'skipped';
  /** The step as it was when the event was triggered. */
  step: WorkflowStepRecord;
  /**
   * A code-first step's answer from its bridge (`action=execute`, run/bridge-step.ts): its
   * outputs (a custom step's feed later steps), provider overrides, whether it was skipped, and
   * for a digest the events it digested (`{ id, time, payload }`, as the next steps' state).
   */
  bridge?: {
    outputs: Record<string, unknown>;
    providers: Record<string, unknown>;
    skip: boolean;
    /** The clock time the step began (epoch ms): a delay it answers counts from it. */
    startedAt: number;
    events?: { id: string; time: string; payload: Record<string, unknown> }[];
  };
  providerId: string;
  payload: Record<string, unknown>;
  overrides: Record<string, unknown>;
  digest?: DigestMetadata;
  error?: string;
  /**
   * How many times a delay or digest was extended to the subscriber's schedule
   * (docs/behaviour/runs.md#extending-to-the-schedule); absent before the first.
   */
  scheduleExtensionsCount?: number;
  /** Oldest first, as stored (`executionDetail` reads one). */
  executionDetails: StoredExecutionDetail[];
  createdAt: string;
  updatedAt: string;
}

/** A triggered event for one subscriber (the spec's Activity notification), with its jobs. */
export interface NotificationRecord {
  _id: string;
  _environmentId: string;
  _organizationId: string;
  /** The subscriber's internal `_id`. */
  _subscriberId: string;
  _templateId: string;
  _digestedNotificationId?: string;
  transactionId: string;
  channels: string[];
  payload: Record<string, unknown>;
  to: Record<string, unknown>;
  tags: string[];
  topics: { _topicId: string; topicKey: string }[];
  severity: Severity;
  critical: boolean;
  contextKeys: string[];
  /** Identifiers of the topic subscriptions that reached the subscriber (the `subscriptionId` filter). */
  subscriptions?: string[];
  controls: Record<string, unknown>;
  overrides: Record<string, unknown>;
  /** The trigger's actor (`subscriberId`), when given. */
  actorId?: string;
  /** The trigger's tenant identifier, when given. */
  tenantId?: string;
  jobs: JobRecord[];
  createdAt: string;
  updatedAt: string;
}

/** An open digest: the first event's job collects the events until the window closes. */
export interface OpenDigestRecord {
  notificationId: string;
  jobIndex: number;
  closesAt: number;
  /** Notification `_id`s of the events merged into this digest (the first one included). */
  notificationIds: string[];
}

/**
 * A context made through `/v2/contexts` (docs/behaviour/contexts.md).
 *
 * @example
 * ```ts
 * const acme: ContextRecord | undefined = engine.scope('Development').data.contexts.get('tenant:acme');
 * ```
 */
export interface ContextRecord {
  _id: string;
  type: string;
  id: string;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/**
 * An email layout made through `/v2/layouts` (docs/behaviour/layouts.md).
 *
 * @example
 * ```ts
 * const brand: LayoutRecord | undefined = engine.scope('Development').data.layouts.get('brand');
 * ```
 */
export interface LayoutRecord {
  _id: string;
  /** The identifier a step's `layoutId` control names. */
  layoutId: string;
  name: string;
  isDefault: boolean;
  isTranslationEnabled: boolean;
  /** Its email controls; `null` once cleared. */
  controls: { email?: { body: string; editorType: 'html' | 'block' } } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What the engine's simulated DNS answers for one domain name (docs/behaviour/domains.md#dns):
 * set through the control API, the defaults (`mx: 'configured'`, nothing else) otherwise.
 *
 * @example
 * ```ts
 * const dns: SimulatedDnsRecord = { mx: 'missing', apexCname: false, blocklisted: false, autoConfigure: false };
 * ```
 */
export interface SimulatedDnsRecord {
  /** The MX records of the name: the mail server's, none, others only, or the mail server's behind a better one. */
  mx: 'configured' | 'missing' | 'wrong-target' | 'low-priority';
  /** Whether the apex has a CNAME. */
  apexCname: boolean;
  /** Whether the mail server is on a DNS blocklist. */
  blocklisted: boolean;
  /** The DNS provider's name (`Cloudflare`), when it is known. */
  provider?: string;
  /** Whether the provider offers Domain Connect for the records. */
  autoConfigure: boolean;
}

/**
 * An inbound-email domain made through `/v1/domains` (docs/behaviour/domains.md).
 *
 * @example
 * ```ts
 * const domain: DomainRecord | undefined = engine.scope('Development').data.domains.get('acme.dev');
 * ```
 */
export interface DomainRecord {
  _id: string;
  name: string;
  status: 'pending' | 'verified';
  mxRecordConfigured: boolean;
  dnsProvider?: string;
  data?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

/**
 * A channel connection made through `/v1/channel-connections` (docs/behaviour/channels.md).
 *
 * @example
 * ```ts
 * const slack: ChannelConnectionRecord | undefined = engine.scope('Development').data.channelConnections.get('chconn-a1b2c3');
 * ```
 */
export interface ChannelConnectionRecord {
  _id: string;
  identifier: string;
  integrationIdentifier: string;
  providerId: string;
  channel: string;
  /** Absent for a shared (context-scoped) connection. */
  subscriberId?: string;
  contextKeys: string[];
  workspace: Record<string, unknown> & { id: string };
  auth: Record<string, unknown> & { accessToken: string };
  createdAt: string;
  updatedAt: string;
}

/**
 * A route of a domain's address (docs/behaviour/domains.md#routes).
 *
 * @example
 * ```ts
 * const route: DomainRouteRecord | undefined = engine.scope('Development').data.domainRoutes.get(`${domainId}:support`);
 * ```
 */
export interface DomainRouteRecord {
  _id: string;
  _domainId: string;
  address: string;
  type: 'agent' | 'webhook';
  /** The agent's `_id`, on agent routes. */
  destination?: string;
  data?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

/**
 * An agent made through `/v1/agents` (docs/behaviour/agents.md).
 *
 * @example
 * ```ts
 * const agent: AgentRecord | undefined = engine.scope('Development').data.agents.get('support-bot');
 * ```
 */
export interface AgentRecord {
  _id: string;
  identifier: string;
  name: string;
  description?: string;
  active: boolean;
  behavior?: Record<string, unknown>;
  bridgeUrl?: string;
  devBridgeUrl?: string;
  devBridgeActive?: boolean;
  runtime: 'self-hosted' | 'managed';
  managedRuntime?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/**
 * An environment variable of an organization, with its value per environment
 * (docs/behaviour/environment-variables.md).
 *
 * @example
 * ```ts
 * const variables: EnvironmentVariableRecord[] = [...engine.snapshot().state.environmentVariables.values()];
 * ```
 */
export interface EnvironmentVariableRecord {
  _id: string;
  _organizationId: string;
  key: string;
  type: 'string';
  isSecret: boolean;
  values: { _environmentId: string; value: string }[];
  createdAt: string;
  updatedAt: string;
}

/**
 * A link between an agent and an integration (docs/behaviour/agents.md#integrations).
 *
 * @example
 * ```ts
 * const links = [...engine.scope('Development').data.agentIntegrations.values()];
 * ```
 */
export interface AgentIntegrationRecord {
  _id: string;
  _agentId: string;
  _integrationId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * One locale's translations of a workflow or layout (docs/behaviour/translations.md), keyed
 * `resourceType:resourceKey:locale`.
 *
 * @example
 * ```ts
 * const spanish: TranslationRecord | undefined = engine.scope('Development').data.translations.get(`workflow:${workflow._id}:es_ES`);
 * ```
 */
export interface TranslationRecord {
  _id: string;
  resourceType: 'workflow' | 'layout';
  /** The resource's `_id` (a workflow's), so a recreated workflow does not inherit them. */
  resourceKey: string;
  /** `language_REGION`. */
  locale: string;
  content: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/**
 * A channel endpoint made through `/v1/channel-endpoints` (docs/behaviour/channels.md).
 *
 * @example
 * ```ts
 * const endpoint: ChannelEndpointRecord | undefined = engine.scope('Development').data.channelEndpoints.get('slack-ada');
 * ```
 */
export interface ChannelEndpointRecord {
  _id: string;
  identifier: string;
  integrationIdentifier: string;
  providerId: string;
  channel: string;
  connectionIdentifier?: string;
  subscriberId: string;
  contextKeys: string[];
  type: string;
  endpoint: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/**
 * What an agent did that leaves nothing else behind: a reply, a bridge change, a test mail
 * (docs/behaviour/agents.md#activity); the inspector lists them.
 *
 * @example
 * ```ts
 * const last = [...engine.scope('Development').data.agentActivity.values()].at(-1);
 * ```
 */
export interface AgentActivityRecord {
  _id: string;
  kind: 'reply' | 'bridge' | 'inbound-email';
  agentIdentifier: string;
  at: string;
  /** What was sent or set, as given (a reply's body, the bridge URLs, the test mail). */
  body: Record<string, unknown>;
}

/** Throttle admissions kept per key, so snapshots carry them. */
export interface ThrottleStore {
  admitted: Map<string, number[]>;
  untilWindows: Map<string, { start: number; until: number }>;
}

/**
 * Everything one environment holds.
 *
 * @example
 * ```ts
 * const { data } = engine.scope('Development');
 * data.subscribers.get('user-1')?.email;
 * ```
 */
export interface EnvironmentData {
  /** Subscribers keyed by `subscriberId`. */
  subscribers: Map<string, SubscriberRecord>;
  /** Subscriber `_id` → `subscriberId`. */
  subscriberKeys: Map<string, string>;
  /** Subscriber `_id`s in ascending order: the index cursor pages binary-search. */
  subscriberOrder: string[];
  /** Topics keyed by topic key. */
  topics: Map<string, TopicRecord>;
  /** Subscriptions in ascending `_id` order. */
  subscriptions: SubscriptionRecord[];
  /**
   * Subscriber `_id` → that subscriber's subscriptions in ascending `_id` order (the same
   * records as `subscriptions`), so a subscriber's page does not scan every subscription.
   */
  subscriptionsBySubscriber: Map<string, SubscriptionRecord[]>;
  /** Integrations in insertion order (soft-deleted ones stay, flagged). */
  integrations: IntegrationRecord[];
  /** Workflows in insertion order. */
  workflows: WorkflowRecord[];
  /** Messages in ascending `_id` order. */
  messages: MessageRecord[];
  /** Tenants keyed by identifier. */
  tenants: Map<string, TenantRecord>;
  /** Contexts keyed `type:id` (docs/behaviour/contexts.md). */
  contexts: Map<string, ContextRecord>;
  /** Email layouts keyed by identifier (docs/behaviour/layouts.md). */
  layouts: Map<string, LayoutRecord>;
  /** Translations keyed `resourceType:resourceKey:locale` (docs/behaviour/translations.md). */
  translations: Map<string, TranslationRecord>;
  /** Channel connections keyed by identifier (docs/behaviour/channels.md). */
  channelConnections: Map<string, ChannelConnectionRecord>;
  /** Channel endpoints keyed by identifier (docs/behaviour/channels.md). */
  channelEndpoints: Map<string, ChannelEndpointRecord>;
  /** Inbound-email domains keyed by name (docs/behaviour/domains.md). */
  domains: Map<string, DomainRecord>;
  /** Domain routes keyed `<domain _id>:<address>`. */
  domainRoutes: Map<string, DomainRouteRecord>;
  /** The simulated DNS of domain names, set through the control API. */
  domainDns: Map<string, SimulatedDnsRecord>;
  /** Agents keyed by identifier (docs/behaviour/agents.md). */
  agents: Map<string, AgentRecord>;
  /** Agent-integration links keyed by `_id`. */
  agentIntegrations: Map<string, AgentIntegrationRecord>;
  /** What agents did, oldest first, keyed by `_id` (capped, docs/behaviour/agents.md#activity). */
  agentActivity: Map<string, AgentActivityRecord>;
  /** Notifications in creation (= `_id`) order: the list pages from the end. */
  notifications: NotificationRecord[];
  /** Notification `_id` → the same record. */
  notificationsById: Map<string, NotificationRecord>;
  /** Every transactionId used by a trigger of this environment. */
  transactionIds: Set<string>;
  /** Open digests by group key (subscriber, workflow, step, digest key value). */
  digests: Map<string, OpenDigestRecord>;
  /** Time of the last event per digest group (backoff digests). */
  digestLastEvent: Map<string, number>;
  /**
   * Where retention's last pass left the environment (store/retention.ts); kept in the state so a
   * restart that plays the journal back passes where the live server did.
   */
  retentionPass?: {
    /** Notifications it held after the pass. */
    count: number;
    /** Whether the pass could not get back under the cap (work it may not drop). */
    stuck: boolean;
  };
  /** Throttle admissions. */
  throttle: ThrottleStore;
  /**
   * Subscribers' preferences: `<subscriber _id>` for the global one, `<subscriber _id>:<workflow
   * _id>` for a workflow's.
   */
  preferences: Map<string, SubscriberPreferenceRecord>;
}

/** A cached idempotent request (docs/behaviour/cross-cutting.md#idempotency). */
export interface IdempotencyEntry {
  state: 'in-progress' | 'done';
  fingerprint: string;
  expiresAt: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A rate-limit token bucket. */
export interface RateBucket {
  tokens: number;
  updatedAt: number;
}

/** Work waiting for the clock, stored as data so snapshots resume it. */
export interface ScheduledTaskRecord {
  /** Order of scheduling: ties in time run in this order. */
  seq: number;
  at: number;
  kind: 'resume-delay' | 'close-digest' | 'end-snooze';
  environmentId: string;
  /** The notification's `_id`; for `end-snooze`, the message's. */
  notificationId: string;
  jobIndex: number;
}

/** One recipient of a fan-out still to be reached (run/fan-out.ts). */
export interface PendingRecipientRecord {
  /** The stored subscriber's `subscriberId` (looked up when its turn comes). */
  subscriberId: string;
  /** The notification's `to`: the definition the trigger named the subscriber with. */
  to: Record<string, unknown>;
  /** The topics that reached the subscriber. */
  topics: { _topicId: string; topicKey: string }[];
  /** The identifiers of the topic subscriptions that reached the subscriber. */
  subscriptions: string[];
}

/**
 * A step of a code-first run waiting for its bridge's answer (run/bridge-step.ts): the job is
 * `running` while the call is in flight; the answer is applied as a change of its own.
 */
export interface PendingBridgeCallRecord {
  /** From the task sequence (`taskSequence`). */
  seq: number;
  environmentId: string;
  notificationId: string;
  jobIndex: number;
  /** The clock time the step began (epoch ms): a delay or digest it answers counts from it. */
  at: number;
}

/**
 * The rest of a trigger's delivery, accepted and answered, whose recipients are reached in
 * chunks between other requests (run/fan-out.ts, docs/decisions/0145-fan-out-in-chunks.md).
 * Stored as data, so snapshots and a data directory resume it.
 */
export interface PendingFanOutRecord {
  /** From the task sequence (`taskSequence`): fan-outs run in this order. */
  seq: number;
  environmentId: string;
  /** The workflow's `_id`. */
  workflowId: string;
  transactionId: string;
  payload: Record<string, unknown>;
  overrides: Record<string, unknown>;
  actorId?: string;
  tenantId?: string;
  contextKeys: string[];
  recipients: PendingRecipientRecord[];
  /** The position in `recipients` of the next one to reach. */
  next: number;
}

/** One message the engine delivered (see the outbox). */
export interface OutboxRecord {
  channel: 'in_app' | 'email' | 'sms' | 'chat' | 'push';
  environmentId: string;
  subscriberId: string;
  workflowId: string;
  transactionId: string;
  notificationId: string;
  messageId: string;
  providerId: string;
  integrationIdentifier: string;
  subject?: string;
  content: string;
  email?: string;
  phone?: string;
  webhookUrl?: string;
  deviceTokens?: string[];
  /**
   * Chat through a subscriber's channel endpoint: which endpoint it went to (its identifier,
   * type, destination and the connection it went through, `null` for none).
   */
  channelEndpoint?: {
    identifier: string;
    type: string;
    endpoint: Record<string, unknown>;
    connectionIdentifier: string | null;
  };
  /** Email: every recipient (`overrides.email.toRecipient` or the subscriber's, plus `overrides.email.to`). */
  to?: string[];
  /** Email: `overrides.email.cc` (`[]` when none). */
  cc?: string[];
  /** Email: `overrides.email.bcc` (`[]` when none). */
  bcc?: string[];
  /** Email: `overrides.email.replyTo`. */
  replyTo?: string;
  /** Email: `overrides.email.senderName`. */
  senderName?: string;
  /** Email and sms: the sender (`overrides.<channel>.from`, else the integration's `credentials.from`). */
  from?: string;
  /** Email and sms: `overrides.<channel>.customData` (`{}` when none). */
  customData?: Record<string, unknown>;
  /** Email: `overrides.email.headers` (`{}` when none). */
  headers?: Record<string, unknown>;
  payload: Record<string, unknown>;
  sentAt: string;
}

/** The engine's state. */
export interface EngineState {
  organizations: Map<string, OrganizationRecord>;
  environments: Map<string, EnvironmentRecord>;
  /** API key → environment `_id`. */
  apiKeys: Map<string, string>;
  /** Environment `_id` → its data. */
  data: Map<string, EnvironmentData>;
  /** `<organizationId>-<key>` → cached response. */
  idempotency: Map<string, IdempotencyEntry>;
  /** `<environmentId>:<category>` → bucket. */
  rateBuckets: Map<string, RateBucket>;
  /** Pending scheduled work, in (at, seq) order. */
  scheduled: ScheduledTaskRecord[];
  /** Last `seq` given to a scheduled task or a pending fan-out. */
  taskSequence: number;
  /** Deliveries accepted and still reaching their recipients, oldest first. */
  fanOuts: PendingFanOutRecord[];
  /** Steps of code-first runs waiting for their bridge's answer, oldest first (run/bridge-step.ts). */
  bridgeCalls: PendingBridgeCallRecord[];
  /**
   * Every message delivered, oldest first: each entry keeps what its message does not hold
   * (store/outbox-entry.ts), a full copy once its message was deleted.
   */
  outbox: StoredOutboxItem[];
  /** Environment variables of every organization, keyed by `_id` (docs/behaviour/environment-variables.md). */
  environmentVariables: Map<string, EnvironmentVariableRecord>;
}

/** A new, empty environment data set. */
export function createEnvironmentData(): EnvironmentData {
  return {
    subscribers: new Map(),
    subscriberKeys: new Map(),
    subscriberOrder: [],
    topics: new Map(),
    subscriptions: [],
    subscriptionsBySubscriber: new Map(),
    integrations: [],
    workflows: [],
    messages: [],
    tenants: new Map(),
    contexts: new Map(),
    layouts: new Map(),
    translations: new Map(),
    channelConnections: new Map(),
    channelEndpoints: new Map(),
    domains: new Map(),
    domainRoutes: new Map(),
    domainDns: new Map(),
    agents: new Map(),
    agentIntegrations: new Map(),
    agentActivity: new Map(),
    notifications: [],
    notificationsById: new Map(),
    transactionIds: new Set(),
    digests: new Map(),
    digestLastEvent: new Map(),
    throttle: { admitted: new Map(), untilWindows: new Map() },
    preferences: new Map(),
  };
}

/** A new, empty state. */
export function createState(): EngineState {
  return {
    organizations: new Map(),
    environments: new Map(),
    apiKeys: new Map(),
    data: new Map(),
    idempotency: new Map(),
    rateBuckets: new Map(),
    scheduled: [],
    taskSequence: 0,
    fanOuts: [],
    bridgeCalls: [],
    outbox: [],
    environmentVariables: new Map(),
  };
}
