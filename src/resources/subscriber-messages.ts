import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  subscribersMessagesMarkAll,
  subscribersMessagesUpdateAction,
} from '../funcs/subscriber-notifications-v1';
import { subscribersMessagesMarkAs } from '../funcs/subscribers';
import type { MarkAsBody, Message } from '../schemas/message';
import type { MarkAllBody, MessageActionBody } from '../schemas/subscriber-feed';

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

  /**
   * Marks every in-app message of the subscriber `read`, `unread`, `seen` or `unseen` (`POST
   * /v1/subscribers/{subscriberId}/messages/mark-all`); resolves to how many changed. The Inbox's
   * socket hears the new counts.
   *
   * @throws {@link NotFoundError} when the subscriber does not exist.
   *
   * @example
   * ```ts
   * const changed = await svc.subscribers.messages.markAll('user-1', { markAs: 'read' });
   * ```
   */
  markAll(subscriberId: string, body: MarkAllBody, options?: RequestOptions): APIPromise<number> {
    return subscribersMessagesMarkAll(this.#core, subscriberId, body, options);
  }

  /**
   * Records a click on a button of an in-app message (`POST
   * /v1/subscribers/{subscriberId}/messages/{messageId}/actions/{type}`): `type` is the button
   * (`primary` or `secondary`), `status` the action's new status; resolves to the message.
   *
   * @throws {@link BadRequestError} when the message is another subscriber's, or nothing changes.
   *
   * @example
   * ```ts
   * const message = await svc.subscribers.messages.updateAction('user-1', messageId, 'primary', {
   *   status: 'done',
   *   payload: { accepted: true },
   * });
   * ```
   */
  updateAction(
    subscriberId: string,
    messageId: string,
    type: string,
    body: MessageActionBody,
    options?: RequestOptions,
  ): APIPromise<Message> {
    return subscribersMessagesUpdateAction(
      this.#core,
      subscriberId,
      messageId,
      type,
      body,
      options,
    );
  }
}
