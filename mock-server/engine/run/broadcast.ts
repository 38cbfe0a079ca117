/**
 * `POST /v1/events/trigger/broadcast` (docs/behaviour/events.md#broadcast): a trigger to every
 * subscriber of the environment.
 *
 * @module
 */

import type { EnvironmentData } from '../store/state';
import { ServiceError } from '../wire/service-error';
import type { TriggerResultDto } from './trigger';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The broadcast body's rules before the trigger's: `name` and an object `payload` are required (a `to` is ignored, as the service does). */
function checkBroadcastBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw ServiceError.dtoValidation(['body must be an object']);
  const messages: string[] = [];
  const { name, payload } = body;
  if (name === undefined || name === null) messages.push('name should not be null or undefined');
  else if (typeof name !== 'string') messages.push('name must be a string');
  if (!isObject(payload)) messages.push('payload must be an object');
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  return body;
}

/**
 * Triggers `body` for every subscriber of the environment (in creation order), one
 * notification each, through `trigger` (the single trigger, which checks the rest of the body).
 * The answer is `processed` with the transactionId whatever the run decided, as the service
 * answers before its worker looks at the workflow's state; an unknown workflow or a payload that
 * breaks its schema still fail the request.
 *
 * @throws ServiceError 422 for a body that breaks the rules, `workflow_not_found`; 400 payload validation.
 * @example
 * ```ts
 * broadcastEvent(data, { name: 'maintenance', payload: {} }, (event) => triggerEvent(scope, event));
 * ```
 */
export function broadcastEvent(
  data: EnvironmentData,
  body: unknown,
  trigger: (event: unknown) => TriggerResultDto,
): TriggerResultDto {
  const input = checkBroadcastBody(body);
  const to = data.subscriberOrder
    .map((id) => data.subscriberKeys.get(id))
    .filter((subscriberId): subscriberId is string => subscriberId !== undefined)
    .map((subscriberId) => ({ subscriberId }));
  const result = trigger({ ...input, to });
  return { acknowledged: true, status: 'processed', transactionId: result.transactionId };
}
