import * as z from 'zod/mini';
import { JsonObject, openEnum, STEP_TYPES, Timestamp } from './common';
import { OrderDirection } from './order';
import { StepFilter } from './step-filter';

/**
 * Workflow statuses.
 *
 * @example
 * ```ts
 * WORKFLOW_STATUSES.includes('ACTIVE'); // true
 * ```
 */
export const WORKFLOW_STATUSES = ['ACTIVE', 'INACTIVE', 'ERROR'] as const;
/** A workflow status. */
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/**
 * Where a workflow (or step) was created.
 *
 * @example
 * ```ts
 * WORKFLOW_ORIGINS[0]; // 'svc-cloud'
 * ```
 */
export const WORKFLOW_ORIGINS = ['svc-cloud', 'svc-cloud-v1', 'external'] as const;
/** A workflow origin. */
export type WorkflowOrigin = (typeof WORKFLOW_ORIGINS)[number];

/**
 * Severity levels of a workflow or notification.
 *
 * @example
 * ```ts
 * SEVERITIES; // ['high', 'medium', 'low', 'none']
 * ```
 */
export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;
/** A severity level. */
export type Severity = (typeof SEVERITIES)[number];

/**
 * Time units of digests and delays.
 *
 * @example
 * ```ts
 * DIGEST_UNITS.includes('minutes'); // true
 * ```
 */
export const DIGEST_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
/** A digest or delay time unit. */
export type DigestUnit = (typeof DIGEST_UNITS)[number];

/**
 * Fields `GET /v2/workflows` can sort by.
 *
 * @example
 * ```ts
 * WORKFLOW_ORDER_BY_FIELDS.includes('name'); // true
 * ```
 */
export const WORKFLOW_ORDER_BY_FIELDS = [
  'createdAt',
  'updatedAt',
  'name',
  'lastTriggeredAt',
] as const;

const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
const ORDINALS = ['1', '2', '3', '4', '5', 'last'] as const;
const ORDINAL_VALUES = [
  'day',
  'weekday',
  'weekend',
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
const MONTHLY_TYPES = ['each', 'on'] as const;
const CONTENT_ISSUE_TYPES = [
  'ILLEGAL_VARIABLE_IN_CONTROL_VALUE',
  'INVALID_FILTER_ARG_IN_VARIABLE',
  'MISSING_VALUE',
  'TIER_LIMIT_EXCEEDED',
] as const;
const INTEGRATION_ISSUE_TYPES = ['MISSING_INTEGRATION', 'INBOX_NOT_CONNECTED'] as const;
const UI_SCHEMA_GROUPS = [
  'IN_APP',
  'EMAIL',
  'DIGEST',
  'DELAY',
  'THROTTLE',
  'SMS',
  'CHAT',
  'PUSH',
  'SKIP',
  'LAYOUT',
] as const;
const UI_COMPONENTS = [
  'EMAIL_EDITOR_SELECT',
  'LAYOUT_SELECT',
  'BLOCK_EDITOR',
  'EMAIL_BODY',
  'TEXT_FULL_LINE',
  'TEXT_INLINE_LABEL',
  'IN_APP_BODY',
  'IN_APP_AVATAR',
  'IN_APP_PRIMARY_SUBJECT',
  'IN_APP_BUTTON_DROPDOWN',
  'IN_APP_DISABLE_SANITIZATION_SWITCH',
  'DISABLE_SANITIZATION_SWITCH',
  'URL_TEXT_BOX',
  'DIGEST_AMOUNT',
  'DIGEST_UNIT',
  'DIGEST_KEY',
  'DIGEST_CRON',
  'DELAY_TYPE',
  'DELAY_AMOUNT',
  'DELAY_UNIT',
  'THROTTLE_TYPE',
  'THROTTLE_WINDOW',
  'THROTTLE_UNIT',
  'THROTTLE_DYNAMIC_KEY',
  'THROTTLE_THRESHOLD',
  'THROTTLE_KEY',
  'EXTEND_TO_SCHEDULE',
  'SMS_BODY',
  'CHAT_BODY',
  'PUSH_BODY',
  'PUSH_SUBJECT',
  'QUERY_EDITOR',
  'DATA',
  'LAYOUT_EMAIL',
] as const;

/**
 * A dashboard user reference (`updatedBy`, `lastPublishedBy`).
 *
 * @example
 * ```ts
 * UserSummary.parse({ _id: '64da692e9a94fb2e6449ad20', firstName: 'Ada', lastName: null });
 * ```
 */
export const UserSummary = z.looseObject({
  _id: z.string(),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  externalId: z.optional(z.nullable(z.string())),
});
/** A dashboard user reference. */
export type UserSummary = z.infer<typeof UserSummary>;

/**
 * A content problem of a step's control values.
 *
 * @example
 * ```ts
 * StepContentIssue.parse({ issueType: 'MISSING_VALUE', variableName: 'subject', message: 'Subject is required' });
 * ```
 */
export const StepContentIssue = z.looseObject({
  issueType: openEnum(CONTENT_ISSUE_TYPES),
  variableName: z.optional(z.string()),
  message: z.string(),
});
/** A content problem of a step's control values. */
export type StepContentIssue = z.infer<typeof StepContentIssue>;

/**
 * An integration problem of a step (for example no active provider).
 *
 * @example
 * ```ts
 * StepIntegrationIssue.parse({ issueType: 'MISSING_INTEGRATION', message: 'No active email integration' });
 * ```
 */
export const StepIntegrationIssue = z.looseObject({
  issueType: openEnum(INTEGRATION_ISSUE_TYPES),
  variableName: z.optional(z.string()),
  message: z.string(),
});
/** An integration problem of a step. */
export type StepIntegrationIssue = z.infer<typeof StepIntegrationIssue>;

/**
 * The issues of a step, keyed by control name / integration key.
 *
 * @example
 * ```ts
 * StepIssues.parse({ controls: { body: [{ issueType: 'MISSING_VALUE', message: 'Body is required' }] } });
 * ```
 */
export const StepIssues = z.looseObject({
  controls: z.optional(z.record(z.string(), z.array(StepContentIssue))),
  integration: z.optional(z.record(z.string(), z.array(StepIntegrationIssue))),
});
/** The issues of a step. */
export type StepIssues = z.infer<typeof StepIssues>;

/**
 * A step in a workflow list item.
 *
 * @example
 * ```ts
 * StepListItem.parse({ slug: 'in-app_st_AbC1Xyz9KlmNOpQr', type: 'in_app' });
 * ```
 */
export const StepListItem = z.looseObject({
  slug: z.string(),
  type: openEnum(STEP_TYPES),
  issues: z.optional(StepIssues),
});
/** A step in a workflow list item. */
export type StepListItem = z.infer<typeof StepListItem>;

/**
 * A workflow as listed by `GET /v2/workflows`.
 *
 * @example
 * ```ts
 * WorkflowListItem.parse({
 *   _id: '64da692e9a94fb2e6449ad30',
 *   workflowId: 'welcome-email',
 *   slug: 'welcome-email_wf_AbC1Xyz9KlmNOpQr',
 *   name: 'Welcome email',
 *   status: 'ACTIVE',
 *   origin: 'svc-cloud',
 *   stepTypeOverviews: ['email'],
 *   steps: [{ slug: 'email_st_AbC1Xyz9KlmNOpQs', type: 'email' }],
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   updatedAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const WorkflowListItem = z.looseObject({
  name: z.string(),
  tags: z.optional(z.array(z.string())),
  updatedAt: Timestamp,
  createdAt: Timestamp,
  updatedBy: z.optional(z.nullable(UserSummary)),
  lastPublishedAt: z.optional(z.nullable(Timestamp)),
  lastPublishedBy: z.optional(z.nullable(UserSummary)),
  _id: z.string(),
  workflowId: z.string(),
  slug: z.string(),
  status: openEnum(WORKFLOW_STATUSES),
  origin: openEnum(WORKFLOW_ORIGINS),
  lastTriggeredAt: z.optional(z.nullable(Timestamp)),
  stepTypeOverviews: z.array(openEnum(STEP_TYPES)),
  isTranslationEnabled: z.optional(z.boolean()),
  steps: z.array(StepListItem),
});
/** A workflow as listed by `GET /v2/workflows`. */
export type WorkflowListItem = z.infer<typeof WorkflowListItem>;

/**
 * Response of `GET /v2/workflows`.
 *
 * @example
 * ```ts
 * WorkflowListResponse.parse({ workflows: [], totalCount: 0 });
 * ```
 */
export const WorkflowListResponse = z.looseObject({
  workflows: z.array(WorkflowListItem),
  totalCount: z.number(),
});
/** Response of `GET /v2/workflows`. */
export type WorkflowListResponse = z.infer<typeof WorkflowListResponse>;

/**
 * Query of `GET /v2/workflows`.
 *
 * @example
 * ```ts
 * WorkflowListQuery.parse({ limit: 20, offset: 40, orderBy: 'name', orderDirection: 'ASC' });
 * ```
 */
export const WorkflowListQuery = z.object({
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  offset: z.optional(z.int().check(z.minimum(0))),
  orderDirection: z.optional(OrderDirection),
  orderBy: z.optional(z.enum(WORKFLOW_ORDER_BY_FIELDS)),
  query: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  status: z.optional(z.array(z.enum(WORKFLOW_STATUSES))),
});
/** Query of `GET /v2/workflows`. */
export type WorkflowListQuery = z.infer<typeof WorkflowListQuery>;

/**
 * Step metadata of a regular or backoff digest.
 *
 * @example
 * ```ts
 * DigestRegularMetadata.parse({ type: 'regular', amount: 5, unit: 'minutes', digestKey: 'postId' });
 * ```
 */
export const DigestRegularMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  digestKey: z.optional(z.string()),
  type: openEnum(['regular', 'backoff']),
  backoff: z.optional(z.boolean()),
  backoffAmount: z.optional(z.number()),
  backoffUnit: z.optional(openEnum(DIGEST_UNITS)),
  updateMode: z.optional(z.boolean()),
});
/** Step metadata of a regular or backoff digest. */
export type DigestRegularMetadata = z.infer<typeof DigestRegularMetadata>;

/**
 * The schedule of a timed digest.
 *
 * @example
 * ```ts
 * DigestTimedConfig.parse({ atTime: '09:00', weekDays: ['monday', 'friday'] });
 * ```
 */
export const DigestTimedConfig = z.looseObject({
  atTime: z.optional(z.string()),
  weekDays: z.optional(z.array(openEnum(WEEK_DAYS))),
  monthDays: z.optional(z.array(z.string())),
  ordinal: z.optional(openEnum(ORDINALS)),
  ordinalValue: z.optional(openEnum(ORDINAL_VALUES)),
  monthlyType: z.optional(openEnum(MONTHLY_TYPES)),
});
/** The schedule of a timed digest. */
export type DigestTimedConfig = z.infer<typeof DigestTimedConfig>;

/**
 * Step metadata of a timed (scheduled) digest.
 *
 * @example
 * ```ts
 * DigestTimedMetadata.parse({ type: 'timed', timed: { atTime: '09:00', weekDays: ['monday'] } });
 * ```
 */
export const DigestTimedMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  digestKey: z.optional(z.string()),
  type: openEnum(['timed']),
  timed: z.optional(DigestTimedConfig),
});
/** Step metadata of a timed digest. */
export type DigestTimedMetadata = z.infer<typeof DigestTimedMetadata>;

/**
 * Step metadata of a fixed-duration delay.
 *
 * @example
 * ```ts
 * DelayRegularMetadata.parse({ type: 'regular', amount: 1, unit: 'hours' });
 * ```
 */
export const DelayRegularMetadata = z.looseObject({
  amount: z.optional(z.number()),
  unit: z.optional(openEnum(DIGEST_UNITS)),
  type: openEnum(['regular']),
});
/** Step metadata of a fixed-duration delay. */
export type DelayRegularMetadata = z.infer<typeof DelayRegularMetadata>;

/**
 * Step metadata of a delay until a date read from the payload.
 *
 * @example
 * ```ts
 * DelayScheduledMetadata.parse({ type: 'scheduled', delayPath: 'payload.sendAt' });
 * ```
 */
export const DelayScheduledMetadata = z.looseObject({
  type: openEnum(['scheduled']),
  delayPath: z.string(),
});
/** Step metadata of a delay until a payload date. */
export type DelayScheduledMetadata = z.infer<typeof DelayScheduledMetadata>;

/**
 * Any of the four step metadata shapes (digest regular/timed, delay regular/scheduled).
 *
 * @example
 * ```ts
 * StepMetadata.parse({ type: 'scheduled', delayPath: 'payload.sendAt' });
 * ```
 */
export const StepMetadata = z.union([
  DelayScheduledMetadata,
  DigestTimedMetadata,
  DigestRegularMetadata,
  DelayRegularMetadata,
]);
/** Any of the four step metadata shapes. */
export type StepMetadata = z.infer<typeof StepMetadata>;

/**
 * Reply callback settings of a step.
 *
 * @example
 * ```ts
 * ReplyCallback.parse({ active: true, url: 'https://example.com/reply' });
 * ```
 */
export const ReplyCallback = z.looseObject({
  active: z.optional(z.boolean()),
  url: z.optional(z.string()),
});
/** Reply callback settings of a step. */
export type ReplyCallback = z.infer<typeof ReplyCallback>;

const notificationStepShape = {
  _id: z.optional(z.string()),
  uuid: z.optional(z.string()),
  name: z.optional(z.string()),
  _templateId: z.optional(z.string()),
  active: z.optional(z.boolean()),
  shouldStopOnFail: z.optional(z.boolean()),
  template: z.optional(JsonObject),
  filters: z.optional(z.array(StepFilter)),
  _parentId: z.optional(z.string()),
  metadata: z.optional(StepMetadata),
  replyCallback: z.optional(ReplyCallback),
};

/**
 * A variant of a (legacy) workflow step: the step shape without `variants`.
 *
 * @example
 * ```ts
 * NotificationStepVariant.parse({ _id: '64da692e9a94fb2e6449ad41', active: true });
 * ```
 */
export const NotificationStepVariant = z.looseObject(notificationStepShape);
/** A variant of a workflow step. */
export type NotificationStepVariant = z.infer<typeof NotificationStepVariant>;

/**
 * A step of a workflow as embedded in a message (`Message.template.steps`).
 *
 * @example
 * ```ts
 * NotificationStep.parse({ _id: '64da692e9a94fb2e6449ad40', active: true, filters: [], variants: [] });
 * ```
 */
export const NotificationStep = z.looseObject({
  ...notificationStepShape,
  variants: z.optional(z.array(NotificationStepVariant)),
});
/** A step of a workflow as embedded in a message. */
export type NotificationStep = z.infer<typeof NotificationStep>;

/**
 * A named variable of a workflow trigger.
 *
 * @example
 * ```ts
 * TriggerVariable.parse({ name: 'firstName' });
 * ```
 */
export const TriggerVariable = z.looseObject({ name: z.string() });
/** A named variable of a workflow trigger. */
export type TriggerVariable = z.infer<typeof TriggerVariable>;

/**
 * The event trigger of a workflow (its trigger identifier and variables).
 *
 * @example
 * ```ts
 * NotificationTrigger.parse({ type: 'event', identifier: 'welcome-email', variables: [{ name: 'firstName' }] });
 * ```
 */
export const NotificationTrigger = z.looseObject({
  type: openEnum(['event']),
  identifier: z.string(),
  variables: z.array(TriggerVariable),
  subscriberVariables: z.optional(z.array(TriggerVariable)),
});
/** The event trigger of a workflow. */
export type NotificationTrigger = z.infer<typeof NotificationTrigger>;

/**
 * A link target of an in-app redirect.
 *
 * @example
 * ```ts
 * Redirect.parse({ url: '/inbox', target: '_self' });
 * ```
 */
export const Redirect = z.looseObject({
  url: z.optional(z.string()),
  target: z.optional(openEnum(['_self', '_blank', '_parent', '_top', '_unfencedTop'])),
});
/** A link target of an in-app redirect. */
export type Redirect = z.infer<typeof Redirect>;

/**
 * An in-app action button.
 *
 * @example
 * ```ts
 * Action.parse({ label: 'Open', redirect: { url: 'https://example.com' } });
 * ```
 */
export const Action = z.looseObject({
  label: z.optional(z.string()),
  redirect: z.optional(Redirect),
});
/** An in-app action button. */
export type Action = z.infer<typeof Action>;

/**
 * Control values of an in-app step.
 *
 * @example
 * ```ts
 * InAppControlValues.parse({ subject: 'Hi {{subscriber.firstName}}', body: 'Welcome!' });
 * ```
 */
export const InAppControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  body: z.optional(z.string()),
  subject: z.optional(z.string()),
  avatar: z.optional(z.string()),
  primaryAction: z.optional(Action),
  secondaryAction: z.optional(Action),
  redirect: z.optional(Redirect),
  disableOutputSanitization: z.optional(z.boolean()),
  data: z.optional(JsonObject),
});
/** Control values of an in-app step. */
export type InAppControlValues = z.infer<typeof InAppControlValues>;

/**
 * Control values of an email step.
 *
 * @example
 * ```ts
 * EmailControlValues.parse({ subject: 'Welcome', body: '<p>Hello</p>', editorType: 'html' });
 * ```
 */
export const EmailControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  subject: z.string(),
  body: z.string(),
  editorType: z.optional(openEnum(['block', 'html'])),
  disableOutputSanitization: z.optional(z.boolean()),
  /** `null` = no layout; omitted = the default layout. */
  layoutId: z.optional(z.nullable(z.string())),
});
/** Control values of an email step. */
export type EmailControlValues = z.infer<typeof EmailControlValues>;

/**
 * Control values of an SMS step.
 *
 * @example
 * ```ts
 * SmsControlValues.parse({ body: 'Your code is {{payload.code}}' });
 * ```
 */
export const SmsControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  body: z.optional(z.string()),
});
/** Control values of an SMS step. */
export type SmsControlValues = z.infer<typeof SmsControlValues>;

/**
 * Control values of a push step.
 *
 * @example
 * ```ts
 * PushControlValues.parse({ subject: 'New comment', body: '{{payload.text}}' });
 * ```
 */
export const PushControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  subject: z.optional(z.string()),
  body: z.optional(z.string()),
});
/** Control values of a push step. */
export type PushControlValues = z.infer<typeof PushControlValues>;

/**
 * Control values of a chat step.
 *
 * @example
 * ```ts
 * ChatControlValues.parse({ body: 'Deployment finished' });
 * ```
 */
export const ChatControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  body: z.optional(z.string()),
});
/** Control values of a chat step. */
export type ChatControlValues = z.infer<typeof ChatControlValues>;

const UiPlaceholderScalar = z.union([z.string(), z.number(), z.boolean(), JsonObject]);

/**
 * How the dashboard renders one control field (recursive through `properties`).
 *
 * @example
 * ```ts
 * UiSchemaProperty.parse({ component: 'IN_APP_BODY', placeholder: '' });
 * ```
 */
export const UiSchemaProperty: z.ZodMiniType<UiSchemaProperty> = z.looseObject({
  placeholder: z.optional(z.nullable(z.union([UiPlaceholderScalar, z.array(UiPlaceholderScalar)]))),
  component: openEnum(UI_COMPONENTS),
  get properties() {
    return z.optional(z.record(z.string(), UiSchemaProperty));
  },
});
/** How the dashboard renders one control field. */
export type UiSchemaProperty = {
  placeholder?:
    | string
    | number
    | boolean
    | Record<string, unknown>
    | Array<string | number | boolean | Record<string, unknown>>
    | null
    | undefined;
  component: (typeof UI_COMPONENTS)[number] | (string & {});
  properties?: Record<string, UiSchemaProperty> | undefined;
  [key: string]: unknown;
};

/**
 * The dashboard UI schema of a step's controls.
 *
 * @example
 * ```ts
 * UiSchema.parse({ group: 'IN_APP', properties: { body: { component: 'IN_APP_BODY' } } });
 * ```
 */
export const UiSchema = z.looseObject({
  group: z.optional(openEnum(UI_SCHEMA_GROUPS)),
  properties: z.optional(z.record(z.string(), UiSchemaProperty)),
});
/** The dashboard UI schema of a step's controls. */
export type UiSchema = z.infer<typeof UiSchema>;

/**
 * Controls metadata of a step: JSON Schema, UI schema and the current values.
 *
 * @example
 * ```ts
 * ControlsMetadata.parse({ values: { body: 'Hello' } });
 * ```
 */
export const ControlsMetadata = z.looseObject({
  dataSchema: z.optional(JsonObject),
  uiSchema: z.optional(UiSchema),
  /** The control object of the step's type (see the `*ControlValues` schemas). */
  values: JsonObject,
});
/** Controls metadata of a step. */
export type ControlsMetadata = z.infer<typeof ControlsMetadata>;

/**
 * A workflow step as returned inside a workflow (every step type shares this shape).
 *
 * @example
 * ```ts
 * WorkflowStepResponse.parse({
 *   _id: '64da692e9a94fb2e6449ad50',
 *   stepId: 'in-app',
 *   name: 'In-App',
 *   slug: 'in-app_st_AbC1Xyz9KlmNOpQr',
 *   type: 'in_app',
 *   origin: 'svc-cloud',
 *   workflowId: 'welcome-email',
 *   workflowDatabaseId: '64da692e9a94fb2e6449ad30',
 *   controls: { values: { body: 'Hello' } },
 *   variables: { type: 'object' },
 * });
 * ```
 */
export const WorkflowStepResponse = z.looseObject({
  controls: ControlsMetadata,
  /** The control values of the step's type (see the `*ControlValues` schemas). */
  controlValues: z.optional(JsonObject),
  variables: JsonObject,
  stepId: z.string(),
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: openEnum(STEP_TYPES),
  origin: openEnum(WORKFLOW_ORIGINS),
  workflowId: z.string(),
  workflowDatabaseId: z.string(),
  issues: z.optional(StepIssues),
});
/** A workflow step as returned inside a workflow. */
export type WorkflowStepResponse = z.infer<typeof WorkflowStepResponse>;

/**
 * A workflow as returned by `PUT /v2/workflows/{workflowId}/sync`.
 *
 * @example
 * ```ts
 * WorkflowSyncResponse.parse({
 *   _id: '64da692e9a94fb2e6449ad31',
 *   workflowId: 'welcome-email',
 *   slug: 'welcome-email_wf_AbC1Xyz9KlmNOpQs',
 *   name: 'Welcome email',
 *   steps: [],
 *   origin: 'svc-cloud',
 *   preferences: { default: { all: { enabled: true, readOnly: false }, channels: {} } },
 *   status: 'ACTIVE',
 *   severity: 'none',
 *   createdAt: '2024-01-01T00:00:00.000Z',
 *   updatedAt: '2024-01-01T00:00:00.000Z',
 * });
 * ```
 */
export const WorkflowSyncResponse = z.looseObject({
  name: z.string(),
  description: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  active: z.optional(z.boolean()),
  validatePayload: z.optional(z.boolean()),
  payloadSchema: z.optional(z.nullable(JsonObject)),
  isTranslationEnabled: z.optional(z.boolean()),
  _id: z.string(),
  workflowId: z.string(),
  slug: z.string(),
  updatedAt: Timestamp,
  createdAt: Timestamp,
  updatedBy: z.optional(z.nullable(UserSummary)),
  lastPublishedAt: z.optional(z.nullable(Timestamp)),
  lastPublishedBy: z.optional(z.nullable(UserSummary)),
  steps: z.array(WorkflowStepResponse),
  origin: openEnum(WORKFLOW_ORIGINS),
  /** Workflow preferences (`{user, default}` on the reference service; fields not specified). */
  preferences: JsonObject,
  status: openEnum(WORKFLOW_STATUSES),
  /** Runtime issues keyed by field (issue fields not specified). */
  issues: z.optional(z.record(z.string(), JsonObject)),
  lastTriggeredAt: z.optional(z.nullable(Timestamp)),
  payloadExample: z.optional(z.nullable(JsonObject)),
  severity: openEnum(SEVERITIES),
});
/** A workflow as returned by the sync operation. */
export type WorkflowSyncResponse = z.infer<typeof WorkflowSyncResponse>;

/**
 * Body of `PUT /v2/workflows/{workflowId}/sync`.
 *
 * @example
 * ```ts
 * WorkflowSyncBody.parse({ targetEnvironmentId: '64da692e9a94fb2e6449ad02' });
 * ```
 */
export const WorkflowSyncBody = z.object({
  targetEnvironmentId: z.string(),
});
/** Body of `PUT /v2/workflows/{workflowId}/sync`. */
export type WorkflowSyncBody = z.infer<typeof WorkflowSyncBody>;
