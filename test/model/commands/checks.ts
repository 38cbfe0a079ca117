// What several commands of the model-based test check: integrations, notifications of a
import type { Subscriber, SvcError } from '@svc/api';
import type fc from 'fast-check';
import { expect } from 'vitest';
import {
  ENVIRONMENTS,
  type EnvironmentLabel,
  type Model,
  type ModelEnvironment,
  PRIMARY_CHANNELS,
  type Real,
  TOPIC,
} from '../model';

/** A command of the model-based test: one operation through the real client, one rule on the model. */
// transactionId, the topic, the workflows, a subscriber's profile, and the engine's stored messages.

export type Command = fc.AsyncCommand<Model, Real>;

export async function failure(promise: Promise<unknown>): Promise<SvcError> {
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

export function expectProfile(
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

/** The engine's data of one environment: the API has no message list, so messages come from here. */
export function engineMessages(real: Real, environment: ModelEnvironment) {
  return real.engine.scope(environment.id).data;
}

/**
 * Every environment lists exactly its own notifications of a transactionId: one per recipient of
 * its processed trigger, none of another environment's; those of deleted recipients stay, without
 * their subscriber.
 */
export async function checkTransaction(model: Model, real: Real, transactionId: string) {
  for (const label of ENVIRONMENTS) {
    const environment = model[label];
    const listed = await real.clients[label].notifications
      .list({ transactionId, limit: 50 })
      .toArray({ limit: 100 });
    const transaction = environment.transactions.get(transactionId);
    expect(listed.length, `notifications of ${transactionId} in ${label}`).toBe(
      transaction?.notifications ?? 0,
    );
    for (const notification of listed) {
      expect(notification._environmentId).toBe(environment.id);
      expect(notification._organizationId).toBe(environment.organizationId);
    }
    const subscribers = listed.flatMap((notification) =>
      notification.subscriber ? [notification.subscriber.subscriberId] : [],
    );
    expect(subscribers.sort(), 'one notification per recipient still there').toEqual(
      [...(transaction?.recipients ?? [])].sort(),
    );
  }
}

/** The topic's subscriptions agree with the model, and with each member's own listing. */
export async function checkTopic(model: Model, real: Real, label: EnvironmentLabel) {
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
