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
  check = (model: Readonly<Model>) => model[this.label].subscribers.has(this.subscriberId);
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
  check = (model: Readonly<Model>) => model[this.label].subscribers.has(this.subscriberId);
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
  check = (model: Readonly<Model>) => model[this.label].subscribers.has(this.subscriberId);
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
    if (from.organization !== to.organization || !from.workflows.has(this.workflowId)) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
      return;
    }
    const synced = await call;
    expect(synced).toMatchObject({ workflowId: this.workflowId });
    to.workflows.add(this.workflowId);
    const listed = await real.clients[this.target].workflows.list().toArray({ limit: 100 });
    expect(listed.map((workflow) => workflow.workflowId).sort()).toEqual([...to.workflows].sort());
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

/** What a workflow of the model delivers: `welcome` an in-app step, `digest` an email step. */
const WORKFLOW_CHANNEL: Record<string, 'in_app' | 'email'> = { welcome: 'in_app', digest: 'email' };

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
    const to: TriggerBody['to'] = this.recipients.map((recipient) =>
      recipient.kind === 'id'
        ? recipient.subscriberId
        : recipient.kind === 'topic'
          ? { type: 'Topic' as const, topicKey: TOPIC.key }
          : { subscriberId: recipient.subscriberId, firstName: recipient.firstName },
    );
    const call = real.clients[this.label].events.trigger({
      name: this.workflowId,
      to,
      ...(this.transactionId === undefined ? {} : { transactionId: this.transactionId }),
    });
    const messagesBefore = engineMessages(real, environment).messages.length;
    if (!environment.workflows.has(this.workflowId)) {
      const error = await failure(call);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      expect(error.message).toBe('workflow_not_found');
      expect(engineMessages(real, environment).messages.length).toBe(messagesBefore);
      return;
    }
    const result = await call;
    const transactionId = result.transactionId ?? '';
    if (this.transactionId !== undefined) expect(transactionId).toBe(this.transactionId);
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
    const recipients = new Set<string>();
    // The topic's members are read when the trigger starts, before `to` creates anyone.
    const members = [...environment.topicMembers];
    for (const recipient of this.recipients) {
      if (recipient.kind === 'topic') for (const id of members) recipients.add(id);
      else recipients.add(recipient.subscriberId);
      if (recipient.kind === 'definition') {
        const stored = environment.subscribers.get(recipient.subscriberId);
        if (stored) stored.firstName = recipient.firstName;
        else {
          environment.subscribers.set(recipient.subscriberId, {
            firstName: recipient.firstName,
            fcmTokens: undefined,
          });
        }
      }
    }
    for (const id of recipients) {
      if (!environment.subscribers.has(id)) {
        environment.subscribers.set(id, { firstName: null, fcmTokens: undefined });
      }
    }
    environment.transactions.set(transactionId, recipients.size);
    // One message per recipient on the workflow's channel (email needs an active integration;
    // a subscriber without an address still gets a stored message, with a warning status).
    const channel = WORKFLOW_CHANNEL[this.workflowId] ?? 'in_app';
    const delivers =
      channel === 'in_app' ||
      environment.integrations.some((i) => i.channel === channel && i.active);
    const data = engineMessages(real, environment);
    const created = data.messages.filter((m) => m.transactionId === transactionId);
    expect(data.messages.length).toBe(messagesBefore + created.length);
    const subscriberIdOf = (objectId: string) =>
      [...data.subscribers.values()].find((s) => s._id === objectId)?.subscriberId ?? '';
    expect(
      created.map((m) => [subscriberIdOf(m._subscriberId), m.channel, m.read, m.seen]).sort(),
    ).toEqual(
      delivers
        ? [...recipients]
            .filter((id) => !environment.muted.get(id)?.has(channel))
            .sort()
            .map((id) => [id, channel, false, false])
        : [],
    );
    for (const message of created) {
      environment.messages.push({
        id: message._id,
        subscriberId: subscriberIdOf(message._subscriberId),
        read: false,
        seen: false,
      });
    }
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

/** The topic's subscriptions agree with the model, and with each member's own listing. */
async function checkTopic(model: Model, real: Real, label: EnvironmentLabel) {
  const environment = model[label];
  const svc = real.clients[label];
  const listed = await svc.topics.subscriptions
    .list(TOPIC.key, { limit: 100 })
    .toArray({ limit: 100 });
  expect(listed.map((item) => item.subscriber.subscriberId).sort()).toEqual(
    [...environment.topicMembers].sort(),
  );
  for (const item of listed) {
    const own = await svc.subscribers.subscriptions
      .list(item.subscriber.subscriberId, { key: TOPIC.key })
      .toArray({ limit: 100 });
    expect(own.map((subscription) => subscription._id)).toEqual([item._id]);
  }
}

export class CreateSubscriber implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberId: string,
    readonly firstName: string,
    readonly failIfExists: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].subscribers.create(
      { subscriberId: this.subscriberId, firstName: this.firstName },
      { failIfExists: this.failIfExists },
    );
    const stored = environment.subscribers.get(this.subscriberId);
    if (stored && this.failIfExists) {
      expect(await failure(call)).toBeInstanceOf(ConflictError);
      return;
    }
    const created = await call;
    // The service passes an empty name as absent, and `data` as the given object or `{}`.
    if (stored) {
      if (this.firstName !== '') stored.firstName = this.firstName;
      stored.data = {};
    } else {
      environment.subscribers.set(this.subscriberId, {
        firstName: this.firstName === '' ? null : this.firstName,
        data: {},
        fcmTokens: undefined,
      });
    }
    expectProfile(created, environment.subscribers.get(this.subscriberId) as ModelSubscriberView);
  }
  toString = () =>
    `createSubscriber(${this.label}, ${this.subscriberId}, ${this.firstName}, failIfExists=${this.failIfExists})`;
}

type ModelSubscriberView = { firstName: string | null; email?: string | null; data?: unknown };

export class DeleteSubscriber implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberId: string,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].subscribers.delete(this.subscriberId);
    if (!environment.subscribers.has(this.subscriberId)) {
      expect(await failure(call)).toBeInstanceOf(NotFoundError);
      return;
    }
    expect(await call).toEqual({ acknowledged: true, status: 'deleted' });
    environment.subscribers.delete(this.subscriberId);
    environment.messages = environment.messages.filter(
      (message) => message.subscriberId !== this.subscriberId,
    );
    environment.topicMembers.delete(this.subscriberId);
    environment.muted.delete(this.subscriberId);
    const data = engineMessages(real, environment);
    expect(data.messages.map((message) => message._id).sort()).toEqual(
      environment.messages.map((message) => message.id).sort(),
    );
    await checkTopic(model, real, this.label);
  }
  toString = () => `deleteSubscriber(${this.label}, ${this.subscriberId})`;
}

export class Subscribe implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberIds: string[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].topics.subscriptions.create(TOPIC.key, {
      subscriptions: this.subscriberIds,
    });
    const known = this.subscriberIds.filter((id) => environment.subscribers.has(id));
    if (known.length === 0) {
      expect(await failure(call)).toBeInstanceOf(BadRequestError);
    } else {
      const result = await call;
      expect(result.meta.failed).toBe(this.subscriberIds.length - known.length);
      expect(result.meta.successful).toBe(new Set(known).size);
      for (const id of known) environment.topicMembers.add(id);
    }
    await checkTopic(model, real, this.label);
  }
  toString = () => `subscribe(${this.label}, ${JSON.stringify(this.subscriberIds)})`;
}

export class Unsubscribe implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberIds: string[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const call = real.clients[this.label].topics.subscriptions.delete(TOPIC.key, {
      subscriptions: this.subscriberIds,
    });
    const removed = [
      ...new Set(this.subscriberIds.filter((id) => environment.topicMembers.has(id))),
    ];
    if (removed.length === 0) {
      expect(await failure(call)).toBeInstanceOf(BadRequestError);
    } else {
      const result = await call;
      expect(result.data.map((item) => item.subscriber?.subscriberId).sort()).toEqual(
        removed.sort(),
      );
      for (const id of removed) environment.topicMembers.delete(id);
    }
    await checkTopic(model, real, this.label);
  }
  toString = () => `unsubscribe(${this.label}, ${JSON.stringify(this.subscriberIds)})`;
}

export class SetChannelPreference implements Command {
  constructor(
    readonly label: EnvironmentLabel,
    readonly subscriberId: string,
    readonly channel: 'in_app' | 'email',
    readonly enabled: boolean,
  ) {}
  check = (model: Readonly<Model>) => model[this.label].subscribers.has(this.subscriberId);
  async run(model: Model, real: Real) {
    const environment = model[this.label];
    const result = await real.clients[this.label].subscribers.preferences.update(
      this.subscriberId,
      {
        channels: { [this.channel]: this.enabled },
      },
    );
    const muted = environment.muted.get(this.subscriberId) ?? new Set<string>();
    if (this.enabled) muted.delete(this.channel);
    else muted.add(this.channel);
    environment.muted.set(this.subscriberId, muted);
    // The global channels listed are those the environment's workflows use.
    const workflow = this.channel === 'in_app' ? 'welcome' : 'digest';
    expect(result.global.channels[this.channel]).toBe(
      environment.workflows.has(workflow) ? this.enabled : undefined,
    );
    for (const item of result.workflows) {
      const used = WORKFLOW_CHANNEL[item.workflow.identifier];
      if (used !== undefined) expect(item.channels[used]).toBe(!muted.has(used));
    }
  }
  toString = () =>
    `preference(${this.label}, ${this.subscriberId}, ${this.channel}=${this.enabled})`;
}
