import * as z from 'zod/mini';
import { Context } from './context';
import { Subscriber } from './subscriber';
import { Topic, TopicSubscription } from './topic';
import type { WorkflowListItem } from './workflow';

/**
 * Builds the schema of a cursor-paginated response (`data`, `next`, `previous`, `totalCount`,
 * `totalCountCapped`) around an item schema.
 */
export function cursorPage<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    data: z.array(item),
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    totalCount: z.number(),
    totalCountCapped: z.boolean(),
  });
}

/** A cursor-paginated response: `next`/`previous` are item ids, null at either end. */
export type CursorPageResponse<T> = {
  data: T[];
  next: string | null;
  previous: string | null;
  /** Counts up to 50,000. */
  totalCount: number;
  /** True when more than 50,000 items match. */
  totalCountCapped: boolean;
};

/** An offset-paginated response (`GET /v2/workflows`): the page items and the total match count. */
export type OffsetPageResponse<T = WorkflowListItem> = {
  workflows: T[];
  totalCount: number;
};

/** Builds the schema of a page-number response (`page`, `hasMore`, `pageSize`, `data`). */
export function pageNumberPage<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({
    page: z.number(),
    hasMore: z.boolean(),
    pageSize: z.number(),
    data: z.array(item),
  });
}

/** A page-number response (`GET /v1/notifications`). */
export type PageNumberResponse<T> = {
  page: number;
  hasMore: boolean;
  pageSize: number;
  data: T[];
};

/** Response of `GET /v2/subscribers` (cursor page of subscribers). */
export const SubscriberSearchResponse = cursorPage(Subscriber);
/** Response of `GET /v2/subscribers`: a cursor page of subscribers. */
export interface SubscriberSearchResponse extends CursorPageResponse<Subscriber> {}

/** Response of `GET /v2/subscribers/{subscriberId}/subscriptions` (cursor page). */
export const SubscriptionsListResponse = cursorPage(TopicSubscription);
/** Response of `GET /v2/subscribers/{subscriberId}/subscriptions`: a cursor page. */
export interface SubscriptionsListResponse extends CursorPageResponse<TopicSubscription> {}

/** Response of `GET /v2/topics` (cursor page). */
export const TopicListResponse = cursorPage(Topic);
/** Response of `GET /v2/topics`: a cursor page of topics. */
export interface TopicListResponse extends CursorPageResponse<Topic> {}

/** Response of `GET /v2/contexts` (cursor page). */
export const ContextListResponse = cursorPage(Context);
/** Response of `GET /v2/contexts`: a cursor page of contexts. */
export interface ContextListResponse extends CursorPageResponse<Context> {}
