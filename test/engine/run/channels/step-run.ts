// Shared by the chat, push and sms step tests: trigger a one-step workflow for `ada` and read what
// its step did (the job's end, the details after "Start sending message", messages, outbox).
import { expect } from 'vitest';
import type { MockEngine } from '../../../../mock-server/engine/engine';
import type { SeedData } from '../../../../mock-server/engine/seed';
import { executionDetail, type JobRecord } from '../../../../mock-server/engine/store/state';

/** An integration as a step test seeds it. */
export type IntegrationSeed = NonNullable<SeedData['integrations']>[number];

/**
 * An active integration of `channel` (not primary), as the chat and push tests seed theirs.
 *
 * @example
 * ```ts
 * const SLACK = activeIntegration('chat', 'slack', 'slack-main');
 * ```
 */
export const activeIntegration = (
  channel: IntegrationSeed['channel'],
  providerId: string,
  identifier: string,
): IntegrationSeed => ({ providerId, channel, active: true, identifier });

/**
 * `register` sets ada's credentials for a provider (through the credentials endpoint, optionally
 * naming the integration); `deactivate` switches an integration off, as the chat and push tests do.
 *
 * @example
 * ```ts
 * const { register, deactivate } = adaChannels(engine, context);
 * register('slack', { webhookUrl: 'https://hooks.example.com/1' });
 * ```
 */
export function adaChannels(engine: MockEngine, context: ReturnType<MockEngine['scope']>) {
  const register = (
    providerId: string,
    credentials: Record<string, unknown>,
    identifier?: string,
  ) =>
    engine.operations['subscribers.credentials.upsert'](context, {
      params: { subscriberId: 'ada' },
      body: {
        providerId,
        credentials,
        ...(identifier === undefined ? {} : { integrationIdentifier: identifier }),
      },
    });
  const deactivate = (identifier: string) => {
    for (const item of context.data.integrations) {
      if (item.identifier === identifier) item.active = false;
    }
  };
  return { register, deactivate };
}

/** The listed keys the object has (a key set to `undefined` stays, so its presence is checked). */
export function pick(value: object, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => keys.includes(key)));
}

/** Which keys of the stored messages and of the outbox entries a step test compares. */
export interface StepReadout {
  payload: Record<string, unknown>;
  messageKeys: readonly string[];
  outboxKeys: readonly string[];
}

/**
 * A function that triggers the `news` workflow for `ada` (with `more` laid over the event) and
 * answers what its first job did.
 *
 * @example
 * ```ts
 * const run = stepRunner(engine, context, { payload: {}, messageKeys: ['content'], outboxKeys: [] });
 * expect(run().status).toBe('completed');
 * ```
 */
export function stepRunner(
  engine: MockEngine,
  context: ReturnType<MockEngine['scope']>,
  readout: StepReadout,
) {
  return (more: Record<string, unknown> = {}) => {
    const transactionId = `tx-${context.data.notifications.length + 1}`;
    engine.operations['events.trigger'](context, {
      body: {
        name: 'news',
        to: 'ada',
        payload: readout.payload,
        transactionId,
        ...more,
      },
    });
    const notification = context.data.notifications.find(
      (item) => item.transactionId === transactionId,
    );
    const job: JobRecord | undefined = notification?.jobs[0];
    if (job === undefined) throw new Error('no job');
    const details = job.executionDetails.map(executionDetail);
    const start = details.findIndex((item) => item.detail === 'Start sending message');
    return {
      status: job.status,
      providerId: job.providerId,
      details: details
        .slice(start + 1)
        .map((item) => [item.detail, item.status, item.providerId ?? null, item.raw]),
      messages: context.data.messages
        .filter((message) => message.transactionId === transactionId)
        .map((message) => pick(message, readout.messageKeys)),
      outbox: engine.outbox.list({ transactionId }).map((entry) => pick(entry, readout.outboxKeys)),
    };
  };
}

/** `text` as a regular expression that matches only itself. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The "Integration instance selected" detail as a step runner reads it: `Pending`, with the
 * integration's `providerId`, `identifier`, `name`, `_environmentId` and `_id` as its raw, as the
 * service records it (the generated ids and the name matched by form).
 *
 * @example
 * ```ts
 * expect(run().details[0]).toStrictEqual(selected('twilio', 'twilio-main'));
 * ```
 */
export const selected = (providerId: string, identifier: string) => [
  'Integration instance selected',
  'Pending',
  providerId,
  expect.stringMatching(
    new RegExp(
      `^\\{"providerId":"${literal(providerId)}","identifier":"${literal(identifier)}","name":"[^"]*","_environmentId":"[0-9a-f]{24}","_id":"[0-9a-f]{24}"\\}$`,
    ),
  ),
];
