// Subscriber commands: update, create, delete, credentials, channel preference, and a page walk.
import { ConflictError, NotFoundError, type Subscriber } from '@svc/api';
import { expect } from 'vitest';
import type { EnvironmentLabel, Model, ModelEnvironment, Real } from '../model';
import { type Command, checkTopic, engineMessages, expectProfile, failure } from './checks';

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
    for (const transaction of environment.transactions.values()) {
      transaction.recipients.delete(this.subscriberId);
    }
    const data = engineMessages(real, environment);
    expect(data.messages.map((message) => message._id).sort()).toEqual(
      environment.messages.map((message) => message.id).sort(),
    );
    await checkTopic(model, real, this.label);
  }
  toString = () => `deleteSubscriber(${this.label}, ${this.subscriberId})`;
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
    // The global channels listed are those the environment's active workflows use; each active
    // workflow lists its channel as the subscriber's global preference leaves it.
    const used = [...environment.workflows.values()].filter((workflow) => workflow.active);
    expect(result.global.channels[this.channel]).toBe(
      used.some((workflow) => workflow.channel === this.channel) ? this.enabled : undefined,
    );
    expect(
      Object.fromEntries(result.workflows.map((item) => [item.workflow.identifier, item.channels])),
    ).toEqual(
      Object.fromEntries(
        [...environment.workflows]
          .filter(([, workflow]) => workflow.active)
          .map(([id, workflow]) => [id, { [workflow.channel]: !muted.has(workflow.channel) }]),
      ),
    );
  }
  toString = () =>
    `preference(${this.label}, ${this.subscriberId}, ${this.channel}=${this.enabled})`;
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
