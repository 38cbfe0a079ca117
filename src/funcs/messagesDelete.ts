import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { messagesDeleteRoute } from '../routes/messages';
import type { DeleteMessageResponse } from '../schemas/message-list';

/** {@inheritDoc Messages.delete} */
export function messagesDelete(
  core: SvcCore,
  messageId: string,
  options?: RequestOptions,
): APIPromise<DeleteMessageResponse> {
  return request(core, routeSpec(messagesDeleteRoute, { params: { messageId } }), options);
}
