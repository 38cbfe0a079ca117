// Shared by the engine-direct tests: what an engine call refuses with, in the service's terms.
import { createMockEngine, type MockEngine } from '../../mock-server/engine/engine';
import { StatusAnswer } from '../../mock-server/engine/operations/operation';
import type { OperationRequest } from '../../mock-server/engine/perform';
import type { EngineScope } from '../../mock-server/engine/scope';
import type { EnvironmentData } from '../../mock-server/engine/store/state';
import { ServiceError } from '../../mock-server/engine/wire/service-error';

/**
 * The `ServiceError` that `run` throws; fails the test when it throws nothing or something else.
 *
 * @example
 * ```ts
 * expect(serviceErrorOf(() => authenticate(state, null)).status).toBe(401);
 * ```
 */
export function serviceErrorOf(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError, and nothing was thrown');
}

/**
 * The answer `run` is refused with: status, message, `ctx` and the extra body keys.
 *
 * @example
 * ```ts
 * expect(refusalOf(() => parseMessageSearch(params('limit=1001')))).toStrictEqual({ status: 400, ... });
 * ```
 */
export function refusalOf(run: () => unknown) {
  const error = serviceErrorOf(run);
  return { status: error.status, message: error.message, ctx: error.ctx, extra: error.extra };
}

/**
 * The global validation pipe's 422 with these messages, as {@link refusalOf} reads it.
 *
 * @example
 * ```ts
 * expect(refusalOf(() => parse('limit=0'))).toStrictEqual(validationError(['limit must not be less than 1']));
 * ```
 */
export const validationError = (messages: string[]) => ({
  status: 422,
  message: 'Validation Error',
  ctx: {},
  extra: { errors: { general: { messages, value: 'No Value Recorded' } } },
});

/**
 * A `ServiceError.http` refusal as {@link refusalOf} reads it: the status, its reason phrase, the
 * message and any further `ctx` keys the refusal carries.
 *
 * @example
 * ```ts
 * expect(refusalOf(() => retrieveTopic(data, 'ghost'))).toStrictEqual(
 *   httpRefusal(404, 'Not Found', 'Topic with key ghost not found'),
 * );
 * ```
 */
export const httpRefusal = (
  status: number,
  error: string,
  message: string,
  more: Record<string, unknown> = {},
) => ({ status, message, ctx: { statusCode: status, error, ...more }, extra: {} });

/**
 * What a request with the API key of environment `name` (Development unless named) runs with: the
 * engine's own `authenticate`, so a test reads and changes the same state a request would.
 *
 * @example
 * ```ts
 * const { data } = contextOf(engine);
 * expect(data.subscribers.size).toBe(1);
 * ```
 */
export function contextOf(engine: MockEngine, name = 'Development') {
  return engine.scope(name);
}

/**
 * The messages of a validation refusal (`errors.general.messages`), or `undefined` when the
 * error carries none.
 *
 * @example
 * ```ts
 * expect(validationMessages(serviceErrorOf(() => updateSubscriber(data, 'ada', 1)))).toEqual([
 *   'body must be an object',
 * ]);
 * ```
 */
export function validationMessages(error: ServiceError): unknown {
  return (error as unknown as { extra?: { errors?: { general?: { messages?: unknown } } } }).extra
    ?.errors?.general?.messages;
}

/**
 * A `topics.create` answer as the upsert reads it: the topic, and whether it was created (201)
 * rather than updated (a 200 `StatusAnswer`).
 *
 * @example
 * ```ts
 * upserted(engine.operations['topics.create'](scope, { body: { key: 'news' } })).created; // true
 * ```
 */
export function upserted<T>(result: T | StatusAnswer<T>): { topic: T; created: boolean } {
  return result instanceof StatusAnswer
    ? { topic: result.value, created: result.status === 201 }
    : { topic: result, created: true };
}

/**
 * An engine scope over a stand-alone environment data set (one the test built by hand), with a
 * fresh engine's ids, clock and feed.
 *
 * @example
 * ```ts
 * retrieveSubscriber(scopeOver(environment(subscriber('ada', '01'))), 'ada');
 * ```
 */
export function scopeOver(data: EnvironmentData): EngineScope {
  return { ...createMockEngine().scope(), data };
}

/**
 * `POST /v2/subscribers` for `ada` through the engine's port, with an idempotency key when given:
 * the cheapest write that answers the whole protocol (rate limits, keys, replays).
 *
 * @example
 * ```ts
 * (await createAdaThroughPort(engine, 'key-1')).headers['Idempotency-Replay']; // undefined
 * ```
 */
export function createAdaThroughPort(engine: MockEngine, idempotencyKey?: string) {
  return throughPort(engine, 'subscribers.create', '/v2/subscribers', {
    idempotencyKey,
    readBody: async () => ({ subscriberId: 'ada' }),
  });
}

/**
 * One request through `engine.perform`, the port every transport calls, with the API key of
 * `environment` (Development by default).
 *
 * @example
 * ```ts
 * await throughPort(engine, 'events.trigger', '/v1/events/trigger', { readBody: async () => body });
 * ```
 */
export function throughPort(
  engine: MockEngine,
  operation: OperationRequest['operation'],
  path: string,
  options: Partial<Pick<OperationRequest, 'readBody' | 'idempotencyKey'>> & {
    environment?: string;
  } = {},
) {
  const { environment = 'Development', ...rest } = options;
  return engine.perform({
    operation,
    authorization: `ApiKey ${engine.environment(environment).apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path,
    ...rest,
  });
}

/**
 * Ada and a workflow that waits `amount` `unit` (two hours by default), then sends an in-app
 * message.
 *
 * @example
 * ```ts
 * createMockEngine({ seed: reminderSeed(5, 'seconds') });
 * ```
 */
export const reminderSeed = (amount = 2, unit = 'hours') => ({
  subscribers: [{ subscriberId: 'ada' }],
  workflows: [
    {
      workflowId: 'reminder',
      steps: [
        {
          type: 'delay' as const,
          name: 'Wait',
          controlValues: { type: 'regular', amount, unit },
        },
        { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Still there?' } },
      ],
    },
  ],
});
