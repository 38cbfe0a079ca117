// Event commands: trigger (single, bulk, broadcast) and cancel, and the delivery rule they share.
import { type TriggerBody, UnprocessableEntityError } from '@svc/api';
import { expect } from 'vitest';
import {
  type EnvironmentLabel,
  type Model,
  type ModelEnvironment,
  type ModelWorkflow,
  type Real,
  TOPIC,
} from '../model';
import { type Command, checkTransaction, engineMessages, failure } from './checks';

/** One entry of a trigger's `to`, as the command generator draws it. */
/** One entry of a trigger's `to`, as the command generator draws it. */
export type TriggerRecipient =
  | { kind: 'id'; subscriberId: string }
  | { kind: 'definition'; subscriberId: string; firstName: string }
  | { kind: 'topic' };

/** One event of a bulk trigger, as the command generator draws it. */
export interface BulkEvent {
  workflowId: string;
  recipients: TriggerRecipient[];
}

const DUPLICATE_TRANSACTION =
  'transactionId property is not unique, please make sure all triggers have a unique transactionId';

function toOf(recipients: TriggerRecipient[]): TriggerBody['to'] {
  return recipients.map((recipient) =>
    recipient.kind === 'id'
      ? recipient.subscriberId
      : recipient.kind === 'topic'
        ? { type: 'Topic' as const, topicKey: TOPIC.key }
        : { subscriberId: recipient.subscriberId, firstName: recipient.firstName },
  );
}

/**
 * Applies a processed trigger to the model and checks the messages it created. Its recipients are
 * the ids and definitions of `to` plus the topic's members, read when the trigger starts (before
 * `to` creates anyone); definitions upsert their name, unknown ids are created; each recipient gets
 * one notification. Messages: one per recipient on the workflow's channel unless the recipient
 * turned that channel off (email needs an active integration; a subscriber without an address
 * still gets a stored message, with a warning status). Answers how many messages it created.
 */
function recordDelivery(
  real: Real,
  environment: ModelEnvironment,
  workflow: ModelWorkflow,
  to: TriggerRecipient[],
  transactionId: string,
): number {
  const recipients = new Set<string>();
  const members = [...environment.topicMembers];
  for (const recipient of to) {
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
  environment.transactions.set(transactionId, {
    notifications: recipients.size,
    recipients: new Set(recipients),
  });
  const { channel } = workflow;
  const delivers =
    channel === 'in_app' || environment.integrations.some((i) => i.channel === channel && i.active);
  const data = engineMessages(real, environment);
  const created = data.messages.filter((m) => m.transactionId === transactionId);
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
  return created.length;
}

/** A trigger of a workflow the environment lacks: a 422 `workflow_not_found`, and no message. */
async function expectWorkflowNotFound(
  call: Promise<unknown>,
  real: Real,
  environment: ModelEnvironment,
  messagesBefore: number,
) {
  const error = await failure(call);
  expect(error).toBeInstanceOf(UnprocessableEntityError);
  expect(error.message).toBe('workflow_not_found');
  expect(engineMessages(real, environment).messages.length).toBe(messagesBefore);
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
      await expectWorkflowNotFound(call, real, environment, messagesBefore);
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
      await expectWorkflowNotFound(call, real, environment, messagesBefore);
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
