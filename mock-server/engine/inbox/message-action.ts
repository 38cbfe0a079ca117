/**
 * `POST /v1/subscribers/{subscriberId}/messages/{messageId}/actions/{type}`: records which button
 * of an in-app message was clicked, its status and payload (the service's `UpdateMessageActions`
 * usecase; docs/behaviour/subscribers.md#message-actions).
 *
 * @module
 */

import { type MessageDto, toMessageDto } from '../resources/messages';
import { findSubscriber } from '../resources/subscribers';
import type { EngineScope } from '../scope';
import { tables } from '../store/tables';
import { checkJsonDepth } from '../wire/json-depth';
import { ServiceError } from '../wire/service-error';

function statusOf(input: Record<string, unknown>): string {
  const status = input['status'];
  if (status === undefined || status === null) {
    throw ServiceError.dtoValidation([
      'status should not be null or undefined',
      'status must be a string',
    ]);
  }
  if (typeof status !== 'string') throw ServiceError.dtoValidation(['status must be a string']);
  return status;
}

/**
 * Sets `cta.action.result.type` to the path's `type`, `cta.action.status` and (when given)
 * `cta.action.result.payload`. As the service: an unknown message of the environment is a 404,
 * an unknown subscriber a 400, and a message of another subscriber, or an update that changes
 * nothing, the 400 "Message ... was not found".
 */
export function updateMessageAction(
  scope: EngineScope,
  params: { subscriberId: string; messageId: string; type: string },
  body: unknown,
): MessageDto {
  const input = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const status = statusOf(input);
  const payload = input['payload'];
  if (payload !== undefined) checkJsonDepth(payload, 'payload');
  const { messageId, subscriberId, type } = params;
  const message = tables.messages.byId(scope.data, messageId);
  if (!message) throw ServiceError.http(404, `Message ${messageId} not found`);
  const subscriber = findSubscriber(scope.data, subscriberId);
  if (!subscriber) {
    throw ServiceError.http(
      400,
      `Subscriber with the id: ${subscriberId} was not found for this environment. ` +
        'Make sure to create a subscriber before trying to modify it.',
    );
  }
  const cta = structuredClone(message.cta) as { action?: Record<string, unknown> };
  const action = { ...cta.action };
  const result = { ...(action['result'] as Record<string, unknown> | undefined) };
  result['type'] = type;
  if (payload) result['payload'] = structuredClone(payload);
  action['status'] = status;
  action['result'] = result;
  const updated = { ...cta, action };
  const changed = JSON.stringify(updated) !== JSON.stringify(message.cta);
  if (message._subscriberId !== subscriber._id || !changed) {
    throw ServiceError.http(
      400,
      `Message with the id: ${messageId} was not found for this environment. ` +
        'Make sure to address correct message before trying to modify it.',
    );
  }
  tables.messages.edit(scope.data, message);
  message.cta = updated;
  message.updatedAt = scope.iso();
  return toMessageDto(message);
}
