// Pages you can await, walk and collect. One class per pagination style of the service; each
// operation declares its style and how to read its body, so this code never names a resource.
import { APIPromise, type PendingRequest } from './api-promise';
import { SvcValidationError } from './errors';

/** @internal Fetches the page for a query (the same operation, options and parser). */
export type PageFetcher<Query, Page> = (query: Query) => Promise<Page>;

/**
 * What every page has: its items, and the way to the next page.
 *
 * @example
 * ```ts
 * let page = await svc.subscribers.search({ limit: 50 });
 * while (true) {
 *   for (const subscriber of page.data) console.log(subscriber.subscriberId);
 *   if (!page.hasNextPage()) break;
 *   page = await page.getNextPage();
 * }
 * ```
 */
export abstract class AbstractPage<Item, Query extends object = object>
  implements AsyncIterable<Item>
{
  /** The items of this page. */
  readonly data: Item[];
  /** The query that produced this page. */
  readonly query: Query;
  readonly #fetch: PageFetcher<Query, AbstractPage<Item, Query>>;

  /** @internal */
  constructor(data: Item[], query: Query, fetch: PageFetcher<Query, AbstractPage<Item, Query>>) {
    this.data = data;
    this.query = query;
    this.#fetch = fetch;
  }

  /** @internal The query of the next page, or `null` on the last page. */
  protected abstract nextPageQuery(): Query | null;

  /** @internal Fetches another page of the same operation. */
  protected fetchPage(query: Query): Promise<this> {
    return this.#fetch(query) as Promise<this>;
  }

  /** Whether another page follows this one. */
  hasNextPage(): boolean {
    return this.nextPageQuery() !== null;
  }

  /**
   * Fetches the next page.
   *
   * @throws {@link SvcValidationError} on the last page (check {@link hasNextPage} first).
   *
   * @example
   * ```ts
   * const second = await first.getNextPage();
   * ```
   */
  getNextPage(): Promise<this> {
    const query = this.nextPageQuery();
    if (query === null) {
      return Promise.reject(
        new SvcValidationError('No next page: check hasNextPage() before getNextPage().'),
      );
    }
    return this.fetchPage(query);
  }

  /**
   * Walks this page and every following one, fetching each only when it is reached.
   *
   * @example
   * ```ts
   * for await (const page of first.iterPages()) console.log(page.data.length);
   * ```
   */
  async *iterPages(): AsyncGenerator<this, void, undefined> {
    let page: this = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /**
   * Walks every item of this page and the following ones.
   *
   * @example
   * ```ts
   * for await (const subscriber of page) console.log(subscriber.subscriberId);
   * ```
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/** The query fields cursor pagination moves. */
export interface CursorQuery {
  after?: string | undefined;
  before?: string | undefined;
  includeCursor?: boolean | undefined;
}

/** The body of a cursor page. */
export interface CursorPageBody<Item> {
  data: Item[];
  next: string | null;
  previous: string | null;
  totalCount: number;
  totalCountCapped: boolean;
}

function withoutCursors<Query extends CursorQuery>(query: Query): Query {
  const { after: _after, before: _before, includeCursor: _include, ...rest } = query;
  return rest as Query;
}

/**
 * A cursor page (`next` / `previous` are item ids, `null` at either end). Forward pages follow
 * `next` with `after`; backward pages follow `previous` with `before`.
 *
 * @example
 * ```ts
 * const page = await svc.subscribers.search({ limit: 10 });
 * console.log(page.totalCount, page.totalCountCapped, page.next);
 * if (page.hasPreviousPage()) await page.getPreviousPage();
 * ```
 */
export class CursorPage<Item, Query extends CursorQuery = CursorQuery> extends AbstractPage<
  Item,
  Query
> {
  /** Cursor of the next page, `null` on the last page. */
  readonly next: string | null;
  /** Cursor of the previous page, `null` on the first page. */
  readonly previous: string | null;
  /** Number of matching items, counted up to 50,000. */
  readonly totalCount: number;
  /** True when more than 50,000 items match (then `totalCount` is capped). */
  readonly totalCountCapped: boolean;

  /** @internal */
  constructor(
    body: CursorPageBody<Item>,
    query: Query,
    fetch: PageFetcher<Query, CursorPage<Item, Query>>,
  ) {
    super(body.data, query, fetch as PageFetcher<Query, AbstractPage<Item, Query>>);
    this.next = body.next;
    this.previous = body.previous;
    this.totalCount = body.totalCount;
    this.totalCountCapped = body.totalCountCapped;
  }

  protected nextPageQuery(): Query | null {
    // `includeCursor` is dropped: with it the cursor item would come back on every page.
    return this.next ? { ...withoutCursors(this.query), after: this.next } : null;
  }

  /** Whether a page precedes this one. */
  hasPreviousPage(): boolean {
    return this.previous !== null;
  }

  /**
   * Fetches the page before this one (`before = previous`).
   *
   * @throws {@link SvcValidationError} on the first page.
   *
   * @example
   * ```ts
   * const earlier = await page.getPreviousPage();
   * ```
   */
  getPreviousPage(): Promise<this> {
    if (this.previous === null) {
      return Promise.reject(
        new SvcValidationError('No previous page: check hasPreviousPage() first.'),
      );
    }
    return this.fetchPage({ ...withoutCursors(this.query), before: this.previous });
  }

  /**
   * Walks this page and every page before it, nearest first.
   *
   * @example
   * ```ts
   * for await (const earlier of lastPage.iterPreviousPages()) console.log(earlier.data);
   * ```
   */
  async *iterPreviousPages(): AsyncGenerator<this, void, undefined> {
    let page: this = this;
    yield page;
    while (page.hasPreviousPage()) {
      page = await page.getPreviousPage();
      yield page;
    }
  }
}

/** The query fields offset pagination moves. */
export interface OffsetQuery {
  offset?: number | undefined;
  limit?: number | undefined;
}

/** The body of an offset page, normalised: its items and the total match count. */
export interface OffsetPageBody<Item> {
  data: Item[];
  totalCount: number;
}

/**
 * An offset page: the next page starts `limit` items later, until `totalCount` is reached.
 *
 * @example
 * ```ts
 * const page = await svc.workflows.list({ limit: 20 });
 * console.log(page.offset, page.totalCount, page.data.length);
 * ```
 */
export class OffsetPage<Item, Query extends OffsetQuery = OffsetQuery> extends AbstractPage<
  Item,
  Query
> {
  /** Number of items matching the query, across all pages. */
  readonly totalCount: number;
  /** Items skipped before this page. */
  readonly offset: number;

  /** @internal */
  constructor(
    body: OffsetPageBody<Item>,
    query: Query,
    fetch: PageFetcher<Query, OffsetPage<Item, Query>>,
  ) {
    super(body.data, query, fetch as PageFetcher<Query, AbstractPage<Item, Query>>);
    this.totalCount = body.totalCount;
    this.offset = query.offset ?? 0;
  }

  protected nextPageQuery(): Query | null {
    if (this.data.length === 0) return null;
    // Without a `limit` the service used its default; the page length tells what it was.
    const nextOffset = this.offset + (this.query.limit ?? this.data.length);
    return nextOffset < this.totalCount ? { ...this.query, offset: nextOffset } : null;
  }
}

/** The query fields page-number pagination moves. */
export interface PageNumberQuery {
  page?: number | undefined;
  limit?: number | undefined;
}

/** The body of a page-number page. */
export interface PageNumberBody<Item> {
  data: Item[];
  page: number;
  hasMore: boolean;
  pageSize: number;
}

/**
 * A page-number page: the next page is `page + 1` while `hasMore`. The service sets `hasMore`
 * whenever a page is full, so a full last page is followed by one empty page, which ends the
 * walk cleanly.
 *
 * @example
 * ```ts
 * const page = await svc.notifications.list({ limit: 50 });
 * console.log(page.page, page.hasMore, page.pageSize);
 * ```
 */
export class PageNumberPage<
  Item,
  Query extends PageNumberQuery = PageNumberQuery,
> extends AbstractPage<Item, Query> {
  /** This page's number, from 0. */
  readonly page: number;
  /** Whether the service says more may follow. */
  readonly hasMore: boolean;
  /** The page size the service used. */
  readonly pageSize: number;

  /** @internal */
  constructor(
    body: PageNumberBody<Item>,
    query: Query,
    fetch: PageFetcher<Query, PageNumberPage<Item, Query>>,
  ) {
    super(body.data, query, fetch as PageFetcher<Query, AbstractPage<Item, Query>>);
    this.page = body.page;
    this.hasMore = body.hasMore;
    this.pageSize = body.pageSize;
  }

  protected nextPageQuery(): Query | null {
    return this.hasMore && this.data.length > 0 ? { ...this.query, page: this.page + 1 } : null;
  }
}

/**
 * Options of {@link PagePromise.toArray}.
 *
 * @example
 * ```ts
 * const first500 = await svc.subscribers.search().toArray({ limit: 500 });
 * ```
 */
export interface ToArrayOptions {
  /** Most items to collect (required, so a huge list cannot exhaust memory by accident). */
  limit: number;
}

/**
 * The promise a list operation returns: `await` it for the first page, or walk it directly.
 *
 * @example
 * ```ts
 * const first = await svc.subscribers.search({ limit: 50 }); // one page
 * for await (const subscriber of svc.subscribers.search()) console.log(subscriber); // all items
 * for await (const page of svc.workflows.list().pages()) console.log(page.data.length);
 * const recent = await svc.notifications.list().toArray({ limit: 200 });
 * ```
 */
export class PagePromise<Page extends AbstractPage<Item>, Item>
  extends APIPromise<Page>
  implements AsyncIterable<Item>
{
  /**
   * Walks the pages, from the first, fetching each only when it is reached.
   *
   * @example
   * ```ts
   * for await (const page of svc.subscribers.search().pages()) console.log(page.next);
   * ```
   */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    const first = await this;
    yield* first.iterPages();
  }

  /**
   * Collects items across pages, stopping at `limit` items (no further page is fetched).
   *
   * @example
   * ```ts
   * const subscribers = await svc.subscribers.search({ email: '@acme.com' }).toArray({ limit: 500 });
   * ```
   */
  async toArray(options: ToArrayOptions): Promise<Item[]> {
    const limit = options?.limit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) {
      throw new SvcValidationError(
        'toArray({ limit }) needs a limit: a whole number >= 0 of items to collect at most.',
        [{ path: 'limit', message: 'must be an integer >= 0' }],
      );
    }
    const items: Item[] = [];
    if (limit === 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }

  /** Walks every item of every page, starting with the first: `for await (const item of list)`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const first = await this;
    yield* first;
  }
}

/**
 * Runs a paginated operation: `send(query)` starts the request for one page and `toPage` builds
 * the page object from its body; each page fetches its successors the same way.
 *
 * @internal
 */
export function requestPage<Query extends object, Body, Page extends AbstractPage<Item>, Item>(
  send: (query: Query) => PendingRequest<Body>,
  query: Query,
  toPage: (body: Body, query: Query, fetch: PageFetcher<Query, Page>) => Page,
): PagePromise<Page, Item> {
  const fetchPage: PageFetcher<Query, Page> = async (next) => {
    const pending = send(next);
    return toPage(await pending.parse(await pending.raw), next, fetchPage);
  };
  const first = send(query);
  return new PagePromise<Page, Item>(first.raw, async (raw) =>
    toPage(await first.parse(raw), query, fetchPage),
  );
}
