/**
 * `POST /v1/events/trigger/bulk` (docs/behaviour/events.md#bulk-trigger): each event runs as a
 * single trigger, and an event that fails answers `status: 'error'` in its place while the others
 * go on.
 *
 * @module
 */

import { BULK_TRIGGER_LIMIT } from '../../../src/schemas/event-batch';
import { ServiceError } from '../wire/service-error';
import type { TriggerResultDto } from './trigger';

/**
 * One event's answer in a bulk: a failed event's texts are the messages of the error it got as a
 * single trigger (each validation message, or the error's message).
 *
 * @example
 * ```ts
 * const failed: BulkEventErrorDto = { acknowledged: true, status: 'error', error: ['workflow_not_found'] };
 * ```
 */
export interface BulkEventErrorDto {
  acknowledged: true;
  status: 'error';
  error: string[];
}

function errorTexts(error: ServiceError): string[] {
  const general = (error.extra['errors'] as { general?: { messages?: unknown } } | undefined)
    ?.general;
  return Array.isArray(general?.messages) ? (general.messages as string[]) : [error.message];
}

/** The service's checks of the bulk body (`IsArray`, `ArrayNotEmpty`, `ArrayMaxSize(100)`). */
function readEvents(body: unknown): unknown[] {
  const events =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)['events']
      : undefined;
  const messages: string[] = [];
  if (!Array.isArray(events) || events.length > BULK_TRIGGER_LIMIT) {
    messages.push(`events must contain no more than ${BULK_TRIGGER_LIMIT} elements`);
  }
  if (!Array.isArray(events) || events.length === 0) messages.push('events should not be empty');
  if (!Array.isArray(events)) messages.push('events must be an array');
  if (messages.length > 0) throw ServiceError.dtoValidation(messages);
  return events as unknown[];
}

/**
 * Runs every event of a bulk body through `trigger` (the single trigger), in order.
 *
 * @throws ServiceError 422 when `events` is not an array of 1 to 100 items.
 */
export function triggerBulk(
  body: unknown,
  trigger: (event: unknown) => TriggerResultDto,
): (TriggerResultDto | BulkEventErrorDto)[] {
  return readEvents(body).map((event) => {
    try {
      return trigger(event);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return { acknowledged: true, status: 'error', error: errorTexts(error) };
    }
  });
}
