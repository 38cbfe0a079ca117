import type { EngineScope } from '../scope';
/**
 * `POST /v1/events/trigger/broadcast` (docs/behaviour/events.md#broadcast): a trigger to every
 * subscriber of the environment.
 *
 * @module
 */

import { BroadcastBody } from '../../../src/schemas/event-batch';
import { tables } from '../store/tables';
import { validateBody } from '../wire/validation';
import type { TriggerResultDto } from './trigger';

/**
 * Triggers `body` for every subscriber of the environment (in creation order), one
 * notification each, through `trigger` (the single trigger, which checks the rest of the body).
 * The answer is `processed` with the transactionId whatever the run decided, as the service
 * answers before its worker looks at the workflow's state; an unknown workflow or a payload that
 * breaks its schema still fail the request.
 *
 * @throws ServiceError 422 for a body that breaks the rules, `workflow_not_found`; 400 payload validation.
 */
export function broadcastEvent(
  scope: EngineScope,
  body: unknown,
  trigger: (event: unknown) => TriggerResultDto,
): TriggerResultDto {
  const { data } = scope;
  // The service's broadcast DTO: `payload` is checked with `IsObject` alone, hence its text.
  const input = validateBody(BroadcastBody, body, { payload: 'payload must be an object' });
  // Each subscriber by its subscriberId (a string `to` entry: nothing to copy or upsert).
  const to = tables.subscribers
    .order(data)
    .map((id) => tables.subscribers.subscriberIdOf(data, id))
    .filter((subscriberId): subscriberId is string => subscriberId !== undefined);
  const result = trigger({ ...input, to });
  return { acknowledged: true, status: 'processed', transactionId: result.transactionId };
}
