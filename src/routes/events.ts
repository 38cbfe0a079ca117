/**
 * Routes of the `events` namespace.
 *
 * @module
 */
import { TriggerBody, TriggerResponse } from '../schemas/event';
import { LARGE_BODY_LIMIT, type Route } from './route';

/**
 * `POST /v1/events/trigger`: triggers a workflow for its recipients.
 *
 * @example
 * ```ts
 * eventsTriggerRoute.category; // 'trigger'
 * ```
 */
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
