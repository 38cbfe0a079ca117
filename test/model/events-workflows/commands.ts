// The commands of the model-based test. Each runs one operation through the real client, applies
// the same rule to the model, and checks the answer and the invariants it may have touched.
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  type Subscriber,
  type SvcError,
  type TriggerBody,
  UnprocessableEntityError,
} from '@svc/api';
import type fc from 'fast-check';
import { expect } from 'vitest';
import {
  applyMarkAs,
  ENVIRONMENTS,
  type EnvironmentLabel,
  type Model,
  type ModelEnvironment,
  type ModelWorkflow,
  PRIMARY_CHANNELS,
  type Real,
  TOPIC,
} from './model';

type Command = fc.AsyncCommand<Model, Real>;

async function failure(promise: Promise<unknown>): Promise<SvcError> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value).slice(0, 300)}`);
    },
    (error: SvcError) => error,
  );
}

/** At most one active primary per environment and channel (email, sms), and the model's flags. */
export async function checkIntegrations(model: Model, real: Real, label: EnvironmentLabel) {
  const environment = model[label];
  const listed = await real.clients[label].integrations.list();
  for (const integration of listed) {
    expect(integration._organizationId, 'an integration of another organization is listed').toBe(
      environment.organizationId,
    );
  }
  for (const channel of PRIMARY_CHANNELS) {
    for (const other of ENVIRONMENTS.filter(
      (l) => model[l].organization === environment.organization,
    )) {
      const primaries = listed.filter(
        (i) =>
          i._environmentId === model[other].id && i.channel === channel && i.active && i.primary,
      );
      expect(primaries.length, `active ${channel} primaries in ${other}`).toBeLessThanOrEqual(1);
    }
  }
  const flags = (
    items: { _id?: string | undefined; id?: string; active: boolean; primary: boolean }[],
  ) =>
    Object.fromEntries(items.map((i) => [i._id ?? i.id, { active: i.active, primary: i.primary }]));
  expect(flags(listed.filter((i) => i._environmentId === environment.id))).toEqual(
    flags(environment.integrations),
  );
}

const PROVIDERS: Record<string, string> = {
  email: 'sendgrid',
  sms: 'twilio',
  chat: 'slack',
  push: 'expo',
};

export class CreateIntegration implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly channel: 'email' | 'sms' | 'chat' | 'push',
    readonly active: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const created = await real.clients[this.label].integrations.create({
      providerId: PROVIDERS[this.channel] ?? 'sendgrid',
      channel: this.channel,
      active: this.active,
    });
    const hasPrimary = environment.integrations.some(
      (i) => i.channel === this.channel && i.active && i.primary,
    );
    const primary =
      this.active && (PRIMARY_CHANNELS as readonly string[]).includes(this.channel) && !hasPrimary;
    expect(created).toMatchObject({ active: this.active, primary, _environmentId: environment.id });
    environment.integrations.push({
      id: created._id ?? '',
      channel: this.channel,
      active: this.active,
      primary,
    });
    await checkIntegrations(model, real, this.label);
  }
  toString = () => `create(${this.label}, ${this.channel}, active=${this.active})`;
}

export class SetPrimary implements Command {
  constructor(
    readonly caller: EnvironmentLabel,
    readonly owner: EnvironmentLabel,
    readonly pick: number,
  ) {}
  check = (model: Readonly<Model>) => model[this.owner].integrations.length > 0;
  async run(model: Model, real: Real) {
    const environment = model[this.owner];
    const target = environment.integrations[this.pick % environment.integrations.length];
    if (!target) throw new Error('no integration picked');
    const call = real.clients[this.caller].integrations.setPrimary(target.id);
    if (model[this.caller].organization !== environment.organization) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
      return;
    }
    if (!(PRIMARY_CHANNELS as readonly string[]).includes(target.channel)) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.message).toBe(`Channel ${target.channel} does not support primary`);
      return;
    }
    const result = await call;
    if (!target.primary) {
      for (const other of environment.integrations) {
        if (other.channel === target.channel && other.active && other.primary)
          other.primary = false;
      }
      Object.assign(target, { active: true, primary: true });
    }
    expect(result).toMatchObject({ _id: target.id, primary: true, active: target.active });
    await checkIntegrations(model, real, this.owner);
  }
  toString = () => `setPrimary(as ${this.caller}, of ${this.owner} #${this.pick})`;
}

export interface SubscriberPatch {
  firstName?: string;
  email?: string | null;
  data?: Record<string, unknown>;
}

export class UpdateSubscriber implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberId: string,
    readonly patch: SubscriberPatch,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const stored = model[this.label].subscribers.get(this.subscriberId);
    if (!stored) throw new Error('unknown subscriber in the model');
    const svc = real.clients[this.label];
    const before = await svc.subscribers.retrieve(this.subscriberId);
    const updated = await svc.subscribers.update(this.subscriberId, this.patch);
    // A field never set differs from null: setting null on it is a change (a write).
    const changed = Object.entries(this.patch).some(
      ([key, value]) =>
        JSON.stringify(value) !== JSON.stringify(stored[key as keyof typeof stored]),
    );
    Object.assign(stored, this.patch);
    expectProfile(updated, stored);
    // The response keeps the old updatedAt (docs/behaviour/subscribers.md#update); the stored one moves on change.
    expect(updated.updatedAt).toBe(before.updatedAt);
    const after = await svc.subscribers.retrieve(this.subscriberId);
    expectProfile(after, stored);
    expect(after.updatedAt).toBe(changed ? real.engine.clock.iso() : before.updatedAt);
  }
  toString = () => `update(${this.label}, ${this.subscriberId}, ${JSON.stringify(this.patch)})`;
}

function expectProfile(
  subscriber: Subscriber,
  stored: { firstName: string | null; email?: string | null | undefined; data?: unknown },
) {
  expect({
    firstName: subscriber.firstName ?? null,
    email: subscriber.email ?? null,
    data: subscriber.data ?? null,
  }).toEqual({
    firstName: stored.firstName,
    email: stored.email ?? null,
    data: stored.data ?? null,
  });
}

export class UpsertCredentials implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberId: string,
    readonly tokens: string[] | undefined,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const stored = model[this.label].subscribers.get(this.subscriberId);
    if (!stored) throw new Error('unknown subscriber in the model');
    const result = await real.clients[this.label].subscribers.credentials.upsert(
      this.subscriberId,
      {
        providerId: 'fcm',
        credentials: {
          webhookUrl: 'https://push.example.com',
          ...(this.tokens === undefined ? {} : { deviceTokens: this.tokens }),
        },
      },
    );
    // Given tokens replace the stored ones (spec); an omitted list leaves them alone.
    if (this.tokens !== undefined) stored.fcmTokens = [...new Set(this.tokens)];
    const channels = result.channels ?? [];
    expect(channels.filter((channel) => channel.providerId === 'fcm')).toHaveLength(1);
    expect(channels[0]?.credentials.deviceTokens).toEqual(stored.fcmTokens);
  }
  toString = () =>
    `credentials(${this.label}, ${this.subscriberId}, ${JSON.stringify(this.tokens)})`;
}

export class MarkAs implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberId: string,
    readonly picks: number[],
    readonly foreignPick: EnvironmentLabel | undefined,
    readonly markAs: 'read' | 'seen' | 'unread' | 'unseen',
  ) {}
  check = (model: Readonly<Model>) => model[this.label].messages.length > 0;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const chosen = [
      ...new Set(
        this.picks.map((pick) => environment.messages[pick % environment.messages.length]),
      ),
    ];
    const ids = chosen.map((message) => message?.id ?? '');
    // An id of another environment's message must be ignored like an unknown one.
    const foreign = this.foreignPick ? model[this.foreignPick].messages[0]?.id : undefined;
    if (foreign && this.foreignPick !== this.label) ids.push(foreign);
    const result = await real.clients[this.label].subscribers.messages.markAs(this.subscriberId, {
      messageId: ids,
      markAs: this.markAs,
    });
    const own = chosen.filter((message) => message?.subscriberId === this.subscriberId);
    for (const message of own) if (message) applyMarkAs(message, this.markAs);
    const summary = (
      items: { _id?: string | undefined; id?: string; read: boolean; seen: boolean }[],
    ) =>
      items
        .map((item) => ({ id: item._id ?? item.id, read: item.read, seen: item.seen }))
        .sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(summary(result)).toEqual(summary(own.filter((m) => m !== undefined)));
  }
  toString = () =>
    `markAs(${this.label}, ${this.subscriberId}, [${this.picks}], foreign=${this.foreignPick}, ${this.markAs})`;
}

export class SyncWorkflow implements Command {
  constructor(
    readonly source: EnvironmentLabel,
    readonly target: EnvironmentLabel,
    readonly workflowId: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const from = model[this.source];
    const to = model[this.target];
    const call = real.clients[this.source].workflows.sync(this.workflowId, {
      targetEnvironmentId: to.id,
    });
    if (this.source === this.target) {
      expect(await failure(call)).toBeInstanceOf(BadRequestError);
      return;
    }
    const workflow = from.workflows.get(this.workflowId);
    if (from.organization !== to.organization || !workflow) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
      return;
    }
    const synced = await call;
    expect(synced).toMatchObject({ workflowId: this.workflowId, active: workflow.active });
    to.workflows.set(this.workflowId, { ...workflow });
    await checkWorkflows(model, real, this.target);
  }
  toString = () => `sync(${this.workflowId}, ${this.source} -> ${this.target})`;
}

export class AdvanceClock implements Command {
  constructor(readonly milliseconds: number) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    real.engine.clock.advance(this.milliseconds);
  }
  toString = () => `advance(${this.milliseconds})`;
}

export class WalkSubscribers implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly limit: number,
    readonly direction: 'ASC' | 'DESC',
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment: ModelEnvironment = model[this.label];
    const first = await real.clients[this.label].subscribers.search({
      limit: this.limit,
      orderDirection: this.direction,
    });
    // A page walk is capped, so a cursor that repeats its item fails instead of looping for ever.
    const maxPages = Math.ceil(environment.subscribers.size / this.limit) + 1;
    const forward: Subscriber[][] = [];
    for await (const page of first.iterPages()) {
      forward.push(page.data);
      expect(
        forward.length,
        `more than ${maxPages} forward pages: a cursor repeats`,
      ).toBeLessThanOrEqual(maxPages);
    }
    const ids = forward.flat().map((subscriber) => subscriber.subscriberId);
    expect(ids.length, 'duplicates while paging').toBe(new Set(ids).size);
    expect(ids.sort()).toEqual([...environment.subscribers.keys()].sort());
    for (const subscriber of forward.flat()) {
      expect(subscriber._environmentId).toBe(environment.id);
      expect(subscriber.firstName ?? null).toBe(
        environment.subscribers.get(subscriber.subscriberId)?.firstName,
      );
    }
    const last = await real.clients[this.label].subscribers.search({
      limit: this.limit,
      orderDirection: this.direction,
      ...(forward.length > 1 ? { after: pageCursor(forward) } : {}),
    });
    if (forward.length > 1) {
      const backward: string[][] = [];
      for await (const page of last.iterPreviousPages()) {
        backward.push(page.data.map((subscriber) => subscriber.subscriberId));
        expect(
          backward.length,
          `more than ${maxPages} backward pages: a cursor repeats`,
        ).toBeLessThanOrEqual(maxPages);
      }
      expect(backward.reverse()).toEqual(
        forward.map((page) => page.map((subscriber) => subscriber.subscriberId)),
      );
    }
  }
  toString = () => `walk(${this.label}, limit=${this.limit}, ${this.direction})`;
}

/** The `next` cursor that leads to the last of the forward pages. */
function pageCursor(pages: Subscriber[][]): string {
  const beforeLast = pages[pages.length - 2] ?? [];
  return beforeLast[beforeLast.length - 1]?._id ?? '';
}

/** One entry of a trigger's `to`, as the command generator draws it. */
export type TriggerRecipient =
  | { kind: 'id'; subscriberId: string }
  | { kind: 'definition'; subscriberId: string; firstName: string }
  | { kind: 'topic' };

const DUPLICATE_TRANSACTION =
  'transactionId property is not unique, please make sure all triggers have a unique transactionId';

/**
 * Applies a processed trigger to the model (its recipients, upserted; its notifications) and
 * checks the messages it created: one per recipient on the workflow's channel (email needs an
 * active integration; a subscriber without an address still gets a stored message, with a
 * warning status). Answers how many messages it created.
 */
function recordDelivery(
  real: Real,
  environment: ModelEnvironment,
  workflow: ModelWorkflow,
  to: TriggerRecipient[],
  transactionId: string,
): number {
  const recipients = new Set<string>();
  for (const recipient of to) {
    if (recipient.kind === 'topic') for (const id of TOPIC.subscribers) recipients.add(id);
    else recipients.add(recipient.subscriberId);
    if (recipient.kind === 'definition') {
      const stored = environment.subscribers.get(recipient.subscriberId);
      if (stored) stored.firstName = recipient.firstName;
    }
  }
  for (const id of recipients) {
    if (!environment.subscribers.has(id)) {
      environment.subscribers.set(id, { firstName: null, fcmTokens: undefined });
    }
  }
  environment.transactions.set(transactionId, recipients.size);
  const { channel } = workflow;
  const delivers =
    channel === 'in_app' || environment.integrations.some((i) => i.channel === channel && i.active);
  const data = engineMessages(real, environment);
  const created = data.messages.filter((m) => m.transactionId === transactionId);
  const subscriberIdOf = (objectId: string) =>
    [...data.subscribers.values()].find((s) => s._id === objectId)?.subscriberId ?? '';
  expect(
    created.map((m) => [subscriberIdOf(m._subscriberId), m.channel, m.read, m.seen]).sort(),
  ).toEqual(delivers ? [...recipients].sort().map((id) => [id, channel, false, false]) : []);
  for (const message of created) {
    environment.messages.push({
      id: message._id,
      subscriberId: subscriberIdOf(message._subscriberId),
      read: false,
      seen: false,
    });
  }
  return created.length;
}

/** The engine's data of one environment: the API has no message list, so messages come from here. */
function engineMessages(real: Real, environment: ModelEnvironment) {
  const { apiKey } = real.engine.environment(environment.id);
  return real.engine.authenticate(`ApiKey ${apiKey}`).data;
}

export class Trigger implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
    readonly recipients: TriggerRecipient[],
    readonly transactionId: string | undefined,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const to = toOf(this.recipients);
    const call = real.clients[this.label].events.trigger({
      name: this.workflowId,
      to,
      ...(this.transactionId === undefined ? {} : { transactionId: this.transactionId }),
    });
    const messagesBefore = engineMessages(real, environment).messages.length;
    const workflow = environment.workflows.get(this.workflowId);
    if (!workflow) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      expect(error.message).toBe('workflow_not_found');
      expect(engineMessages(real, environment).messages.length).toBe(messagesBefore);
      return;
    }
    const result = await call;
    const transactionId = result.transactionId ?? '';
    if (this.transactionId !== undefined) expect(transactionId).toBe(this.transactionId);
    // An inactive workflow answers before the transactionId is looked at.
    if (!workflow.active) {
      expect(result).toMatchObject({ acknowledged: true, status: 'trigger_not_active' });
      expect(engineMessages(real, environment).messages.length).toBe(messagesBefore);
      return;
    }
    if (environment.transactions.has(transactionId)) {
      // A duplicate: the caller sees why, and nothing is created or sent again.
      expect(result).toEqual({
        acknowledged: true,
        status: 'error',
        transactionId,
        error: [DUPLICATE_TRANSACTION],
      });
      expect(engineMessages(real, environment).messages.length).toBe(messagesBefore);
      await checkTransaction(model, real, transactionId);
      return;
    }
    expect(result).toMatchObject({ acknowledged: true, status: 'processed' });
    const created = recordDelivery(real, environment, workflow, this.recipients, transactionId);
    expect(engineMessages(real, environment).messages.length).toBe(messagesBefore + created);
    await checkTransaction(model, real, transactionId);
  }
  toString = () =>
    `trigger(${this.label}, ${this.workflowId}, ${JSON.stringify(this.recipients)}, ${this.transactionId})`;
}

/**
 * Every environment lists exactly its own notifications of a transactionId: one per recipient of
 * its processed trigger, none of another environment's.
 */
async function checkTransaction(model: Model, real: Real, transactionId: string) {
  for (const label of ENVIRONMENTS) {
    const environment = model[label];
    const listed = await real.clients[label].notifications
      .list({ transactionId, limit: 50 })
      .toArray({ limit: 100 });
    expect(listed.length, `notifications of ${transactionId} in ${label}`).toBe(
      environment.transactions.get(transactionId) ?? 0,
    );
    for (const notification of listed) {
      expect(notification._environmentId).toBe(environment.id);
      expect(notification._organizationId).toBe(environment.organizationId);
    }
    const subscribers = listed.map((notification) => notification.subscriber?.subscriberId);
    expect(new Set(subscribers).size, 'one notification per recipient').toBe(subscribers.length);
  }
}

/** The environment lists exactly the model's workflows, each active or not as the model says. */
export async function checkWorkflows(model: Model, real: Real, label: EnvironmentLabel) {
  const svc = real.clients[label];
  const listed = await svc.workflows.list().toArray({ limit: 100 });
  // The list reports ERROR for a workflow with step issues, so `active` is read one by one.
  const seen = Object.fromEntries(
    await Promise.all(
      listed.map(async (w) => [w.workflowId, (await svc.workflows.retrieve(w.workflowId)).active]),
    ),
  );
  const expected = Object.fromEntries(
    [...model[label].workflows].map(([id, workflow]) => [id, workflow.active]),
  );
  expect(seen).toEqual(expected);
}

function stepOf(channel: ModelWorkflow['channel']) {
  return channel === 'email'
    ? { name: 'Mail', type: 'email' as const, controlValues: { subject: 'Hi', body: 'Hello' } }
    : { name: 'Inbox', type: 'in_app' as const, controlValues: { body: 'Hello' } };
}

export class CreateWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
    readonly channel: ModelWorkflow['channel'],
    readonly active: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].workflows.create({
      name: this.workflowId,
      workflowId: this.workflowId,
      active: this.active,
      steps: [stepOf(this.channel)],
    });
    if (environment.workflows.has(this.workflowId)) {
      expect(await failure(call)).toBeInstanceOf(ConflictError);
    } else {
      const created = await call;
      expect(created).toMatchObject({ workflowId: this.workflowId, active: this.active });
      environment.workflows.set(this.workflowId, { channel: this.channel, active: this.active });
    }
    await checkWorkflows(model, real, this.label);
  }
  toString = () =>
    `createWorkflow(${this.label}, ${this.workflowId}, ${this.channel}, active=${this.active})`;
}

export class UpdateWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
    readonly channel: ModelWorkflow['channel'],
    readonly active: boolean | undefined,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].workflows.update(this.workflowId, {
      name: this.workflowId,
      origin: 'svc-cloud',
      preferences: {},
      steps: [stepOf(this.channel)],
      ...(this.active === undefined ? {} : { active: this.active }),
    });
    if (!environment.workflows.has(this.workflowId)) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      const updated = await call;
      // An omitted `active` means true (docs/behaviour/workflows.md#update).
      const active = this.active ?? true;
      expect(updated.steps.map((step) => step.type)).toEqual([this.channel]);
      expect(updated.active).toBe(active);
      environment.workflows.set(this.workflowId, { channel: this.channel, active });
    }
    await checkWorkflows(model, real, this.label);
  }
  toString = () =>
    `updateWorkflow(${this.label}, ${this.workflowId}, ${this.channel}, active=${this.active})`;
}

export class PatchWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
    readonly active: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const workflow = model[this.label].workflows.get(this.workflowId);
    const call = real.clients[this.label].workflows.patch(this.workflowId, {
      active: this.active,
    });
    if (!workflow) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      expect((await call).active).toBe(this.active);
      workflow.active = this.active;
    }
    await checkWorkflows(model, real, this.label);
  }
  toString = () => `patchWorkflow(${this.label}, ${this.workflowId}, active=${this.active})`;
}

export class DeleteWorkflow implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].workflows.delete(this.workflowId);
    if (!environment.workflows.has(this.workflowId)) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      await call;
      environment.workflows.delete(this.workflowId);
    }
    await checkWorkflows(model, real, this.label);
  }
  toString = () => `deleteWorkflow(${this.label}, ${this.workflowId})`;
}

/** One event of a bulk trigger, as the command generator draws it. */
export interface BulkEvent {
  workflowId: string;
  recipients: TriggerRecipient[];
}

function toOf(recipients: TriggerRecipient[]): TriggerBody['to'] {
  return recipients.map((recipient) =>
    recipient.kind === 'id'
      ? recipient.subscriberId
      : recipient.kind === 'topic'
        ? { type: 'Topic' as const, topicKey: TOPIC.key }
        : { subscriberId: recipient.subscriberId, firstName: recipient.firstName },
  );
}

export class TriggerBulk implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly events: BulkEvent[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const messagesBefore = engineMessages(real, environment).messages.length;
    const results = await real.clients[this.label].events.triggerBulk({
      events: this.events.map((event) => ({ name: event.workflowId, to: toOf(event.recipients) })),
    });
    expect(results).toHaveLength(this.events.length);
    let created = 0;
    for (const [index, event] of this.events.entries()) {
      const result = results[index];
      const workflow = environment.workflows.get(event.workflowId);
      if (!workflow) {
        expect(result).toMatchObject({ status: 'error', error: ['workflow_not_found'] });
        continue;
      }
      if (!workflow.active) {
        expect(result).toMatchObject({ status: 'trigger_not_active' });
        continue;
      }
      expect(result).toMatchObject({ acknowledged: true, status: 'processed' });
      const transactionId = (result as { transactionId?: string }).transactionId ?? '';
      created += recordDelivery(real, environment, workflow, event.recipients, transactionId);
      await checkTransaction(model, real, transactionId);
    }
    expect(engineMessages(real, environment).messages.length).toBe(messagesBefore + created);
  }
  toString = () => `triggerBulk(${this.label}, ${JSON.stringify(this.events)})`;
}

export class Broadcast implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly workflowId: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const messagesBefore = engineMessages(real, environment).messages.length;
    const call = real.clients[this.label].events.broadcast({ name: this.workflowId, payload: {} });
    const workflow = environment.workflows.get(this.workflowId);
    if (!workflow) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      expect(error.message).toBe('workflow_not_found');
      expect(engineMessages(real, environment).messages.length).toBe(messagesBefore);
      return;
    }
    const result = await call;
    expect(result.status).toBe('processed');
    if (!workflow.active) {
      expect(engineMessages(real, environment).messages.length).toBe(messagesBefore);
      return;
    }
    const everyone: TriggerRecipient[] = [...environment.subscribers.keys()].map((id) => ({
      kind: 'id',
      subscriberId: id,
    }));
    const transactionId = result.transactionId ?? '';
    const created = recordDelivery(real, environment, workflow, everyone, transactionId);
    expect(engineMessages(real, environment).messages.length).toBe(messagesBefore + created);
    await checkTransaction(model, real, transactionId);
  }
  toString = () => `broadcast(${this.label}, ${this.workflowId})`;
}

export class Cancel implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly owner: EnvironmentLabel,
    readonly pick: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const known = [...model[this.owner].transactions.keys()];
    const transactionId = known[this.pick % Math.max(known.length, 1)] ?? 'never-triggered';
    // The model's workflows never wait on the clock: nothing is pending, so nothing is canceled,
    // in any environment, and the notifications stay as they are.
    expect(await real.clients[this.label].events.cancel(transactionId)).toBe(false);
    await checkTransaction(model, real, transactionId);
  }
  toString = () => `cancel(as ${this.label}, of ${this.owner} #${this.pick})`;
}

export class DeleteMessage implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly owner: EnvironmentLabel,
    readonly pick: number,
  ) {}
  check = (model: Readonly<Model>) => model[this.owner].messages.length > 0;
  async run(model: Model, real: Real) {
    const messages = model[this.owner].messages;
    const index = this.pick % messages.length;
    const message = messages[index];
    if (!message) throw new Error('no message picked');
    const call = real.clients[this.label].messages.delete(message.id);
    if (this.label !== this.owner) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
    } else {
      expect(await call).toEqual({ acknowledged: true, status: 'deleted' });
      messages.splice(index, 1);
    }
    const stored = engineMessages(real, model[this.owner]).messages.map((m) => m._id);
    expect(stored.sort()).toEqual(messages.map((m) => m.id).sort());
  }
  toString = () => `deleteMessage(as ${this.label}, of ${this.owner} #${this.pick})`;
}
