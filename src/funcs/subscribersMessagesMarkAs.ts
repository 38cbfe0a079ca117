import * as z from 'zod/mini';
import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { path } from '../core/path';
import { request } from '../core/request';
import { PathParam } from '../core/validation';
import { MarkAsBody, Message } from '../schemas/message';

const MessageList = z.array(Message);

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
    {
      operation: 'subscribers.messages.markAs',
      method: 'POST',
      path: path`v1/subscribers/${subscriberId}/messages/mark-as`,
      body: body,
      checks: [
        { label: 'subscriberId', schema: PathParam, value: subscriberId },
        { label: 'body', schema: MarkAsBody, value: body },
      ],
      schema: MessageList,
    },
    options,
  );
}
