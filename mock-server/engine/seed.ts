/**
 * Seeding: plain objects in the spec's shapes, validated with the shared schemas, turned into
 * stored records of one environment.
 *
 * @module
 */

import * as z from 'zod/mini';
import { CHANNEL_TYPES, JsonObject, STEP_TYPES, type StepType } from '../../src/schemas/common';
import { IntegrationConfigurations, IntegrationCredentials } from '../../src/schemas/integration';
import { MessageCTA } from '../../src/schemas/message';
import { PreferenceSchedule } from '../../src/schemas/preference';
import { IntegrationConditionInput, StepFilterInput } from '../../src/schemas/step-filter';
import { SubscriptionPreferenceInput } from '../../src/schemas/topic';
import {
  SEVERITIES,
  StepMetadata,
  WORKFLOW_ORIGINS,
  WORKFLOW_STATUSES,
} from '../../src/schemas/workflow';
import type { TypedStep } from '../../src/schemas/workflow-control-values';
import { createIntegration, setPrimaryIntegration } from './resources/integrations';
import { updatePreferences } from './resources/preferences';
import { slugify } from './resources/slug';
import { newSubscriberRecord } from './resources/subscriber-lifecycle';
import { findSubscriber, putSubscriber } from './resources/subscribers';
import {
  buildSubscriptionPreferences,
  matchedWorkflows,
} from './resources/subscription-preferences';
import {
  findSubscription,
  SUBSCRIPTIONS_PER_SUBSCRIBER_PER_TOPIC,
  subscribe,
  subscriptionCount,
  subscriptionIdentifier,
} from './resources/subscriptions';
import { topicDataProblems } from './resources/topic-data';
import { newWorkflowRecord, newWorkflowStep } from './resources/workflow-record';
import type { EngineScope } from './scope';
import { withoutUndefined } from './store/objects';
import { EMPTY_LIST, EMPTY_OBJECT, instantList } from './store/shared';
import type { MessageRecord, SubscriptionRecord, WorkflowRecord } from './store/state';
import { tables } from './store/tables';
import { ServiceError } from './wire/service-error';
import { parseSeedPart } from './wire/validation';

/** A subscriber to seed: the spec's fields, only `subscriberId` required. */
export const SubscriberSeed = z.strictObject({
  subscriberId: z.string().check(z.minLength(1)),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  locale: z.optional(z.nullable(z.string())),
  timezone: z.optional(z.nullable(z.string())),
  data: z.optional(z.nullable(JsonObject)),
  isOnline: z.optional(z.nullable(z.boolean())),
  lastOnlineAt: z.optional(z.nullable(z.string())),
  createdAt: z.optional(z.string()),
});

/**
 * A subscriber of a seeded topic: its `subscriberId`, or `{ subscriberId, identifier?,
 * preferences? }` with the subscription's identifier and its workflow preferences in the
 * subscriptions create body's shape (docs/behaviour/topics.md#seeding-subscriptions-with-preferences).
 */
export const TopicSubscriberSeed = z.union(
  [
    z.string(),
    z.strictObject({
      subscriberId: z.string().check(z.minLength(1)),
      // Another identifier makes another subscription of the same subscriber to the topic.
      identifier: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
      // The create body's own item schema, with a message that names the shapes it takes.
      preferences: z.optional(
        z.array(
          z.union(SubscriptionPreferenceInput._zod.def.options, {
            error:
              'Expected a workflow id, { workflowId, enabled?, condition? } or { filter: { workflowIds?, tags? }, enabled?, condition? }, as a subscriptions create takes them',
          }),
          { error: 'Expected an array, as the preferences of a subscriptions create' },
        ),
      ),
    }),
  ],
  { error: 'Expected a subscriberId, or { subscriberId, identifier?, preferences? }' },
);

/** A topic to seed, with the subscribers subscribed to it (ids, or ids with preferences). */
export const TopicSeed = z.strictObject({
  key: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  /** Custom data, with the rules of a topic create (docs/behaviour/topics.md#custom-data). */
  data: z.optional(z.record(z.string(), z.unknown())),
  subscribers: z.optional(z.array(TopicSubscriberSeed)),
  contextKeys: z.optional(z.array(z.string())),
});

/** An integration to seed (the create body, plus `primary`). */
export const IntegrationSeed = z.strictObject({
  providerId: z.string().check(z.minLength(1)),
  channel: z.enum(CHANNEL_TYPES),
  name: z.optional(z.string()),
  identifier: z.optional(z.string()),
  active: z.optional(z.boolean()),
  primary: z.optional(z.boolean()),
  credentials: z.optional(IntegrationCredentials),
  configurations: z.optional(IntegrationConfigurations),
  conditions: z.optional(z.array(IntegrationConditionInput)),
});

type SeedableStepType = Exclude<StepType, 'trigger'>;
/** Every step type but `trigger`, which is the workflow's own and never one of its steps. */
const SEEDABLE_STEP_TYPES = STEP_TYPES.filter(
  (type): type is SeedableStepType => type !== 'trigger',
) as [SeedableStepType, ...SeedableStepType[]];

/**
 * A workflow step to seed (the schema; its input type is {@link WorkflowStepSeedInput}).
 *
 * @example
 * ```ts
 * WorkflowStepSeed.parse({ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } });
 * ```
 */
export const WorkflowStepSeed = z.strictObject({
  type: z.enum(SEEDABLE_STEP_TYPES, {
    error: `type must be one of ${SEEDABLE_STEP_TYPES.join(', ')}`,
  }),
  name: z.string().check(z.minLength(1)),
  stepId: z.optional(z.string()),
  active: z.optional(z.boolean()),
  controlValues: z.optional(JsonObject),
  filters: z.optional(z.array(StepFilterInput)),
  metadata: z.optional(StepMetadata),
  shouldStopOnFail: z.optional(z.boolean()),
});

/**
 * A workflow to seed (the schema; its input type is {@link WorkflowSeedInput}).
 *
 * @example
 * ```ts
 * WorkflowSeed.parse({ workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] });
 * ```
 */
export const WorkflowSeed = z.strictObject({
  workflowId: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
  active: z.optional(z.boolean()),
  status: z.optional(z.enum(WORKFLOW_STATUSES)),
  origin: z.optional(z.enum(WORKFLOW_ORIGINS)),
  steps: z.optional(z.array(WorkflowStepSeed)),
  payloadSchema: z.optional(z.nullable(JsonObject)),
  validatePayload: z.optional(z.boolean()),
  severity: z.optional(z.enum(SEVERITIES)),
  critical: z.optional(z.boolean()),
  isTranslationEnabled: z.optional(z.boolean()),
  preferences: z.optional(JsonObject),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
  lastTriggeredAt: z.optional(z.nullable(z.string())),
});

/**
 * A message to seed for a subscriber (in-app by default). Its `content` is text, as the engine
 * stores every message it sends (the rendered in-app text, email HTML, sms, chat and push text).
 * Its notification, workflow, step and job ids are drawn for it and name none the engine keeps.
 */
export const MessageSeed = z.strictObject({
  subscriberId: z.string().check(z.minLength(1)),
  channel: z.optional(z.enum(CHANNEL_TYPES)),
  content: z.optional(z.string()),
  subject: z.optional(z.string()),
  read: z.optional(z.boolean()),
  seen: z.optional(z.boolean()),
  status: z.optional(z.enum(['sent', 'error', 'warning'])),
  cta: z.optional(MessageCTA),
  payload: z.optional(JsonObject),
  templateIdentifier: z.optional(z.string()),
  transactionId: z.optional(z.string()),
  createdAt: z.optional(z.string()),
});

/** A tenant to seed. */
export const TenantSeed = z.strictObject({
  identifier: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  data: z.optional(JsonObject),
});

/** A subscriber's preference to seed: global, or for one workflow (`workflowId`). */
export const PreferenceSeed = z.object({
  subscriberId: z.string().check(z.minLength(1)),
  workflowId: z.optional(z.string()),
  channels: z.optional(
    z.object({
      in_app: z.optional(z.boolean()),
      email: z.optional(z.boolean()),
      sms: z.optional(z.boolean()),
      chat: z.optional(z.boolean()),
      push: z.optional(z.boolean()),
    }),
  ),
  schedule: z.optional(PreferenceSchedule),
});

/**
 * A workflow step to seed, its `controlValues` typed by its `type` (a misspelled control is a
 * compile error).
 *
 * @example
 * ```ts
 * const wait: WorkflowStepSeedInput = { type: 'delay', name: 'Wait', controlValues: { amount: 30, unit: 'minutes' } };
 * ```
 */
export type WorkflowStepSeedInput = TypedStep<
  Omit<z.input<typeof WorkflowStepSeed>, 'type' | 'controlValues'>
>;
/**
 * A workflow to seed: a `defineWorkflow` result, a workflow file, or the spec's fields.
 *
 * @example
 * ```ts
 * const welcome: WorkflowSeedInput = {
 *   workflowId: 'welcome',
 *   steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Welcome!' } }],
 * };
 * engine.seed({ workflows: [welcome] });
 * ```
 */
export type WorkflowSeedInput = Omit<z.input<typeof WorkflowSeed>, 'steps'> & {
  steps?: WorkflowStepSeedInput[] | undefined;
};
// The schema checks steps as WorkflowStepSeed does; its input type is the typed one above.
const SeedWorkflows = z.array(WorkflowSeed) as unknown as z.ZodMiniType<
  z.infer<typeof WorkflowSeed>[],
  WorkflowSeedInput[]
>;

/** What `engine.seed()` takes (the schema of {@link SeedData}); unknown keys are refused. */
const SeedDataSchema = z.strictObject({
  /** Environment name or `_id` to seed into (default `Development`). */
  environment: z.optional(z.string()),
  subscribers: z.optional(z.array(SubscriberSeed)),
  topics: z.optional(z.array(TopicSeed)),
  integrations: z.optional(z.array(IntegrationSeed)),
  workflows: z.optional(SeedWorkflows),
  messages: z.optional(z.array(MessageSeed)),
  tenants: z.optional(z.array(TenantSeed)),
  preferences: z.optional(z.array(PreferenceSeed)),
});
/**
 * What `engine.seed()` takes: plain objects in the spec's shapes.
 *
 * @example
 * ```ts
 * engine.seed({ subscribers: [{ subscriberId: 'user-1', email: 'ada@example.com' }] });
 * ```
 */
export type SeedData = z.input<typeof SeedDataSchema>;
/** Seed data after validation. */
export type ParsedSeed = z.infer<typeof SeedDataSchema>;

/** Validates seed data, throwing a readable error that names the bad field. */
export function parseSeed(input: unknown): ParsedSeed {
  return parseSeedPart(SeedDataSchema, input, '');
}

function seedError(message: string): ServiceError {
  return new ServiceError(400, `Invalid seed data: ${message}`, {
    ctx: { error: 'Bad Request', statusCode: 400 },
  });
}

/**
 * Writes parsed seed data into one environment: subscribers first, then tenants, integrations,
 * topics, workflows, preferences and messages (which refer to subscribers and workflows).
 */
export function applySeed(scope: EngineScope, seed: ParsedSeed): void {
  const { data, environment, ids } = scope;
  const at = scope.iso();
  for (const input of seed.subscribers ?? []) {
    const existing = tables.subscribers.get(data, input.subscriberId);
    putSubscriber(
      data,
      newSubscriberRecord(scope, input.subscriberId, existing, withoutUndefined(input)),
    );
  }
  for (const tenant of seed.tenants ?? []) {
    const existing = tables.tenants.get(data, tenant.identifier);
    tables.tenants.set(data, tenant.identifier, {
      _id: existing?._id ?? ids.objectId(),
      ...withoutUndefined(tenant),
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    });
  }
  seed.integrations?.forEach((input, index) => {
    const { primary, ...body } = input;
    try {
      const created = createIntegration(scope, body);
      if (primary) setPrimaryIntegration(scope, created._id);
    } catch (error) {
      if (error instanceof ServiceError) throw seedError(`integrations.${index}: ${error.message}`);
      throw error;
    }
  });
  // Subscription preferences name workflows, which this seed may add: set once those are in.
  const preferred: { subscription: SubscriptionRecord; inputs: SubscriptionPreferenceInput[] }[] =
    [];
  for (const [index, topicSeed] of (seed.topics ?? []).entries()) {
    let topic = tables.topics.get(data, topicSeed.key);
    if (!topic) {
      topic = { _id: ids.objectId(), key: topicSeed.key, createdAt: at, updatedAt: at };
      tables.topics.set(data, topic.key, topic);
    }
    if (topicSeed.name !== undefined) {
      tables.topics.edit(data, topic);
      topic.name = topicSeed.name;
    }
    if (topicSeed.data !== undefined) {
      const [problem] = topicDataProblems(topicSeed.data);
      if (problem !== undefined) throw seedError(`topics.${index}.data: ${problem}`);
      tables.topics.edit(data, topic);
      topic.data = structuredClone(topicSeed.data);
    }
    for (const entry of topicSeed.subscribers ?? []) {
      const subscriberId = typeof entry === 'string' ? entry : entry.subscriberId;
      const subscriber = findSubscriber(data, subscriberId);
      if (!subscriber) throw seedError(`topics.${index}: unknown subscriberId "${subscriberId}"`);
      const contextKeys = topicSeed.contextKeys ?? [];
      const identifier =
        (typeof entry === 'string' ? undefined : entry.identifier) ??
        subscriptionIdentifier(topic.key, subscriber.subscriberId, contextKeys);
      if (
        !findSubscription(data, topic, subscriber, identifier) &&
        subscriptionCount(data, topic, subscriber) >= SUBSCRIPTIONS_PER_SUBSCRIBER_PER_TOPIC
      ) {
        throw seedError(
          `topics.${index}: Subscriber ${subscriberId} has reached the maximum allowed of ${SUBSCRIPTIONS_PER_SUBSCRIBER_PER_TOPIC} subscriptions for topic "${topic.key}"`,
        );
      }
      const subscription = subscribe(
        data,
        topic,
        subscriber,
        contextKeys,
        ids.objectId(),
        at,
        identifier,
      );
      if (typeof entry !== 'string' && entry.preferences !== undefined) {
        preferred.push({ subscription, inputs: entry.preferences });
      }
    }
  }
  if (seed.workflows !== undefined && seed.workflows.length > 0) {
    // One lookup map per seed call, so n workflows cost n, not n² scans.
    const byWorkflowId = new Map(
      tables.workflows.values(data).map((workflow) => [workflow.workflowId, workflow]),
    );
    for (const input of seed.workflows) seedWorkflow(scope, input, byWorkflowId);
  }
  for (const { subscription, inputs } of preferred) {
    // As a subscriptions create builds them (docs/behaviour/topics.md#subscription-preferences),
    // but a seed states the subscription's preferences: they replace any it had.
    const preferences = buildSubscriptionPreferences(inputs, matchedWorkflows(data, inputs));
    tables.subscriptions.edit(data, subscription);
    if (preferences.length > 0) subscription.preferences = preferences;
    else delete subscription.preferences;
  }
  for (const [index, input] of (seed.preferences ?? []).entries()) {
    const { subscriberId, ...body } = withoutUndefined(input);
    try {
      updatePreferences(scope, subscriberId, body);
    } catch (error) {
      if (error instanceof ServiceError) throw seedError(`preferences.${index}: ${error.message}`);
      throw error;
    }
  }
  // One workflow and step id per template a seed names, as the service's messages of one template
  // share theirs (and 100k seeded messages do not hold 200k more id strings).
  const seededTemplates = new Map<string, { workflow: string; step: string }>();
  const templateIdsOf = (identifier: string) => {
    let template = seededTemplates.get(identifier);
    if (template === undefined) {
      template = { workflow: ids.objectId(), step: ids.objectId() };
      seededTemplates.set(identifier, template);
    }
    return template;
  };
  for (const [index, input] of (seed.messages ?? []).entries()) {
    const subscriber = findSubscriber(data, input.subscriberId);
    if (!subscriber)
      throw seedError(`messages.${index}: unknown subscriberId "${input.subscriberId}"`);
    const createdAt = input.createdAt ?? at;
    const template = templateIdsOf(input.templateIdentifier ?? '');
    const message: MessageRecord = {
      _id: ids.objectId(),
      // The service's messages always name their workflow, step and job: a seeded one's, like
      // its notification, names none the engine keeps.
      _templateId: template.workflow,
      _environmentId: environment._id,
      _messageTemplateId: template.step,
      _organizationId: environment._organizationId,
      _notificationId: ids.objectId(),
      _subscriberId: subscriber._id,
      _feedId: null,
      _jobId: ids.objectId(),
      ...(input.templateIdentifier === undefined
        ? {}
        : { templateIdentifier: input.templateIdentifier }),
      transactionId: input.transactionId ?? ids.uuid(),
      channel: input.channel ?? 'in_app',
      content: input.content ?? '',
      ...(input.subject === undefined ? {} : { subject: input.subject }),
      read: input.read ?? false,
      seen: input.seen ?? false,
      archived: false,
      deliveredAt: instantList(createdAt),
      status: input.status ?? 'sent',
      cta: input.cta === undefined ? EMPTY_OBJECT : structuredClone(input.cta),
      providerId: 'svc',
      payload: structuredClone(input.payload ?? {}),
      overrides: EMPTY_OBJECT,
      tags: EMPTY_LIST,
      createdAt,
      updatedAt: createdAt,
    };
    tables.messages.insert(data, message);
  }
}

function seedWorkflow(
  scope: EngineScope,
  input: z.infer<typeof WorkflowSeed>,
  byWorkflowId: Map<string, WorkflowRecord>,
): void {
  const { data } = scope;
  const existing = byWorkflowId.get(input.workflowId);
  const steps = (input.steps ?? []).map((step) =>
    newWorkflowStep(scope, {
      stepId: step.stepId ?? slugify(step.name),
      name: step.name,
      type: step.type,
      active: step.active,
      controlValues: structuredClone(step.controlValues ?? {}),
      filters: structuredClone(step.filters ?? []),
      metadata: structuredClone(step.metadata),
      shouldStopOnFail: step.shouldStopOnFail,
    }),
  );
  const record = newWorkflowRecord(scope, {
    _id: existing?._id,
    workflowId: input.workflowId,
    name: input.name ?? input.workflowId,
    description: input.description,
    tags: input.tags,
    active: input.active,
    status: input.status,
    origin: input.origin,
    steps,
    payloadSchema: structuredClone(input.payloadSchema),
    validatePayload: input.validatePayload,
    severity: input.severity,
    critical: input.critical,
    isTranslationEnabled: input.isTranslationEnabled,
    preferences: structuredClone(input.preferences),
    lastTriggeredAt: input.lastTriggeredAt,
    createdAt: input.createdAt ?? existing?.createdAt,
    updatedAt: input.updatedAt,
  });
  if (existing) tables.workflows.update(data, existing, () => Object.assign(existing, record));
  else {
    tables.workflows.push(data, record);
    byWorkflowId.set(record.workflowId, record);
  }
}
