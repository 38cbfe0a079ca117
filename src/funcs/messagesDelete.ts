import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { messagesDeleteRoute } from '../routes/messages';
import type { DeleteMessageResponse } from '../schemas/message-list';

/**
 * Deletes one message (`DELETE /v1/messages/{messageId}`); it leaves the subscriber's feed and
 * counts. A malformed id answers 422, an unknown one 404.
 *
 * @example
 * ```ts
 * const { status } = await messagesDelete(core, '64da692e9a94fb2e6449ad60'); // 'deleted'
 * ```
 */
export function messagesDelete(
  core: SvcCore,
  messageId: string,
  options?: RequestOptions,
): APIPromise<DeleteMessageResponse> {
  return request(core, routeSpec(messagesDeleteRoute, { params: { messageId } }), options);
}
