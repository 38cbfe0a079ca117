/**
 * The workflow run of one notification: its jobs in step order, with conditions, templates,
 * channels, delays, digests and throttles (docs/behaviour/runs.md). Runs synchronously on the engine
 * clock; a delay or digest stores a scheduled task (data) and the run resumes when the clock
 * reaches it.
 *
 * @module
 */

import type { JsonObject } from '../../../src/schemas/common';
import type { DigestMetadata } from '../../../src/schemas/notification';
import type { StepFilter } from '../../../src/schemas/step-filter';
import type { BridgeFailure, BridgeResult } from '../bridge/bridge-client';
import { readExecuteAnswer } from '../bridge/execute-answer';
import { bridgeCallTarget } from '../bridge/execute-request';
import { bridgeStepSettings } from '../bridge/step-settings';
import { evaluateFilters, evaluateSkip } from '../policy/conditions';
import { environmentBindings } from '../resources/environment-variables';
import type { EngineScope } from '../scope';
import { CLOCK_RANGE, isClockTime } from '../store/clock';
import type {
  JobRecord,
  NotificationRecord,
  PendingBridgeCallRecord,
  ScheduledTaskRecord,
  SubscriberRecord,
  WorkflowRecord,
} from '../store/state';
import { tables } from '../store/tables';
import { workflowByObjectId } from '../store/workflow-index';
import { isBridgeStep, queueBridgeCall } from './bridge-step';
import { sendChat } from './channels/chat';
import type { DeliveryOutcome, StepDelivery } from './channels/delivery';
import { addDetail } from './channels/delivery';
import { emailContentFailed, sendEmail } from './channels/email';
import { sendInApp } from './channels/in-app';
import { sendPush } from './channels/push';
import { sendSms } from './channels/sms';
import { delayUntil } from './delay';
import { DETAILS } from './detail-texts';
import {
  DigestConfigurationError,
  type DigestSettings,
  digestGroupKey,
  digestKeyValue,
  digestWindowEnd,
  NO_DIGEST_KEY,
  NO_DIGEST_VALUE,
  passesBackoff,
} from './digest';
import { recordedDigest } from './digest-record';
import { renderLaidOutEmail } from './email-layout';
import { judgePreferences } from './preferences';
import { judgeSchedule } from './schedule';
import { judgeScheduleExtension } from './schedule-extension';
import { renderStepControls } from './step-render';
import { digestStepVariables, renderTemplate, type TemplateVariables } from './templates';
import { createThrottleTracker, type ThrottleSettings, throttleScope } from './throttle';
import { misconfiguredStep, type TimeStepFailure, uncaughtStepError } from './time-step-failure';
import { translateControls } from './translate-controls';

const ACTION_STEPS = new Set(['digest', 'delay', 'throttle']);

/** The subscriber as templates and conditions see it. */
export function subscriberVariables(subscriber: SubscriberRecord | undefined): JsonObject {
  if (subscriber === undefined) return {};
  const { _organizationId, _environmentId, deleted, __v, channels, topics, ...rest } = subscriber;
  return rest as JsonObject;
}

/**
 * Sets a job's status and tells the event feed (the inspector's live view).
 *
 * @internal
 */
export function setStatus(
  scope: EngineScope,
  notification: NotificationRecord,
  job: JobRecord,
  status: JobRecord['status'],
): void {
  job.status = status;
  job.updatedAt = scope.iso();
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

/**
 * The digested events a job carries (`step.events` in its templates): a digest that closes copies
 * its events onto the jobs after it, as the service does (docs/behaviour/runs.md#time-steps).
 */
function digestedEvents(job: JobRecord | undefined) {
  if (job === undefined || job.type === 'digest') return undefined;
  const events = job.digest?.events;
  return events === undefined ? undefined : digestStepVariables(events);
}

interface RunInput {
  scope: EngineScope;
  notification: NotificationRecord;
  workflow: WorkflowRecord;
  subscriber: SubscriberRecord;
}

function templateVariables(input: RunInput, index: number): TemplateVariables {
  const { scope, notification } = input;
  const actor =
    notification.actorId === undefined
      ? undefined
      : tables.subscribers.get(scope.data, notification.actorId);
  const tenant =
    notification.tenantId === undefined
      ? undefined
      : tables.tenants.get(scope.data, notification.tenantId);
  const digest = digestedEvents(notification.jobs[index]);
  return {
    payload: notification.payload,
    subscriber: subscriberVariables(input.subscriber),
    ...(actor === undefined ? {} : { actor: subscriberVariables(actor) }),
    ...(tenant === undefined ? {} : { tenant: tenant as unknown as JsonObject }),
    ...(digest === undefined ? {} : { step: digest }),
    env: environmentBindings(scope),
  };
}

function settingsOf(job: JobRecord): Record<string, unknown> {
  // A code-first step's settings come from its bridge's outputs (bridge/step-settings.ts).
  if (job.bridge !== undefined) return bridgeStepSettings(job.type, job.bridge.outputs);
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
    if (detail) addDetail({ scope: input.scope, job }, detail);
  }
}

/** What a step did: go on with the next step, or stop (waiting, merged, throttled, halted). */
type StepResult = 'next' | 'stop';

function runChannel(input: RunInput, job: JobRecord, bindings: TemplateVariables): DeliveryOutcome {
  const { scope } = input;
  // The service logs this for every step but delays and digests once its conditions passed.
  addDetail({ scope, job }, DETAILS.startSending);
  // A code-first step's content is its bridge's outputs, rendered by the app already.
  const translated = translateControls(
    scope.data,
    input.workflow,
    input.subscriber.locale,
    job.step.controlValues,
  );
  const controlValues = translated.ok ? translated.value : job.step.controlValues;
  const rendered =
    job.bridge !== undefined
      ? { ok: true as const, value: job.bridge.outputs }
      : translated.ok
        ? renderStepControls({ controlValues }, bindings)
        : translated;
  const delivery: StepDelivery = {
    scope,
    workflow: input.workflow,
    notification: input.notification,
    subscriber: input.subscriber,
    job,
    controls: rendered.ok ? rendered.value : {},
  };
  if (!rendered.ok) {
    const raw = { error: rendered.error, path: rendered.path };
    // The service's email usecase selects the integration and stores the message first.
    if (job.type === 'email') return emailContentFailed(delivery, raw);
    addDetail({ scope, job }, DETAILS.messageContentNotGenerated, { raw });
    return 'failed';
  }
  switch (job.type) {
    case 'in_app':
      return sendInApp(delivery);
    case 'email': {
      // The service sends a code-first email's `body` as its HTML, without a layout.
      if (job.bridge !== undefined)
        return sendEmail(delivery, (html) => ({ ok: true, value: html }));
      // The body is rendered by the email renderer (block JSON → HTML), from the raw control.
      const raw = controlValues['body'];
      return sendEmail(delivery, () => renderLaidOutEmail(delivery, raw, bindings));
    }
    case 'sms':
      return sendSms(delivery);
    case 'chat':
      return sendChat(delivery);
    default:
      return sendPush(delivery);
  }
}

/** Records a failed delay or digest as the service does: its details, and the job's error. */
function failTimeStep(scope: EngineScope, job: JobRecord, failure: TimeStepFailure): 'failed' {
  for (const { detail, raw } of failure.details) addDetail({ scope, job }, detail, { raw });
  job.error = failure.error;
  return 'failed';
}

function runDelay(input: RunInput, job: JobRecord, index: number): DeliveryOutcome | 'waiting' {
  const { scope, notification } = input;
  // A code-first delay counts from when its step began, not from when its bridge answered.
  const now = Math.min(job.bridge?.startedAt ?? scope.now(), scope.now());
  const outcome = delayUntil(settingsOf(job), {
    now,
    payload: notification.payload,
    overrides: notification.overrides,
    ...(typeof input.subscriber.timezone === 'string'
      ? { timezone: input.subscriber.timezone }
      : {}),
  });
  if (!outcome.ok) return failTimeStep(scope, job, outcome.failure);
  // Checked before anything is written: a delay past the clock's range fails the step (a 500
  // here would leave the job half delayed; docs/security.md).
  if (outcome.resumeAt > now && !isClockTime(outcome.resumeAt)) {
    return failTimeStep(
      scope,
      job,
      misconfiguredStep(`The delay ends outside the engine clock's range ${CLOCK_RANGE}`),
    );
  }
  const resumeAt = Math.max(outcome.resumeAt, now);
  setStatus(scope, notification, job, 'delayed');
  // The service queues a delay that ends at once too, and says `Step delayed` unless it is 0,
  // with the delay it computed in ms (negative for a negative amount) as raw `{ delay }`.
  if (outcome.resumeAt !== now) {
    addDetail({ scope, job }, DETAILS.stepDelayed, {
      raw: { delay: outcome.resumeAt - now },
    });
  }
  scope.schedule({
    at: resumeAt,
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
): DeliveryOutcome | 'waiting' | 'merged' | 'passed' {
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
  const lastEventAt = tables.digestLastEvent.get(scope.data, group);
  tables.digestLastEvent.set(scope.data, group, now);
  // As the service's job records them: the key, else `No-Key-Provided`, and the event's value
  // for it, else `No-Value-Provided` (docs/behaviour/runs.md#time-steps).
  const digestMeta: DigestMetadata = {
    ...recordedDigest(settings),
    digestKey: settings.digestKey || NO_DIGEST_KEY,
    digestValue: keyValue ?? NO_DIGEST_VALUE,
  };
  const open = tables.digests.get(scope.data, group);
  if (open !== undefined && open.closesAt > now) {
    const first = tables.notifications.get(scope.data, open.notificationId);
    const firstJob = first?.jobs[open.jobIndex];
    if (first && firstJob) {
      const digested = firstJob.digest?.events;
      if (digested) {
        tables.notifications.addDigestEvent(scope.data, first, digested, notification.payload);
      }
      tables.digests.join(scope.data, group, open, notification._id);
      notification._digestedNotificationId = first._id;
      job.digest = { ...digestMeta, events: [] };
      addDetail({ scope, job }, DETAILS.digestMerged, {
        raw: { digestedNotificationId: first._id },
      });
      return 'merged';
    }
  }
  try {
    if (passesBackoff(settings, now, lastEventAt)) {
      // The service marks the pass-through event's digest job `skipped` and runs the next step;
      // no events are digested, so the steps after it see no `step.events`.
      job.digest = digestMeta;
      addDetail({ scope, job }, DETAILS.digestSkippedFirstBackoffEvent);
      return 'passed';
    }
    const closesAt = digestWindowEnd(settings, now, {
      timezone: typeof subscriber.timezone === 'string' ? subscriber.timezone : undefined,
    });
    if (!isClockTime(closesAt)) {
      throw new DigestConfigurationError(
        `The digest window ends outside the engine clock's range ${CLOCK_RANGE}`,
      );
    }
    job.digest = { ...digestMeta, events: [notification.payload] };
    tables.digests.set(scope.data, group, {
      notificationId: notification._id,
      jobIndex: index,
      closesAt,
      notificationIds: [notification._id],
    });
    setStatus(scope, notification, job, 'delayed');
    addDetail({ scope, job }, DETAILS.startDigesting, {
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
    // The service's add-job throws these (`validateDigest`); its worker fails the job silently.
    return failTimeStep(scope, job, uncaughtStepError(error.message));
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
    const last = verdict.details.at(-1)?.raw['error'];
    return failTimeStep(scope, job, {
      details: verdict.details,
      error: typeof last === 'string' ? last : DETAILS.delayMisconfiguration.detail,
    });
  }
  addDetail({ scope, job }, verdict.detail, { raw: verdict.raw });
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
  bindings: TemplateVariables,
): ConditionsOutcome {
  const variables = {
    subscriber: bindings.subscriber,
    payload: bindings.payload,
    ...(bindings.tenant === undefined ? {} : { tenant: bindings.tenant }),
    ...(bindings.actor === undefined ? {} : { actor: bindings.actor }),
    ...(bindings.step === undefined ? {} : { step: bindings.step }),
  };
  const filters = job.step.filters as StepFilter[];
  if (filters.length > 0) {
    const renderValue = (value: string): string => {
      const rendered = renderTemplate(value, bindings);
      if (rendered.ok) return rendered.value;
      addDetail({ scope: input.scope, job }, DETAILS.processingStepFilterFailed, {
        raw: { error: rendered.error },
      });
      return '';
    };
    const verdict = evaluateFilters(filters, variables, { renderValue });
    if (!verdict.passed) {
      addDetail({ scope: input.scope, job }, DETAILS.stepSkippedByConditions, {
        raw: { filter: { conditions: verdict.conditions, passed: false } },
      });
      return 'skip';
    }
  }
  const skip = evaluateSkip(job.step.controlValues['skip'], variables);
  if (skip.error !== undefined) {
    addDetail({ scope: input.scope, job }, DETAILS.bridgeExecutionFailed, {
      raw: { message: skip.error },
    });
    return 'fail';
  }
  if (skip.budgetExceeded) return 'fail';
  if (skip.skipped) {
    addDetail({ scope: input.scope, job }, DETAILS.stepSkippedByConditions, {
      raw: { skip: true },
    });
    return 'skip';
  }
  return 'run';
}

/**
 * Runs one step. An unexpected error inside it fails that step as a crashed worker does at the
 * service (the trigger was acknowledged already): the job is `failed` with the error in its
 * detail, the later steps are canceled, an open digest of the step is dropped, and the request
 * still answers as usual, so no half-run job is ever left behind a 500 (docs/security.md).
 */
function runStep(input: RunInput, index: number): StepResult {
  try {
    return runStepUnguarded(input, index);
  } catch (error) {
    failUnexpectedly(input.scope, input.notification, index, error);
    return 'stop';
  }
}

function failUnexpectedly(
  scope: EngineScope,
  notification: NotificationRecord,
  index: number,
  error: unknown,
): void {
  const job = notification.jobs[index] as JobRecord;
  for (const [group, open] of tables.digests.entries(scope.data)) {
    if (open.notificationId === notification._id && open.jobIndex === index) {
      tables.digests.delete(scope.data, group);
    }
  }
  setStatus(scope, notification, job, 'failed');
  job.error = DETAILS.notificationError.detail;
  for (const later of notification.jobs.slice(index + 1)) {
    if (later.status === 'pending') setStatus(scope, notification, later, 'canceled');
  }
  try {
    addDetail({ scope, job }, DETAILS.notificationError, {
      raw: { error: error instanceof Error ? error.message : String(error) },
    });
  } catch {
    // The detail is best effort: the statuses above already tell what happened.
  }
}

function runStepUnguarded(input: RunInput, index: number): StepResult {
  const { scope, notification } = input;
  const job = notification.jobs[index] as JobRecord;
  setStatus(scope, notification, job, 'queued');
  addDetail({ scope, job }, DETAILS.stepQueued);
  const bindings = templateVariables(input, index);
  let conditions = judgeConditions(input, job, bindings);
  if (conditions === 'run') {
    // The service's worker checks the schedule before it sends, so no preference detail then.
    const schedule = judgeSchedule(
      scope.data,
      input.subscriber,
      notification,
      job.type,
      scope.now(),
    );
    if (!schedule.send) {
      setStatus(scope, notification, job, 'canceled');
      addDetail({ scope, job }, schedule.detail, { raw: schedule.raw });
      return 'next';
    }
  }
  // The service judges conditions and preferences side by side: both may write their detail.
  const preference = judgePreferences(
    scope.data,
    input.subscriber,
    input.workflow,
    job.type,
    notification.contextKeys,
  );
  if (!preference.send) {
    addDetail({ scope, job }, preference.detail, { raw: preference.raw });
    if (conditions === 'run') conditions = 'skip';
  }
  if (conditions === 'skip') {
    setStatus(scope, notification, job, 'skipped');
    return 'next';
  }
  setStatus(scope, notification, job, 'running');
  if (conditions !== 'fail' && isBridgeStep(input.workflow, job)) {
    // Waits `running` for its bridge's answer (run/bridge-step.ts); the run goes on from there.
    queueBridgeCall(scope, notification, index);
    return 'stop';
  }
  return performStep(input, job, index, bindings, conditions === 'fail');
}

/** Runs a `running` step by its type (or fails it) and says whether the run goes on. */
function performStep(
  input: RunInput,
  job: JobRecord,
  index: number,
  bindings: TemplateVariables,
  failed: boolean,
): StepResult {
  const { scope, notification } = input;
  let outcome: DeliveryOutcome | 'waiting' | 'merged' | 'skipped' | 'passed';
  if (failed) outcome = 'failed';
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
        addDetail({ scope, job }, DETAILS.startSending);
        addDetail({ scope, job }, DETAILS.stepProcessed);
        outcome = 'completed';
        break;
      default:
        outcome = runChannel(input, job, bindings);
    }
  if (outcome === 'waiting') return 'stop';
  if (outcome === 'passed') {
    setStatus(scope, notification, job, 'skipped');
    return 'next';
  }
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
    job.error ??= job.executionDetails[job.executionDetails.length - 1]?.detail ?? 'failed';
    if (job.step.shouldStopOnFail || ACTION_STEPS.has(job.type)) {
      finishRest(input, index, 'canceled', DETAILS.stepCanceledPreviousStepFailed);
      return 'stop';
    }
  }
  return 'next';
}

/** Fails a code-first step whose bridge call failed, with the service's detail and raw failure. */
function failBridgeStep(scope: EngineScope, job: JobRecord, failure: BridgeFailure): void {
  addDetail({ scope, job }, DETAILS.bridgeExecutionFailed, { raw: { ...failure } });
  job.error = failure.message;
}

/**
 * Applies a bridge's answer to the step that waited for it (run/bridge-step.ts) and runs the rest
 * of the run: the outputs become the step's content or settings, `options.skip` skips it, and a
 * failed call fails it with the service's `Bridge execution failed` detail. An answer for a step
 * that no longer waits (canceled, the state replaced) changes nothing.
 *
 * @internal
 */
export function applyBridgeAnswer(
  scope: EngineScope,
  record: PendingBridgeCallRecord,
  result: BridgeResult | { ok: false; failure: BridgeFailure },
): void {
  tables.bridgeCalls.remove(scope.state, record);
  const target = bridgeCallTarget(scope, record);
  if (target === undefined || target.job.status !== 'running' || target.job.bridge !== undefined) {
    return;
  }
  const { notification, job } = target;
  const index = record.jobIndex;
  // The run changes this earlier notification in place: kept for a rollback of the change.
  tables.notifications.edit(scope.data, notification);
  const input = runInput(scope, notification);
  if (input === undefined) return;
  let step: StepResult;
  try {
    const read = result.ok ? readExecuteAnswer(result.body, result.url) : result;
    if (!read.ok) {
      failBridgeStep(scope, job, read.failure);
      step = performStep(input, job, index, templateVariables(input, index), true);
    } else {
      job.bridge = { ...read.answer, startedAt: record.at };
      if (read.answer.skip) {
        addDetail({ scope, job }, DETAILS.stepSkippedByConditions, { raw: { skip: true } });
        setStatus(scope, notification, job, 'skipped');
        step = 'next';
      } else {
        step = performStep(input, job, index, templateVariables(input, index), false);
      }
    }
  } catch (error) {
    failUnexpectedly(scope, notification, index, error);
    return;
  }
  if (step === 'next') runJobs(scope, notification, index + 1);
}

function runInput(scope: EngineScope, notification: NotificationRecord): RunInput | undefined {
  const workflow = workflowByObjectId(scope.data, notification._templateId);
  const subscriberId = tables.subscribers.subscriberIdOf(scope.data, notification._subscriberId);
  const subscriber =
    subscriberId === undefined ? undefined : tables.subscribers.get(scope.data, subscriberId);
  if (!workflow || !subscriber) return undefined;
  return { scope, notification, workflow, subscriber };
}

/** Runs a notification's jobs from `start` on, until one waits (delay, digest) or stops the run. */
export function runJobs(scope: EngineScope, notification: NotificationRecord, start: number): void {
  const input = runInput(scope, notification);
  if (input === undefined) {
    // The workflow or subscriber is gone: nothing can be delivered any more.
    for (const job of notification.jobs.slice(start)) {
      if (job.status === 'pending') setStatus(scope, notification, job, 'canceled');
    }
    return;
  }
  for (let index = start; index < notification.jobs.length; index++) {
    // A step canceled while an earlier one waited on its bridge does not run (run/cancel.ts).
    if (notification.jobs[index]?.status === 'canceled') continue;
    if (runStep(input, index) === 'stop') return;
  }
}

/**
 * Runs a scheduled task that fell due: a delay that ends or a digest window that closes; the
 * run goes on with the next step.
 */
export function runScheduledTask(scope: EngineScope, task: ScheduledTaskRecord): void {
  const notification = tables.notifications.get(scope.data, task.notificationId);
  const job = notification?.jobs[task.jobIndex];
  if (!notification || !job || job.status !== 'delayed') return;
  // The run changes this earlier notification in place: kept for a rollback of the operation.
  tables.notifications.edit(scope.data, notification);
  try {
    resumeJob(scope, notification, job, task);
  } catch (error) {
    // As in runStep: the waiting step fails alone, never a half-resumed run.
    failUnexpectedly(scope, notification, task.jobIndex, error);
  }
}

/**
 * `extendToSchedule` (docs/behaviour/runs.md#extending-to-the-schedule): a delay or digest about
 * to finish outside the subscriber's schedule waits on until the schedule allows. Answers
 * whether the job was extended (it then stays `delayed`; an open digest keeps taking events).
 */
function extendedToSchedule(
  scope: EngineScope,
  notification: NotificationRecord,
  job: JobRecord,
  task: ScheduledTaskRecord,
): boolean {
  const subscriber = runInput(scope, notification)?.subscriber;
  if (subscriber === undefined) return false;
  const verdict = judgeScheduleExtension(scope.data, subscriber, notification, job, scope.now());
  if (verdict.kind === 'finish') return false;
  if (verdict.kind === 'capped') {
    addDetail({ scope, job }, verdict.detail);
    return false;
  }
  if (!isClockTime(verdict.resumeAt)) return false;
  job.scheduleExtensionsCount = verdict.count;
  setStatus(scope, notification, job, 'delayed');
  addDetail({ scope, job }, verdict.detail, { raw: verdict.raw });
  for (const [group, open] of tables.digests.entries(scope.data)) {
    if (open.notificationId === notification._id && open.jobIndex === task.jobIndex) {
      tables.digests.closeAt(scope.data, group, open, verdict.resumeAt);
    }
  }
  scope.schedule({
    at: verdict.resumeAt,
    kind: task.kind,
    environmentId: task.environmentId,
    notificationId: task.notificationId,
    jobIndex: task.jobIndex,
  });
  return true;
}

/**
 * A closing code-first digest's events as the framework reads them (`{ id, time, payload }`, the
 * jobs of this step in the digested runs, oldest first).
 */
function bridgeDigestEvents(
  scope: EngineScope,
  notificationIds: readonly string[],
  digestJob: JobRecord,
): { id: string; time: string; payload: Record<string, unknown> }[] {
  return notificationIds.flatMap((id) => {
    const digested = tables.notifications.get(scope.data, id);
    const job = digested?.jobs.find((candidate) => candidate.step.stepId === digestJob.step.stepId);
    return digested === undefined || job === undefined
      ? []
      : [{ id: job._id, time: job.createdAt, payload: digested.payload }];
  });
}

function resumeJob(
  scope: EngineScope,
  notification: NotificationRecord,
  job: JobRecord,
  task: ScheduledTaskRecord,
): void {
  if (extendedToSchedule(scope, notification, job, task)) return;
  if (task.kind === 'close-digest') {
    for (const [group, open] of tables.digests.entries(scope.data)) {
      if (open.notificationId === notification._id && open.jobIndex === task.jobIndex) {
        if (job.bridge !== undefined)
          job.bridge.events = bridgeDigestEvents(scope, open.notificationIds, job);
        tables.digests.delete(scope.data, group);
      }
    }
    const events = job.digest?.events ?? [];
    addDetail({ scope, job }, DETAILS.stepDigested, { raw: { events: events.length } });
    // The digest's settings go with its events, so each job answers the documented `digest`
    // shape (docs/decisions/0030-runtime-rules.md); they are recorded when its window opens. Not
    // its `digestKey` and `digestValue`: the service keeps them on digest jobs only (its e2e
    // counts the jobs with the key).
    if (job.digest !== undefined) {
      const { events: _own, digestKey: _key, digestValue: _value, ...settings } = job.digest;
      for (const later of notification.jobs.slice(task.jobIndex + 1)) {
        if (later.status === 'pending') later.digest = { ...settings, events: [...events] };
      }
    }
  } else {
    addDetail({ scope, job }, DETAILS.delayFinished);
  }
  setStatus(scope, notification, job, 'completed');
  runJobs(scope, notification, task.jobIndex + 1);
}
