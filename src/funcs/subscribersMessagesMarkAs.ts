import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersMessagesMarkAsRoute } from '../routes/subscribers';
import type { MarkAsBody, Message } from '../schemas/message';

/**
 * Marks a subscriber's messages `read`, `seen`, `unread` or `unseen` (`POST /v1/subscribers/{subscriberId}/messages/mark-as`); resolves to the updated messages.
 *
 * @example
 * ```ts
 * const messages = await subscribersMessagesMarkAs(core, 'user-1', {
 *   messageId: ['64da692e9a94fb2e6449ad60'],
 *   markAs: 'read',
 * });
 * ```
 */
export function subscribersMessagesMarkAs(
  core: SvcCore,
  subscriberId: string,
  body: MarkAsBody,
  options?: RequestOptions,
): APIPromise<Message[]> {
  return request(
    core,
    routeSpec(subscribersMessagesMarkAsRoute, { params: { subscriberId }, body }),
    options,
  );
}
