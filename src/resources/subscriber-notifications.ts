import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import type { PageNumberPage, PagePromise } from '../core/pagination';
import {
  subscribersNotificationsArchive,
  subscribersNotificationsArchiveAll,
  subscribersNotificationsArchiveAllRead,
  subscribersNotificationsCompleteAction,
  subscribersNotificationsCount,
  subscribersNotificationsDelete,
  subscribersNotificationsDeleteAll,
  subscribersNotificationsList,
  subscribersNotificationsMarkAllAsRead,
  subscribersNotificationsMarkAsRead,
  subscribersNotificationsMarkAsSeen,
  subscribersNotificationsMarkAsUnread,
  subscribersNotificationsRevertAction,
  subscribersNotificationsSnooze,
  subscribersNotificationsUnarchive,
  subscribersNotificationsUnseenCount,
  subscribersNotificationsUnsnooze,
} from '../funcs/subscriber-notifications';
import { subscribersNotificationsFeed } from '../funcs/subscriber-notifications-v1';
import type {
  ActionType,
  BulkNotificationsBody,
  ContextKeysQuery,
  InboxNotification,
  InboxNotificationCount,
  InboxNotificationCountQuery,
  InboxNotificationList,
  InboxNotificationListQuery,
  MarkSeenBody,
  SnoozeBody,
  UnseenCount,
  UnseenCountQuery,
} from '../schemas/inbox-notification';
import type { FeedItem, FeedQuery } from '../schemas/subscriber-feed';

/**
 * The `svc.subscribers.notifications` namespace: a subscriber's Inbox from the server (the same
 * notifications `@novu/js` and the Inbox show; a change here reaches the Inbox's socket).
 *
 * @example
 * ```ts
 * const { data } = await svc.subscribers.notifications.list('user-1', { read: false });
 * await svc.subscribers.notifications.markAllAsRead('user-1', {});
 * ```
 */
export class SubscriberNotifications {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Lists a page of the subscriber's in-app notifications, newest first, as the Inbox shows them (`GET /v2/subscribers/{subscriberId}/notifications`); `hasMore` tells whether to ask the next page with `after` the last `id`.
   *
   * @example
   * ```ts
   * const page = await svc.subscribers.notifications.list('user-1', { read: false, limit: 20 });
   * ```
   */
  list(
    subscriberId: string,
    query?: InboxNotificationListQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotificationList> {
    return subscribersNotificationsList(this.#core, subscriberId, query, options);
  }

  /**
   * Counts the subscriber's notifications for each filter (at most 99 each) (`GET .../notifications/count`).
   *
   * @example
   * ```ts
   * const [unread] = await svc.subscribers.notifications.count('user-1', {
   *   filters: JSON.stringify([{ read: false }]),
   * });
   * ```
   */
  count(
    subscriberId: string,
    query: InboxNotificationCountQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotificationCount[]> {
    return subscribersNotificationsCount(this.#core, subscriberId, query, options);
  }

  /**
   * Marks one notification read, and seen (`PATCH .../notifications/{notificationId}/read`).
   *
   * @example
   * ```ts
   * const notification = await svc.subscribers.notifications.markAsRead('user-1', '64da692e9a94fb2e6449ad60');
   * ```
   */
  markAsRead(
    subscriberId: string,
    notificationId: string,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsMarkAsRead(
      this.#core,
      subscriberId,
      notificationId,
      query,
      options,
    );
  }

  /**
   * Marks one notification unread; an archived one is unarchived (`PATCH .../notifications/{notificationId}/unread`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.markAsUnread('user-1', '64da692e9a94fb2e6449ad60');
   * ```
   */
  markAsUnread(
    subscriberId: string,
    notificationId: string,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsMarkAsUnread(
      this.#core,
      subscriberId,
      notificationId,
      query,
      options,
    );
  }

  /**
   * Archives one notification, reading it if unread (`PATCH .../notifications/{notificationId}/archive`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.archive('user-1', '64da692e9a94fb2e6449ad60');
   * ```
   */
  archive(
    subscriberId: string,
    notificationId: string,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsArchive(
      this.#core,
      subscriberId,
      notificationId,
      query,
      options,
    );
  }

  /**
   * Unarchives one notification (`PATCH .../notifications/{notificationId}/unarchive`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.unarchive('user-1', '64da692e9a94fb2e6449ad60');
   * ```
   */
  unarchive(
    subscriberId: string,
    notificationId: string,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsUnarchive(
      this.#core,
      subscriberId,
      notificationId,
      query,
      options,
    );
  }

  /**
   * Hides one notification until `snoozeUntil` (a minute to 90 days ahead) (`PATCH .../notifications/{notificationId}/snooze`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.snooze('user-1', '64da692e9a94fb2e6449ad60', {
   *   snoozeUntil: new Date(Date.now() + 3_600_000).toISOString(),
   * });
   * ```
   */
  snooze(
    subscriberId: string,
    notificationId: string,
    body: SnoozeBody,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsSnooze(
      this.#core,
      subscriberId,
      notificationId,
      body,
      query,
      options,
    );
  }

  /**
   * Brings a snoozed notification back now (`PATCH .../notifications/{notificationId}/unsnooze`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.unsnooze('user-1', '64da692e9a94fb2e6449ad60');
   * ```
   */
  unsnooze(
    subscriberId: string,
    notificationId: string,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsUnsnooze(
      this.#core,
      subscriberId,
      notificationId,
      query,
      options,
    );
  }

  /**
   * Deletes one notification (`DELETE .../notifications/{notificationId}`); resolves when done.
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.delete('user-1', '64da692e9a94fb2e6449ad60');
   * ```
   */
  delete(
    subscriberId: string,
    notificationId: string,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<void> {
    return subscribersNotificationsDelete(this.#core, subscriberId, notificationId, query, options);
  }

  /**
   * Marks the notification's `primary` or `secondary` action done (`PATCH .../notifications/{notificationId}/actions/{actionType}/complete`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.completeAction('user-1', '64da692e9a94fb2e6449ad60', 'primary');
   * ```
   */
  completeAction(
    subscriberId: string,
    notificationId: string,
    actionType: ActionType,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsCompleteAction(
      this.#core,
      subscriberId,
      notificationId,
      actionType,
      query,
      options,
    );
  }

  /**
   * Sets the notification's `primary` or `secondary` action back to pending (`PATCH .../notifications/{notificationId}/actions/{actionType}/revert`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.revertAction('user-1', '64da692e9a94fb2e6449ad60', 'primary');
   * ```
   */
  revertAction(
    subscriberId: string,
    notificationId: string,
    actionType: ActionType,
    query?: ContextKeysQuery,
    options?: RequestOptions,
  ): APIPromise<InboxNotification> {
    return subscribersNotificationsRevertAction(
      this.#core,
      subscriberId,
      notificationId,
      actionType,
      query,
      options,
    );
  }

  /**
   * Marks the given notifications (`notificationIds`, at most 100), or those the tags and data select, seen (`POST .../notifications/seen`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.markAsSeen('user-1', { notificationIds: ['64da692e9a94fb2e6449ad60'] });
   * ```
   */
  markAsSeen(subscriberId: string, body: MarkSeenBody, options?: RequestOptions): APIPromise<void> {
    return subscribersNotificationsMarkAsSeen(this.#core, subscriberId, body, options);
  }

  /**
   * Marks every notification the tags and data select (all when none) read (`POST .../notifications/read`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.markAllAsRead('user-1', { tags: ['billing'] });
   * ```
   */
  markAllAsRead(
    subscriberId: string,
    body: BulkNotificationsBody,
    options?: RequestOptions,
  ): APIPromise<void> {
    return subscribersNotificationsMarkAllAsRead(this.#core, subscriberId, body, options);
  }

  /**
   * Archives every notification the tags and data select (`POST .../notifications/archive`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.archiveAll('user-1', {});
   * ```
   */
  archiveAll(
    subscriberId: string,
    body: BulkNotificationsBody,
    options?: RequestOptions,
  ): APIPromise<void> {
    return subscribersNotificationsArchiveAll(this.#core, subscriberId, body, options);
  }

  /**
   * Archives every read notification the tags and data select (`POST .../notifications/read-archive`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.archiveAllRead('user-1', {});
   * ```
   */
  archiveAllRead(
    subscriberId: string,
    body: BulkNotificationsBody,
    options?: RequestOptions,
  ): APIPromise<void> {
    return subscribersNotificationsArchiveAllRead(this.#core, subscriberId, body, options);
  }

  /**
   * Deletes every notification the tags and data select (`POST .../notifications/delete`).
   *
   * @example
   * ```ts
   * await svc.subscribers.notifications.deleteAll('user-1', { tags: ['billing'] });
   * ```
   */
  deleteAll(
    subscriberId: string,
    body: BulkNotificationsBody,
    options?: RequestOptions,
  ): APIPromise<void> {
    return subscribersNotificationsDeleteAll(this.#core, subscriberId, body, options);
  }

  /**
   * Counts the subscriber's unseen in-app notifications (or seen ones with `seen: true`), up to
   * `limit` (default 100) (`GET /v1/subscribers/{subscriberId}/notifications/unseen`).
   *
   * @example
   * ```ts
   * const { count } = await svc.subscribers.notifications.unseenCount('user-1');
   * ```
   */
  unseenCount(
    subscriberId: string,
    query?: UnseenCountQuery,
    options?: RequestOptions,
  ): APIPromise<UnseenCount> {
    return subscribersNotificationsUnseenCount(this.#core, subscriberId, query, options);
  }

  /**
   * The subscriber's v1 feed of in-app messages, newest first (`GET
   * /v1/subscribers/{subscriberId}/notifications/feed`): page-number paginated (`page` from 0,
   * `limit` 1 to 100), filtered by `read`, `seen` and `payload` (base64 of a JSON object the
   * trigger payload must contain). `await` it for a page, or walk every item with `for await`.
   *
   * @throws {@link BadRequestError} when the subscriber does not exist or `payload` is not base64 JSON.
   *
   * @example
   * ```ts
   * const page = await svc.subscribers.notifications.feed('user-1', { seen: false, limit: 20 });
   * for await (const item of svc.subscribers.notifications.feed('user-1')) console.log(item.content);
   * ```
   */
  feed(
    subscriberId: string,
    query?: FeedQuery,
    options?: RequestOptions,
  ): PagePromise<PageNumberPage<FeedItem, FeedQuery>, FeedItem> {
    return subscribersNotificationsFeed(this.#core, subscriberId, query, options);
  }
}
