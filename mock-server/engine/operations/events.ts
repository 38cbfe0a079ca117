/**
 * The handlers of the `events` routes (trigger, bulk, broadcast, cancel), each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/events';
import { broadcastEvent } from '../run/broadcast';
import { triggerBulk } from '../run/bulk-trigger';
import { cancelTransaction } from '../run/cancel';
import { type TriggerResultDto, triggerEvent } from '../run/trigger';
import type { EngineScope } from '../scope';
import { enforceRetention } from '../store/retention';
import { ServiceError } from '../wire/service-error';
import { defineOperation } from './operation';

// A trigger as the event feed tells it (docs/inspector.md): received, then answered; work that
// fell due during the run (a zero delay) runs before the answer.
function observedTrigger(
  scope: EngineScope,
  body: unknown,
  run: () => TriggerResultDto,
): TriggerResultDto {
  const triggerId = scope.events.triggerReceived(scope.environment._id, body);
  let result: TriggerResultDto;
  try {
    result = run();
  } catch (error) {
    const known = error instanceof ServiceError ? error : undefined;
    scope.events.triggerAnswered(triggerId, known?.status ?? 500, {
      message: error instanceof Error ? error.message : String(error),
      ...known?.extra,
    });
    throw error;
  }
  scope.events.triggerAnswered(triggerId, 201, result);
  scope.runDue();
  enforceRetention(scope.state, scope.data, scope.now(), scope.retention);
  return result;
}

const trigger = (scope: EngineScope, body: unknown) =>
  observedTrigger(scope, body, () => triggerEvent(scope, body));

export const eventsTrigger = defineOperation(routes.eventsTriggerRoute, (scope, { body }) =>
  trigger(scope, body),
);

// Each event is all or nothing by itself: one that fails answers its error, the rest stay.
export const eventsTriggerBulk = defineOperation(routes.eventsTriggerBulkRoute, (scope, { body }) =>
  triggerBulk(body, (event) => scope.atomic(() => trigger(scope, event))),
);

export const eventsBroadcast = defineOperation(routes.eventsBroadcastRoute, (scope, { body }) =>
  observedTrigger(scope, body, () =>
    broadcastEvent(scope, body, (event) => triggerEvent(scope, event, { broadcast: true })),
  ),
);

export const eventsCancel = defineOperation(routes.eventsCancelRoute, (scope, { params }) =>
  cancelTransaction(scope, params.transactionId),
);
