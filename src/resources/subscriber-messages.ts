import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { subscribersMessagesMarkAs } from '../funcs/subscribers';
import type { MarkAsBody, Message } from '../schemas/message';

/**
 * The `svc.subscribers.messages` namespace: a subscriber's in-app messages.
 *
 * @example
 * ```ts
 * await svc.subscribers.messages.markAs('user-1', { messageId: ids, markAs: 'seen' });
 * ```
 */
export class SubscriberMessages {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Marks a subscriber's messages `read`, `seen`, `unread` or `unseen` (`POST
   * /v1/subscribers/{subscriberId}/messages/mark-as`); resolves to the updated messages.
   *
   * @example
   * ```ts
   * const messages = await svc.subscribers.messages.markAs('user-1', {
   *   messageId: ['64da692e9a94fb2e6449ad60'],
   *   markAs: 'read',
   * });
   * ```
   */
  markAs(subscriberId: string, body: MarkAsBody, options?: RequestOptions): APIPromise<Message[]> {
    return subscribersMessagesMarkAs(this.#core, subscriberId, body, options);
  }
}
