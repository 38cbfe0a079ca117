import * as z from 'zod/mini';
import {
  CHANNEL_TYPES,
  JsonObject,
  openEnum,
  STEP_TYPES,
  Timestamp,
  type WireShape,
} from './common';
import { PROVIDER_IDS } from './integration';
import { type PageNumberResponse, pageNumberPage } from './pagination';
import { StepFilter } from './step-filter';
import {
  DIGEST_UNITS,
  DigestTimedConfig,
  NotificationTrigger,
  SEVERITIES,
  WORKFLOW_ORIGINS,
} from './workflow';

/** Statuses of a job execution detail. */
export const EXECUTION_DETAIL_STATUSES = [
  'Success',
  'Warning',
  'Failed',
  'Pending',
  'Queued',
  'ReadConfirmation',
] as const;
/** An execution detail status. */
export type ExecutionDetailStatus = (typeof EXECUTION_DETAIL_STATUSES)[number];

/** Sources of a job execution detail. */
export const EXECUTION_DETAIL_SOURCES = ['Credentials', 'Internal', 'Payload', 'Webhook'] as const;
/** An execution detail source. */
export type ExecutionDetailSource = (typeof EXECUTION_DETAIL_SOURCES)[number];

/** Known job statuses (the job `status` is a free string on the wire). */
export const JOB_STATUSES = [
  'pending',
  'queued',
  'running',
  'completed',
  'failed',
  'delayed',
  'canceled',
  'merged',
  'skipped',
] as const;
/** A known job status. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The schedule of a timed digest as recorded on a job (`monthDays` are numbers here). */
export const DigestMetadataTimed = z.looseObject({
  ...DigestTimedConfig.def.shape,
  /** Days of the month it runs on (numbers here, `1`-`31`). */
  monthDays: z.optional(z.array(z.number())),
  /** The cron expression of the schedule, when one is set. */
  cronExpression: z.optional(z.string()),
});
/** The schedule of a timed digest as recorded on a job (`DigestMetadata.timed`). */
export interface DigestMetadataTimed extends WireShape<typeof DigestMetadataTimed> {}

/** Digest settings and digested events of a digest job. */
export const DigestMetadata = z.looseObject({
  /**
   * The payload key events are grouped by (one digest per value); `No-Key-Provided` on a digest
   * job whose step names none.
   */
  digestKey: z.optional(z.string()),
  /**
   * A digest job's event's value for `digestKey` (`No-Value-Provided` when it has none); any JSON
   * value, as the service reads it from the payload.
   */
  digestValue: z.optional(z.unknown()),
  /** How long the digest collects events (with `unit`). */
  amount: z.optional(z.number()),
  /** The unit of `amount`. */
  unit: z.optional(openEnum(DIGEST_UNITS)),
  /** `regular`, `backoff` or `timed`. */
  type: openEnum(['regular', 'backoff', 'timed']),
  /** The events the digest collected, in order (each a trigger's payload and id). */
  events: z.optional(z.array(JsonObject)),
  /**
   * Whether it is a backoff digest (the first event goes through when none came within the backoff
   * window).
   */
  backoff: z.optional(z.boolean()),
  /** The backoff window (with `backoffUnit`). */
  backoffAmount: z.optional(z.number()),
  /** The unit of `backoffAmount`. */
  backoffUnit: z.optional(openEnum(DIGEST_UNITS)),
  /** The step's `updateMode` setting, as the service records it. */
  updateMode: z.optional(z.boolean()),
  /** A timed digest's schedule. */
  timed: z.optional(DigestMetadataTimed),
});
/** Digest settings and digested events of a digest job. */
export interface DigestMetadata extends WireShape<typeof DigestMetadata> {}

/** One execution log entry of a job. */
export const ExecutionDetail = z.looseObject({
  /** The detail's id. */
  _id: z.string(),
  /** When it was recorded. */
  createdAt: z.optional(Timestamp),
  /** `Success`, `Pending`, `Queued`, `Failed`, `Warning`. */
  status: openEnum(EXECUTION_DETAIL_STATUSES),
  /** What happened (`Message sent`, `Step queued`, ...). */
  detail: z.string(),
  /** Whether it was recorded on a retry. */
  isRetry: z.boolean(),
  /** Whether the run was a test. */
  isTest: z.boolean(),
  /** The provider involved, if any. */
  providerId: z.optional(openEnum(PROVIDER_IDS)),
  /** The raw provider answer or error, as text. */
  raw: z.optional(z.nullable(z.string())),
  /** Which part recorded it (`Internal`, `Webhook`, `Payload`, `Credentials`). */
  source: openEnum(EXECUTION_DETAIL_SOURCES),
});
/** One execution log entry of a job (`Job.executionDetails`). */
export interface ExecutionDetail extends WireShape<typeof ExecutionDetail> {}

/** The workflow step a job ran (recursive through `variants`). */
export const JobStep: z.ZodMiniType<JobStep> = z.looseObject({
  /** The step's id. */
  _id: z.string(),
  /** Whether the step is active. */
  active: z.boolean(),
  /** The step's reply callback settings. */
  replyCallback: z.optional(JsonObject),
  /** The step's control variables. */
  controlVariables: z.optional(JsonObject),
  /** The step's settings (a digest's or a delay's amount and unit, ...). */
  metadata: z.optional(JsonObject),
  /** What the service found missing or wrong in the step. */
  issues: z.optional(JsonObject),
  /** The step's conditions: it runs only when they match. */
  filters: z.array(StepFilter),
  /** The step's content template. */
  template: z.optional(JsonObject),
  /** The step's variants (each a step). */
  get variants() {
    return z.optional(z.array(JobStep));
  },
  /** The `_id` of the step's content template. */
  _templateId: z.string(),
  /** The step's name. */
  name: z.optional(z.string()),
  /** The `_id` of the step before it, `null` for the first. */
  _parentId: z.optional(z.nullable(z.string())),
});
/** The workflow step a job ran. */
export type JobStep = {
  _id: string;
  active: boolean;
  replyCallback?: Record<string, unknown> | undefined;
  controlVariables?: Record<string, unknown> | undefined;
  metadata?: Record<string, unknown> | undefined;
  issues?: Record<string, unknown> | undefined;
  filters: StepFilter[];
  template?: Record<string, unknown> | undefined;
  variants?: JobStep[] | undefined;
  _templateId: string;
  name?: string | undefined;
  _parentId?: string | null | undefined;
  [key: string]: unknown;
};

/** One step run of a triggered event (excluding the internal trigger job). */
export const Job = z.looseObject({
  /** The job's id (one step run for one subscriber). */
  _id: z.string(),
  /** The step type (`email`, `in_app`, `delay`, `digest`, ...). */
  type: openEnum(STEP_TYPES),
  /** A digest job's settings and digested events. */
  digest: z.optional(DigestMetadata),
  /** What happened, in order. */
  executionDetails: z.array(ExecutionDetail),
  /** The workflow step it ran. */
  step: JobStep,
  /** The trigger's overrides. */
  overrides: z.optional(JsonObject),
  /** The trigger's payload. */
  payload: z.optional(JsonObject),
  /** The provider that delivered it. */
  providerId: openEnum(PROVIDER_IDS),
  /** Free string on the wire; known values are {@link JOB_STATUSES}. */
  status: openEnum(JOB_STATUSES),
  /** When it last changed. */
  updatedAt: z.optional(Timestamp),
  /** Times a digest/delay job was extended to align with the subscriber's schedule. */
  scheduleExtensionsCount: z.optional(z.number()),
});
/**
 * One job of a notification: a workflow step run for one subscriber (`ActivityNotification.jobs`).
 */
export interface Job extends WireShape<typeof Job> {}

/** The subscriber of an activity notification. */
export const ActivitySubscriber = z.looseObject({
  /** First name. */
  firstName: z.optional(z.string()),
  /** Your id of the subscriber. */
  subscriberId: z.string(),
  /** The subscriber's internal id. */
  _id: z.string(),
  /** Last name. */
  lastName: z.optional(z.string()),
  /** Email address. */
  email: z.optional(z.string()),
  /** Phone number. */
  phone: z.optional(z.string()),
});
/** The subscriber a notification was sent to (`ActivityNotification.subscriber`). */
export interface ActivitySubscriber extends WireShape<typeof ActivitySubscriber> {}

/** The workflow of an activity notification. */
export const ActivityTemplate = z.looseObject({
  /** The workflow's internal id. */
  _id: z.optional(z.string()),
  /** The workflow's name. */
  name: z.string(),
  /** Where the workflow was created: `svc-cloud`, `svc-cloud-v1` or `external`. */
  origin: z.optional(openEnum(WORKFLOW_ORIGINS)),
  /** The workflow's event triggers (its trigger identifier). */
  triggers: z.array(NotificationTrigger),
});
/** The workflow a notification ran (`ActivityNotification.template`). */
export interface ActivityTemplate extends WireShape<typeof ActivityTemplate> {}

/** A topic an activity notification was sent through. */
export const ActivityTopic = z.looseObject({
  /** The topic's internal id. */
  _topicId: z.string(),
  /** Your key of the topic. */
  topicKey: z.string(),
});
/** A topic a notification was sent through (`ActivityNotification.topics`). */
export interface ActivityTopic extends WireShape<typeof ActivityTopic> {}

/** A triggered event (one per subscriber) with its jobs and execution logs. */
export const ActivityNotification = z.looseObject({
  /** The notification's id: what `notifications.retrieve` takes. */
  _id: z.optional(z.string()),
  /** The environment's `_id`. */
  _environmentId: z.string(),
  /** The organization's `_id`. */
  _organizationId: z.string(),
  /** The subscriber's internal `_id`. */
  _subscriberId: z.string(),
  /** The transaction of the trigger. */
  transactionId: z.string(),
  /** The workflow's internal id. */
  _templateId: z.optional(z.string()),
  /** The notification a digest merged this one into. */
  _digestedNotificationId: z.optional(z.string()),
  /** When it was created. */
  createdAt: z.optional(Timestamp),
  /** When it last changed. */
  updatedAt: z.optional(Timestamp),
  /** The step types of the workflow. */
  channels: z.optional(z.array(openEnum(STEP_TYPES))),
  /** The recipient, in short. */
  subscriber: z.optional(ActivitySubscriber),
  /** The workflow, in short. */
  template: z.optional(ActivityTemplate),
  /** One job per step, in step order. */
  jobs: z.optional(z.array(Job)),
  /** The trigger's payload. */
  payload: z.optional(JsonObject),
  /** The workflow's tags. */
  tags: z.optional(z.array(z.string())),
  /** The step controls used. */
  controls: z.optional(JsonObject),
  /** The recipient as the trigger gave it. */
  to: z.optional(JsonObject),
  /** The topics the trigger went through. */
  topics: z.optional(z.array(ActivityTopic)),
  /** The workflow's severity. */
  severity: z.optional(openEnum(SEVERITIES)),
  /** Whether the workflow is critical. */
  critical: z.optional(z.boolean()),
  /** The trigger's context keys. */
  contextKeys: z.optional(z.array(z.string())),
});
export interface ActivityNotification extends WireShape<typeof ActivityNotification> {}

const oneOrMany = <T extends z.ZodMiniType>(item: T) => z.union([item, z.array(item)]);

/** Query of `GET /v1/notifications` (array-or-single filters accept either form). */
export const NotificationListQuery = z.object({
  channels: z.optional(oneOrMany(z.enum(CHANNEL_TYPES))),
  templates: z.optional(oneOrMany(z.string())),
  emails: z.optional(oneOrMany(z.string())),
  /** @deprecated Deprecated by the service. */
  search: z.optional(z.string()),
  subscriberIds: z.optional(oneOrMany(z.string())),
  severity: z.optional(oneOrMany(z.enum(SEVERITIES))),
  page: z.optional(z.int().check(z.minimum(0))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(50))),
  transactionId: z.optional(z.string()),
  topicKey: z.optional(z.string()),
  /** A topic subscription identifier (`tk_<topic>:si_<subscriber>`) that reached the subscriber. */
  subscriptionId: z.optional(z.string()),
  /** Exact set of the trigger's `type:id` context keys; `''` means "without context". */
  contextKeys: z.optional(oneOrMany(z.string())),
  after: z.optional(z.string()),
  before: z.optional(z.string()),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** Response of `GET /v1/notifications` (page-number pagination). */
export const NotificationListResponse = pageNumberPage(ActivityNotification);
/** Response of `GET /v1/notifications`: a page of the activity feed. */
export interface NotificationListResponse extends PageNumberResponse<ActivityNotification> {}
