/**
 * What every channel step shares: the run's delivery, execution details, stored messages, the
 * outbox entry and the integration choice (docs/behaviour/runs.md#channels).
 *
 * @module
 */

import type { JsonObject } from '../../../../src/schemas/common';
import { evaluateFilters } from '../../policy/conditions';
import { type ProviderChannel, takeProviderFailure } from '../../policy/faults';
import { newestActiveIntegration } from '../../resources/integrations';
import type { EngineScope } from '../../scope';
import { outboxItem } from '../../store/outbox-entry';
import { EMPTY_OBJECT, instantList, sharedTags } from '../../store/shared';
import type {
  EnvironmentData,
  IntegrationRecord,
  JobRecord,
  MessageRecord,
  NotificationRecord,
  OutboxRecord,
  StoredExecutionDetail,
  SubscriberRecord,
  WorkflowRecord,
} from '../../store/state';
import { tables } from '../../store/tables';
import { DETAILS, type DetailText } from '../detail-texts';
import { renderTemplate } from '../templates';

/** The channel step being delivered, in its run's scope. */
export interface StepDelivery {
  scope: EngineScope;
  workflow: WorkflowRecord;
  notification: NotificationRecord;
  subscriber: SubscriberRecord;
  job: JobRecord;
  /** The step's control values, rendered. */
  controls: Record<string, unknown>;
}

/** Where an execution detail is written: a job, stamped by the scope's ids and clock. */
export interface DetailTarget {
  scope: Pick<EngineScope, 'ids' | 'iso'>;
  job: JobRecord;
}

/** How a channel step ended: the job status it leaves. */
export type DeliveryOutcome = 'completed' | 'failed' | 'canceled';

/** The channels a step can deliver through. */
export type Channel = OutboxRecord['channel'];

/** Appends an execution detail to the job. */
export function addDetail(
  target: DetailTarget,
  text: DetailText,
  extra: { providerId?: string | undefined; raw?: unknown } = {},
): void {
  const { raw, providerId } = extra;
  const _id = target.scope.ids.objectId();
  const createdAt = target.scope.iso();
  const rawText = raw === undefined ? null : typeof raw === 'string' ? raw : JSON.stringify(raw);
  const { status, detail, source } = text;
  // Only what differs from most details (`executionDetail` in store/state.ts fills the rest in on
  // read). One literal per common shape, so every field sits in the object (a spread or a later
  // assignment moves fields to a separate store), and an array of the exact length (a push leaves
  // room for 16 more) (docs/decisions/0101-flat-ids-and-heap.md).
  let record: StoredExecutionDetail;
  if (source === 'Internal' && rawText === null) {
    record =
      providerId === undefined
        ? { _id, createdAt, status, detail }
        : { _id, createdAt, status, detail, providerId };
  } else {
    record = { _id, createdAt, status, detail };
    if (source !== 'Internal') record.source = source;
    if (providerId !== undefined) record.providerId = providerId;
    if (rawText !== null) record.raw = rawText;
  }
  target.job.executionDetails = target.job.executionDetails.concat([record]);
}

const activeOn = (integration: IntegrationRecord, channel: Channel) =>
  integration.channel === channel && integration.active && !integration.deleted;

/**
 * The integration a step delivers through, as the service's integration selection picks it:
 * `overrides.<channel>.integrationIdentifier` names one (an active one of the channel, else none);
 * otherwise email and sms take the active primary, in-app the newest active one; then,
 * when the trigger has a tenant, the first active integration of the channel whose `conditions`
 * match it wins over that (docs/behaviour/runs.md#integration-selection).
 */
export function selectIntegration(
  data: EnvironmentData,
  channel: Channel,
  overrides: Record<string, unknown>,
  tenant?: Record<string, unknown>,
): IntegrationRecord | undefined {
  const named = objectAt(overrides[channel])['integrationIdentifier'];
  if (typeof named === 'string') {
    return newestActiveIntegration(
      data,
      (integration) => integration.channel === channel,
      tables.integrations.withIdentifier(data, named),
    );
  }
  const withPrimary = channel === 'email' || channel === 'sms';
  const newest = newestActiveIntegration(
    data,
    (integration) => integration.channel === channel && (!withPrimary || integration.primary),
  );
  if (tenant === undefined) return newest;
  const variables = { tenant };
  const renderValue = (value: string) => {
    const rendered = renderTemplate(value, { tenant: tenant as JsonObject });
    return rendered.ok ? rendered.value : '';
  };
  const conditioned = tables.integrations.find(
    data,
    (integration) =>
      activeOn(integration, channel) &&
      integration.conditions.length > 0 &&
      evaluateFilters(integration.conditions, variables, { renderValue }).passed,
  );
  return conditioned ?? newest;
}

/**
 * The integration a subscriber channel of a chat or push step sends through, as the service
 * looks it up: an active integration of the channel with the channel's `providerId` and, when the
 * channel names one, its `_integrationId`; else the newest active one of that provider.
 */
export function channelIntegration(
  data: EnvironmentData,
  channel: 'chat' | 'push',
  providerId: string,
  integrationId?: string,
): IntegrationRecord | undefined {
  return newestActiveIntegration(
    data,
    (integration) =>
      integration.channel === channel &&
      integration.providerId === providerId &&
      (integrationId === undefined || integration._id === integrationId),
  );
}

/** The fields a channel adds to a stored message. */
export type MessageFields = Partial<
  Pick<
    MessageRecord,
    | 'subject'
    | 'title'
    | 'avatar'
    | 'data'
    | 'email'
    | 'phone'
    | 'directWebhookUrl'
    | 'deviceTokens'
    | 'errorId'
    | 'errorText'
    | 'cta'
    | 'status'
    | 'overrides'
  >
> & { content: string };

/**
 * The trigger payload as a message stores it: without `attachments`, which the service strips
 * before storing (docs/behaviour/runs.md#channels).
 */
export function storedPayload(payload: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(payload, 'attachments')) return payload;
  const { attachments: _attachments, ...rest } = payload;
  return rest;
}

/** The value when it is non-empty text, else `undefined` (overrides and profiles are free-form). */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value when it is a plain object, else `{}` (overrides are free-form JSON). */
export function objectAt(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The overrides a single-message channel applies and stores on its message, as the service
 * merges them: `overrides.<channel>` then `overrides.<providerId>` on top
 * (docs/behaviour/runs.md#overrides), then a code-first step's `providers.<providerId>` from its
 * bridge, whose `_passthrough` body is merged in and headers added (docs/code-first.md).
 */
export function channelOverrides(
  overrides: Record<string, unknown>,
  channel: Channel,
  providerId: string,
  bridgeProviders?: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...objectAt(overrides[channel]), ...objectAt(overrides[providerId]) };
  if (bridgeProviders === undefined) return merged;
  const { _passthrough, ...fromBridge } = objectAt(bridgeProviders[providerId]);
  const passthrough = objectAt(_passthrough);
  const headers = { ...objectAt(merged['headers']), ...objectAt(passthrough['headers']) };
  return {
    ...merged,
    ...fromBridge,
    ...objectAt(passthrough['body']),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

/** Stores a message of the job's channel for the subscriber and returns it. */
export function storeMessage(
  delivery: StepDelivery,
  channel: Channel,
  providerId: string,
  fields: MessageFields,
): MessageRecord {
  const { notification, job, workflow } = delivery;
  const { environment } = delivery.scope;
  const at = delivery.scope.iso();
  const { content, ...rest } = fields;
  const message: MessageRecord = {
    _id: delivery.scope.ids.objectId(),
    _templateId: workflow._id,
    _environmentId: environment._id,
    _messageTemplateId: job.step._id,
    _organizationId: environment._organizationId,
    _notificationId: notification._id,
    _subscriberId: notification._subscriberId,
    _feedId: null,
    _jobId: job._id,
    templateIdentifier: workflow.workflowId,
    transactionId: notification.transactionId,
    channel,
    read: false,
    seen: false,
    archived: false,
    deliveredAt: instantList(at),
    status: 'sent',
    cta: EMPTY_OBJECT,
    providerId,
    // The trigger's payload is copied once and never changed afterwards.
    payload: storedPayload(notification.payload),
    overrides: EMPTY_OBJECT,
    tags: sharedTags(workflow.tags),
    // The service stores the trigger's context on the message (and filters the list by it); a
    // notification restored from an older snapshot may have no keys at all.
    ...(notification.contextKeys?.length ? { contextKeys: notification.contextKeys } : {}),
    createdAt: at,
    updatedAt: at,
    // `content` named, the other fields spread: V8 then keeps `content` and one more field (an
    // in-app subject) in the object instead of a separate store. Every caller's fields start
    // with `content`, so the keys keep the order a spread of `fields` gave them.
    content,
    ...rest,
  };
  tables.messages.insert(delivery.scope.data, message);
  return message;
}

/**
 * What an outbox entry records beyond the stored message: where it went, and for email the
 * mail's own fields (`to`, `cc`, `bcc`, `replyTo`, `senderName`, `from`, `customData`,
 * `headers`, and a `subject` or `content` the overrides replaced).
 */
export type OutboxDelivery = Partial<
  Pick<
    OutboxRecord,
    | 'email'
    | 'phone'
    | 'webhookUrl'
    | 'deviceTokens'
    | 'channelEndpoint'
    | 'to'
    | 'cc'
    | 'bcc'
    | 'replyTo'
    | 'senderName'
    | 'from'
    | 'customData'
    | 'headers'
    | 'subject'
    | 'content'
  >
>;

/** Records a delivered message in the outbox. */
export function deliver(
  delivery: StepDelivery,
  message: MessageRecord,
  integration: IntegrationRecord,
  recipient: OutboxDelivery,
): void {
  // The entry keeps what the message does not hold; the outbox reads the rest from the message
  // (store/outbox-entry.ts), in the order of the record it answers.
  tables.outbox.push(
    delivery.scope.state,
    outboxItem(
      delivery.scope.state,
      delivery.scope.data,
      message,
      {
        environmentId: delivery.scope.environment._id,
        subscriberId: delivery.subscriber.subscriberId,
        integrationIdentifier: integration.identifier,
        providerId: integration.providerId,
        payload: delivery.notification.payload,
        sentAt: delivery.scope.iso(),
      },
      recipient,
    ),
  );
  if (!delivery.scope.events.observed) return;
  delivery.scope.events.emit({
    type: 'message-sent',
    environmentId: delivery.scope.environment._id,
    channel: message.channel,
    messageId: message._id,
    notificationId: delivery.notification._id,
    transactionId: message.transactionId,
    subscriberId: delivery.subscriber.subscriberId,
    workflowId: delivery.workflow.workflowId,
  });
}

/** The common end of a send: `Message created`, the outbox entry and `Message sent`. */
export function sent(
  delivery: StepDelivery,
  message: MessageRecord,
  integration: IntegrationRecord,
  recipient: OutboxDelivery,
): void {
  addDetail(delivery, DETAILS.messageCreated, { providerId: integration.providerId });
  deliver(delivery, message, integration, recipient);
  addDetail(delivery, DETAILS.messageSent, { providerId: integration.providerId });
}

/**
 * Ends a send through an injected provider failure (`engine.faults.addProviderFailure`), when
 * one matches: the message is stored with status `error`, `errorId` and `errorText`, nothing
 * reaches the outbox, and the job records `Message created` then `Unexpected provider error`
 * (Failed). Returns false when the delivery goes through.
 */
export function failedAtProvider(
  delivery: StepDelivery,
  channel: ProviderChannel,
  integration: IntegrationRecord,
  fields: MessageFields,
): boolean {
  const failure = takeProviderFailure(delivery.scope.state, channel, integration.providerId);
  if (failure === undefined) return false;
  storeMessage(delivery, channel, integration.providerId, {
    ...fields,
    status: 'error',
    ...failure,
  });
  addDetail(delivery, DETAILS.messageCreated, { providerId: integration.providerId });
  addDetail(delivery, DETAILS.providerError, { providerId: integration.providerId, raw: failure });
  return true;
}

/**
 * How one subscriber channel of a chat or push step ended, as the service folds them: any
 * `success` wins, else any `skipped` (no address), else `failed`.
 */
export type ChannelResult = 'success' | 'skipped' | 'failed';

/** Folds one subscriber channel's result into the step's so far (see {@link ChannelResult}). */
export function foldChannelResult(current: ChannelResult, next: ChannelResult): ChannelResult {
  if (current === 'success' || next === 'success') return 'success';
  if (current === 'skipped' || next === 'skipped') return 'skipped';
  return 'failed';
}

/**
 * Sends a chat or push step to each of its targets, as the service's chat and push usecases fan
 * out: none at all → `Subscriber does not have a configured channel` and the job fails; one
 * delivery completes the job; only skipped targets cancel it; else `allFailed` is recorded and the
 * job fails.
 */
export function fanOut<T>(
  delivery: StepDelivery,
  targets: readonly T[],
  send: (target: T) => ChannelResult,
  allFailed: DetailText,
): DeliveryOutcome {
  if (targets.length === 0) {
    addDetail(delivery, DETAILS.noConfiguredChannel);
    return 'failed';
  }
  let result: ChannelResult = 'failed';
  for (const target of targets) result = foldChannelResult(result, send(target));
  if (result === 'success') return 'completed';
  if (result === 'skipped') return 'canceled';
  addDetail(delivery, allFailed);
  return 'failed';
}

/**
 * Logs `Integration instance selected` (`Pending`) for an integration, as the service's send
 * usecases do once they have picked one, with the integration's `providerId`, `identifier`,
 * `name`, `_environmentId` and `_id` as its raw.
 */
export function integrationSelected(target: DetailTarget, integration: IntegrationRecord): void {
  const { providerId, identifier, name, _environmentId, _id } = integration;
  addDetail(target, DETAILS.integrationSelected, {
    providerId,
    raw: { providerId, identifier, name, _environmentId, _id },
  });
}

/**
 * Ends an already stored message through an injected provider failure, when one matches: the
 * message gets status `error` with the failure's `errorId` and `errorText`, and the job records
 * `Unexpected provider error`. Returns false when the send goes through.
 */
export function storedMessageFailed(
  delivery: StepDelivery,
  message: MessageRecord,
  integration: IntegrationRecord,
): boolean {
  const channel = message.channel as ProviderChannel;
  const failure = takeProviderFailure(delivery.scope.state, channel, integration.providerId);
  if (failure === undefined) return false;
  Object.assign(message, { status: 'error', ...failure });
  addDetail(delivery, DETAILS.providerError, { providerId: integration.providerId, raw: failure });
  return true;
}

/**
 * Picks the integration a single-message step (in_app, email, sms) sends through and records
 * it on the job; none → the `Subscriber does not have an active integration` detail and
 * `undefined`. Email and sms also log `Integration instance selected`, as the service does.
 */
export function useIntegration(
  delivery: StepDelivery,
  channel: 'in_app' | 'email' | 'sms',
): IntegrationRecord | undefined {
  const tenant =
    delivery.notification.tenantId === undefined
      ? undefined
      : tables.tenants.get(delivery.scope.data, delivery.notification.tenantId);
  const integration = selectIntegration(
    delivery.scope.data,
    channel,
    delivery.notification.overrides,
    tenant as unknown as Record<string, unknown> | undefined,
  );
  if (!integration) {
    addDetail(delivery, DETAILS.noActiveIntegration);
    return undefined;
  }
  delivery.job.providerId = integration.providerId;
  if (channel !== 'in_app') integrationSelected(delivery, integration);
  return integration;
}

/**
 * Ends a send that has no address to go to, as the service's send usecases do: the message is
 * still stored (rendered, with `status: 'warning'` and the service's `errorId`/`errorText`), the
 * job records `Message created` then the channel's `missing` detail, and the job is `canceled`.
 */
export function undeliverable(
  delivery: StepDelivery,
  channel: Channel,
  integration: IntegrationRecord,
  fields: MessageFields,
  missing: DetailText,
): 'canceled' {
  storeMessage(delivery, channel, integration.providerId, fields);
  addDetail(delivery, DETAILS.messageCreated, { providerId: integration.providerId });
  addDetail(delivery, missing, { providerId: integration.providerId });
  return 'canceled';
}

/**
 * Sends one message through an integration: an injected provider failure ends it `failed`;
 * otherwise the message is stored, delivered to the outbox and logged, and the send is
 * `completed`.
 */
export function sendMessage(
  delivery: StepDelivery,
  channel: ProviderChannel,
  integration: IntegrationRecord,
  fields: MessageFields,
  recipient: OutboxDelivery,
): 'completed' | 'failed' {
  if (failedAtProvider(delivery, channel, integration, fields)) return 'failed';
  const message = storeMessage(delivery, channel, integration.providerId, fields);
  sent(delivery, message, integration, recipient);
  return 'completed';
}
