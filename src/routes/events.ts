import { CancelResponse, TriggerBody, TriggerResponse } from '../schemas/event';
import { BroadcastBody, BulkTriggerBody, BulkTriggerResponse } from '../schemas/event-batch';
import { BULK_COST, LARGE_BODY_LIMIT, type Route } from './route';

/** `POST /v1/events/trigger`: triggers a workflow for its recipients. */
export const eventsTriggerRoute = {
  operation: 'events.trigger',
  method: 'POST',
  path: '/v1/events/trigger',
  status: 201,
  category: 'trigger',
  bodyLimit: LARGE_BODY_LIMIT,
  body: TriggerBody,
  response: TriggerResponse,
} as const satisfies Route;

/** `POST /v1/events/trigger/bulk`: up to 100 triggers, answered one by one, in order. */
export const eventsTriggerBulkRoute = {
  operation: 'events.triggerBulk',
  method: 'POST',
  path: '/v1/events/trigger/bulk',
  status: 201,
  category: 'trigger',
  cost: BULK_COST,
  bodyLimit: LARGE_BODY_LIMIT,
  body: BulkTriggerBody,
  response: BulkTriggerResponse,
} as const satisfies Route;

/** `POST /v1/events/trigger/broadcast`: triggers a workflow for every subscriber. */
export const eventsBroadcastRoute = {
  operation: 'events.broadcast',
  method: 'POST',
  path: '/v1/events/trigger/broadcast',
  status: 201,
  category: 'trigger',
  cost: BULK_COST,
  bodyLimit: LARGE_BODY_LIMIT,
  body: BroadcastBody,
  response: TriggerResponse,
} as const satisfies Route;

/** `DELETE /v1/events/trigger/{transactionId}`: cancels a transaction's delayed work. */
export const eventsCancelRoute = {
  operation: 'events.cancel',
  method: 'DELETE',
  path: '/v1/events/trigger/:transactionId',
  status: 200,
  category: 'trigger',
  response: CancelResponse,
} as const satisfies Route;
