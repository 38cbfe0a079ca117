/**
 * The workflow run of one notification: its jobs in step order, with conditions, templates,
 * channels, delays, digests and throttles (docs/behaviour/runs.md). Runs synchronously on the engine
 * clock; a delay or digest stores a scheduled task (data) and the run resumes when the clock
 * reaches it.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import type { StepFilter } from '../../../src/schemas/step-filter';
import type { EventFeed } from '../event-feed';
import type { IdGenerator } from '../store/ids';
import type {
  EngineState,
  EnvironmentData,
  EnvironmentRecord,
  JobRecord,
  NotificationRecord,
  ScheduledTaskRecord,
  SubscriberRecord,
  WorkflowRecord,
} from '../store/state';
import { workflowByObjectId } from '../store/workflow-index';
import { sendChat } from './channels/chat';
import type { DeliveryContext, DeliveryOutcome } from './channels/delivery';
import { addDetail } from './channels/delivery';
import { sendEmail } from './channels/email';
import { sendInApp } from './channels/in-app';
import { sendPush } from './channels/push';
import { sendSms } from './channels/sms';
import { evaluateFilters, evaluateSkip } from './conditions';
import { delayUntil } from './delay';
import { DETAILS } from './detail-texts';
import {
  DigestConfigurationError,
  type DigestSettings,
  digestGroupKey,
  digestKeyValue,
  digestWindowEnd,
  passesBackoff,
} from './digest';
import { renderEmailBody } from './email-body';
import { judgePreferences } from './preferences';
import {
  digestStepVariables,
  renderControlValues,
  renderTemplate,
  type TemplateContext,
} from './templates';
import { createThrottleTracker, type ThrottleSettings, throttleScope } from './throttle';

/** What a run needs from the engine. */
export interface RunScope {
  state: EngineState;
  data: EnvironmentData;
  environment: EnvironmentRecord;
  ids: IdGenerator;
  /** The clock's time (epoch ms). */
  now(): number;
  /** Stores a task for the clock (its `seq` is given by the engine). */
  schedule(task: Omit<ScheduledTaskRecord, 'seq'>): void;
  /** Where job statuses and sent messages are told (docs/inspector.md). */
  events: EventFeed;
}

const ACTION_STEPS = new Set(['digest', 'delay', 'throttle']);

let lastMs = Number.NaN;
let lastIso = '';
/** The clock's time as ISO text; a run writes many timestamps at the same instant. */
export function isoAt(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
const iso = (scope: RunScope) => isoAt(scope.now());

/** The subscriber as templates and conditions see it. */
export function subscriberVariables(subscriber: SubscriberRecord | undefined): JsonObject {
  if (subscriber === undefined) return {};
  const { _organizationId, _environmentId, deleted, __v, channels, topics, ...rest } = subscriber;
  return rest as JsonObject;
}

function setStatus(
  scope: RunScope,
  notification: NotificationRecord,
  job: JobRecord,
  status: JobRecord['status'],
): void {
  job.status = status;
  job.updatedAt = iso(scope);
  if (!scope.events.observed) return;
  scope.events.emit({
    type: 'job-status',
    environmentId: scope.environment._id,
    notificationId: notification._id,
    transactionId: notification.transactionId,
    jobId: job._id,
    stepId: job.step.stepId,
    jobType: job.type,
    status,
  });
}

function detailScope(scope: RunScope, job: JobRecord) {
  return { job, objectId: () => scope.ids.objectId(), now: () => iso(scope) };
}

/** The events of the last digest before `index` (so steps after a digest see `step.events`). */
function digestBefore(notification: NotificationRecord, index: number) {
  for (let i = index - 1; i >= 0; i--) {
    const job = notification.jobs[i];
    if (job?.type === 'digest' && Array.isArray(job.digest?.['events'])) {
      return digestStepVariables(job.digest['events'] as JsonObject[]);
    }
  }
  return undefined;
}

interface RunInput {
  scope: RunScope;
  notification: NotificationRecord;
  workflow: WorkflowRecord;
  subscriber: SubscriberRecord;
}

function templateContext(input: RunInput, index: number): TemplateContext {
  const { scope, notification } = input;
  const actor =
    notification.actorId === undefined
      ? undefined
      : scope.data.subscribers.get(notification.actorId);
  const tenant =
    notification.tenantId === undefined ? undefined : scope.data.tenants.get(notification.tenantId);
  const digest = digestBefore(notification, index);
  return {
    payload: notification.payload,
    subscriber: subscriberVariables(input.subscriber),
    ...(actor === undefined ? {} : { actor: subscriberVariables(actor) }),
    ...(tenant === undefined ? {} : { tenant: tenant as unknown as JsonObject }),
    ...(digest === undefined ? {} : { step: digest }),
  };
}

function settingsOf(job: JobRecord): Record<string, unknown> {
  const { skip: _skip, ...controls } = job.step.controlValues;
  return { ...(job.step.metadata ?? {}), ...controls };
}

/** Marks the jobs after `index` with `status` (and a detail when given). */
function finishRest(
  input: RunInput,
  index: number,
  status: JobRecord['status'],
  detail?: (typeof DETAILS)[keyof typeof DETAILS],
): void {
  for (const job of input.notification.jobs.slice(index + 1)) {
    if (job.status !== 'pending') continue;
    setStatus(input.scope, input.notification, job, status);
    if (detail) addDetail(detailScope(input.scope, job), detail);
  }
}

/** What a step did: go on with the next step, or stop (waiting, merged, throttled, halted). */
type StepResult = 'next' | 'stop';

function runChannel(input: RunInput, job: JobRecord, context: TemplateContext): DeliveryOutcome {
  const { scope } = input;
  const rendered = renderControlValues(job.step.controlValues, context);
  if (!rendered.ok) {
    addDetail(detailScope(scope, job), DETAILS.messageContentNotGenerated, {
      raw: { error: rendered.error, path: rendered.path },
    });
    return 'failed';
  }
  const delivery: DeliveryContext = {
    state: scope.state,
    data: scope.data,
    environment: scope.environment,
    workflow: input.workflow,
    notification: input.notification,
    job,
    subscriber: input.subscriber,
    controls: rendered.value,
    events: scope.events,
    objectId: () => scope.ids.objectId(),
    now: () => iso(scope),
  };
  switch (job.type) {
    case 'in_app':
      return sendInApp(delivery);
    case 'email': {
      // The body is rendered by the email renderer (block JSON → HTML), from the raw control.
      const raw = job.step.controlValues['body'];
      return sendEmail(delivery, () =>
        renderEmailBody(typeof raw === 'string' ? raw : JSON.stringify(raw ?? ''), context),
      );
    }
    case 'sms':
      return sendSms(delivery);
    case 'chat':
      return sendChat(delivery);
    default:
      return sendPush(delivery);
  }
}

function runDelay(input: RunInput, job: JobRecord, index: number): DeliveryOutcome | 'waiting' {
  const { scope, notification } = input;
  const outcome = delayUntil(settingsOf(job), {
    now: scope.now(),
    payload: notification.payload,
    ...(typeof input.subscriber.timezone === 'string'
      ? { timezone: input.subscriber.timezone }
      : {}),
  });
  if (!outcome.ok) {
    addDetail(detailScope(scope, job), outcome.detail, { raw: { reason: outcome.reason } });
    return 'failed';
  }
  setStatus(scope, notification, job, 'delayed');
  addDetail(detailScope(scope, job), DETAILS.stepDelayed, {
    raw: { resumeAt: new Date(outcome.resumeAt).toISOString() },
  });
  scope.schedule({
    at: outcome.resumeAt,
    kind: 'resume-delay',
    environmentId: scope.environment._id,
    notificationId: notification._id,
    jobIndex: index,
  });
  return 'waiting';
}

function runDigest(
  input: RunInput,
  job: JobRecord,
  index: number,
): DeliveryOutcome | 'waiting' | 'merged' {
  const { scope, notification, workflow, subscriber } = input;
  const settings = settingsOf(job) as DigestSettings & Record<string, unknown>;
  const now = scope.now();
  const keyValue = digestKeyValue(settings, {
    payload: notification.payload,
    subscriber: subscriberVariables(subscriber),
  });
  const group = digestGroupKey({
    subscriberId: subscriber.subscriberId,
    workflowId: workflow.workflowId,
    stepId: job.step.stepId,
    keyValue,
  });
  const lastEventAt = scope.data.digestLastEvent.get(group);
  scope.data.digestLastEvent.set(group, now);
  const digestMeta = {
    ...settings,
    type: settings.type ?? 'regular',
    ...(keyValue === undefined ? {} : { digestKey: settings.digestKey }),
  };
  const open = scope.data.digests.get(group);
  if (open !== undefined && open.closesAt > now) {
    const first = scope.data.notificationsById.get(open.notificationId);
    const firstJob = first?.jobs[open.jobIndex];
    if (first && firstJob) {
      (firstJob.digest?.['events'] as JsonObject[] | undefined)?.push(notification.payload);
      open.notificationIds.push(notification._id);
      notification._digestedNotificationId = first._id;
      job.digest = { ...digestMeta, events: [] };
      addDetail(detailScope(scope, job), DETAILS.digestMerged, {
        raw: { digestedNotificationId: first._id },
      });
      return 'merged';
    }
  }
  try {
    if (passesBackoff(settings, now, lastEventAt)) {
      job.digest = { ...digestMeta, events: [notification.payload] };
      addDetail(detailScope(scope, job), DETAILS.digestSkippedFirstBackoffEvent);
      return 'completed';
    }
    const closesAt = digestWindowEnd(settings, now, {
      timezone: typeof subscriber.timezone === 'string' ? subscriber.timezone : undefined,
    });
    job.digest = { ...digestMeta, events: [notification.payload] };
    scope.data.digests.set(group, {
      notificationId: notification._id,
      jobIndex: index,
      closesAt,
      notificationIds: [notification._id],
    });
    setStatus(scope, notification, job, 'delayed');
    addDetail(detailScope(scope, job), DETAILS.startDigesting, {
      raw: { closesAt: new Date(closesAt).toISOString() },
    });
    scope.schedule({
      at: closesAt,
      kind: 'close-digest',
      environmentId: scope.environment._id,
      notificationId: notification._id,
      jobIndex: index,
    });
    return 'waiting';
  } catch (error) {
    if (!(error instanceof DigestConfigurationError)) throw error;
    addDetail(detailScope(scope, job), DETAILS.delayMisconfiguration, {
      raw: { reason: error.message },
    });
    return 'failed';
  }
}

function runThrottle(input: RunInput, job: JobRecord): 'completed' | 'failed' | 'skipped' {
  const { scope, notification, workflow, subscriber } = input;
  const verdict = createThrottleTracker(scope.data.throttle).admit({
    scope: throttleScope({
      subscriberId: subscriber.subscriberId,
      workflowId: workflow.workflowId,
      stepId: job.step.stepId,
    }),
    settings: settingsOf(job) as ThrottleSettings,
    variables: { payload: notification.payload, subscriber: subscriberVariables(subscriber) },
    now: scope.now(),
  });
  if (!verdict.ok) {
    addDetail(detailScope(scope, job), DETAILS.providerError, { raw: { reason: verdict.reason } });
    return 'failed';
  }
  addDetail(detailScope(scope, job), verdict.detail, { raw: verdict.raw });
  return verdict.admitted ? 'completed' : 'skipped';
}

/** What the step's conditions decided: run it, skip it, or fail it (a rule that cannot be evaluated). */
type ConditionsOutcome = 'run' | 'skip' | 'fail';

/**
 * Judges the step's filters (values rendered first, docs/behaviour/runs.md#step-conditions) and its
 * `skip` control, which holds the condition to **run** the step.
 */
function judgeConditions(
  input: RunInput,
  job: JobRecord,
  context: TemplateContext,
): ConditionsOutcome {
  const variables = {
    subscriber: context.subscriber,
    payload: context.payload,
    ...(context.tenant === undefined ? {} : { tenant: context.tenant }),
    ...(context.actor === undefined ? {} : { actor: context.actor }),
    ...(context.step === undefined ? {} : { step: context.step }),
  };
  const filters = job.step.filters as StepFilter[];
  if (filters.length > 0) {
    const renderValue = (value: string): string => {
      const rendered = renderTemplate(value, context);
      if (rendered.ok) return rendered.value;
      addDetail(detailScope(input.scope, job), DETAILS.processingStepFilterFailed, {
        raw: { error: rendered.error },
      });
      return '';
    };
    const verdict = evaluateFilters(filters, variables, { renderValue });
    if (!verdict.passed) {
      addDetail(detailScope(input.scope, job), DETAILS.stepSkippedByConditions, {
        raw: { filter: { conditions: verdict.conditions, passed: false } },
      });
      return 'skip';
    }
  }
  const skip = evaluateSkip(job.step.controlValues['skip'], variables);
  if (skip.error !== undefined) {
    addDetail(detailScope(input.scope, job), DETAILS.bridgeExecutionFailed, {
      raw: { message: skip.error },
    });
    return 'fail';
  }
  if (skip.skipped) {
    addDetail(detailScope(input.scope, job), DETAILS.stepSkippedByConditions, {
      raw: { skip: true },
    });
    return 'skip';
  }
  return 'run';
}

function runStep(input: RunInput, index: number): StepResult {
  const { scope, notification } = input;
  const job = notification.jobs[index] as JobRecord;
  setStatus(scope, notification, job, 'queued');
  addDetail(detailScope(scope, job), DETAILS.stepQueued);
  const context = templateContext(input, index);
  let conditions = judgeConditions(input, job, context);
  // The service judges conditions and preferences side by side: both may write their detail.
  const preference = judgePreferences(scope.data, input.subscriber, input.workflow, job.type);
  if (!preference.send) {
    addDetail(detailScope(scope, job), preference.detail, { raw: preference.raw });
    if (conditions === 'run') conditions = 'skip';
  }
  if (conditions === 'skip') {
    setStatus(scope, notification, job, 'skipped');
    return 'next';
  }
  setStatus(scope, notification, job, 'running');
  let outcome: DeliveryOutcome | 'waiting' | 'merged' | 'skipped';
  if (conditions === 'fail') outcome = 'failed';
  else
    switch (job.type) {
      case 'delay':
        outcome = runDelay(input, job, index);
        break;
      case 'digest':
        outcome = runDigest(input, job, index);
        break;
      case 'throttle':
        outcome = runThrottle(input, job);
        break;
      case 'custom':
        addDetail(detailScope(scope, job), DETAILS.stepProcessed);
        outcome = 'completed';
        break;
      default:
        outcome = runChannel(input, job, context);
    }
  if (outcome === 'waiting') return 'stop';
  if (outcome === 'merged') {
    setStatus(scope, notification, job, 'merged');
    finishRest(input, index, 'merged');
    return 'stop';
  }
  if (outcome === 'skipped') {
    // Throttled: this event goes no further.
    setStatus(scope, notification, job, 'skipped');
    finishRest(input, index, 'skipped');
    return 'stop';
  }
  setStatus(scope, notification, job, outcome);
  if (outcome === 'failed') {
    job.error = job.executionDetails[job.executionDetails.length - 1]?.detail ?? 'failed';
    if (job.step.shouldStopOnFail || ACTION_STEPS.has(job.type)) {
      finishRest(input, index, 'canceled', DETAILS.stepCanceledPreviousStepFailed);
      return 'stop';
    }
  }
  return 'next';
}

function runInput(scope: RunScope, notification: NotificationRecord): RunInput | undefined {
  const workflow = workflowByObjectId(scope.data, notification._templateId);
  const subscriberId = scope.data.subscriberKeys.get(notification._subscriberId);
  const subscriber =
    subscriberId === undefined ? undefined : scope.data.subscribers.get(subscriberId);
  if (!workflow || !subscriber) return undefined;
  return { scope, notification, workflow, subscriber };
}

/**
 * Runs a notification's jobs from `start` on, until one waits (delay, digest) or stops the run.
 *
 * @example
 * ```ts
 * runJobs(scope, notification, 0);
 * ```
 */
export function runJobs(scope: RunScope, notification: NotificationRecord, start: number): void {
  const input = runInput(scope, notification);
  if (input === undefined) {
    // The workflow or subscriber is gone: nothing can be delivered any more.
    for (const job of notification.jobs.slice(start)) {
      if (job.status === 'pending') setStatus(scope, notification, job, 'canceled');
    }
    return;
  }
  for (let index = start; index < notification.jobs.length; index++) {
    if (runStep(input, index) === 'stop') return;
  }
}

/**
 * Runs a scheduled task that fell due: a delay that ends or a digest window that closes; the
 * run goes on with the next step.
 *
 * @example
 * ```ts
 * runScheduledTask(scope, { seq: 1, at, kind: 'resume-delay', environmentId, notificationId, jobIndex: 0 });
 * ```
 */
export function runScheduledTask(scope: RunScope, task: ScheduledTaskRecord): void {
  const notification = scope.data.notificationsById.get(task.notificationId);
  const job = notification?.jobs[task.jobIndex];
  if (!notification || !job || job.status !== 'delayed') return;
  if (task.kind === 'close-digest') {
    for (const [group, open] of scope.data.digests) {
      if (open.notificationId === notification._id && open.jobIndex === task.jobIndex) {
        scope.data.digests.delete(group);
      }
    }
    addDetail(detailScope(scope, job), DETAILS.stepDigested, {
      raw: { events: (job.digest?.['events'] as unknown[] | undefined)?.length ?? 0 },
    });
  } else {
    addDetail(detailScope(scope, job), DETAILS.delayFinished);
  }
  setStatus(scope, notification, job, 'completed');
  runJobs(scope, notification, task.jobIndex + 1);
}
