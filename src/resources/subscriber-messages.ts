import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { subscribersMessagesMarkAs } from '../funcs/subscribersMessagesMarkAs';
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
   * Marks messages `read`, `seen`, `unread` or `unseen`; resolves to the updated messages.
   *
   * @example
   * ```ts
   * const messages = await svc.subscribers.messages.markAs('user-1', { messageId: 'id', markAs: 'read' });
   * ```
   */
  markAs(subscriberId: string, body: MarkAsBody, options?: RequestOptions): APIPromise<Message[]> {
    return subscribersMessagesMarkAs(this.#core, subscriberId, body, options);
  }
}
