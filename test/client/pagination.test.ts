// The three pagination styles against small scripted services, over three or more pages.
import { SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import {
  activity,
  clientWith,
  json,
  type RecordedRequest,
  subscriber,
  workflowListItem,
} from './helpers';

const people = Array.from({ length: 7 }, (_, i) => ({
  ...subscriber,
  _id: `id-${i}`,
  subscriberId: `user-${i}`,
}));

/** Cursor rules of the service: `after`/`before` are item ids, `next`/`previous` null at the ends. */
function cursorService(request: RecordedRequest) {
  const params = request.url.searchParams;
  const limit = Number(params.get('limit') ?? 10);
  const after = params.get('after');
  const before = params.get('before');
  let start = 0;
  let end = people.length;
  if (after) start = people.findIndex((p) => p._id === after) + 1;
  if (before) end = people.findIndex((p) => p._id === before);
  const data = before
    ? people.slice(Math.max(0, end - limit), end)
    : people.slice(start, start + limit);
  const first = people.indexOf(data[0] as (typeof people)[number]);
  const last = people.indexOf(data[data.length - 1] as (typeof people)[number]);
  return json({
    data,
    next: data.length && last < people.length - 1 ? data[data.length - 1]?._id : null,
    previous: data.length && first > 0 ? data[0]?._id : null,
    totalCount: people.length,
    totalCountCapped: false,
  });
}

const ids = (items: Array<{ subscriberId: string }>) => items.map((item) => item.subscriberId);

describe('cursor pages (subscribers.search, subscriptions.list)', () => {
  it('await gives the first page with its cursor fields', async () => {
    const { svc, requests } = clientWith(cursorService);
    const page = await svc.subscribers.search({ limit: 3, email: 'x' });
    expect(ids(page.data)).toEqual(['user-0', 'user-1', 'user-2']);
    expect(page).toMatchObject({
      next: 'id-2',
      previous: null,
      totalCount: 7,
      totalCountCapped: false,
    });
    expect(page.hasNextPage()).toBe(true);
    expect(page.hasPreviousPage()).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('for await walks every item across 3 pages, following next with after', async () => {
    const { svc, requests } = clientWith(cursorService);
    const seen: string[] = [];
    for await (const person of svc.subscribers.search({ limit: 3, email: 'x' })) {
      seen.push(person.subscriberId);
    }
    expect(seen).toEqual(ids(people));
    expect(requests.map((r) => r.url.search)).toEqual([
      '?limit=3&email=x',
      '?limit=3&email=x&after=id-2',
      '?limit=3&email=x&after=id-5',
    ]);
  });

  it('getNextPage / getPreviousPage move forwards and backwards with after / before', async () => {
    const { svc, requests } = clientWith(cursorService);
    const first = await svc.subscribers.search({ limit: 3 });
    const second = await first.getNextPage();
    const third = await second.getNextPage();
    expect(ids(third.data)).toEqual(['user-6']);
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toBeInstanceOf(SvcValidationError);
    const back = await third.getPreviousPage();
    expect(ids(back.data)).toEqual(['user-3', 'user-4', 'user-5']);
    const start = await back.getPreviousPage();
    expect(ids(start.data)).toEqual(['user-0', 'user-1', 'user-2']);
    expect(start.hasPreviousPage()).toBe(false);
    await expect(start.getPreviousPage()).rejects.toBeInstanceOf(SvcValidationError);
    expect(requests.slice(3).map((r) => r.url.search)).toEqual([
      '?limit=3&before=id-6',
      '?limit=3&before=id-3',
    ]);
  });

  it('iterPreviousPages walks backwards to the first page', async () => {
    const { svc } = clientWith(cursorService);
    const last = await svc.subscribers.search({ limit: 3, after: 'id-5' });
    const pages: string[][] = [];
    for await (const page of last.iterPreviousPages()) pages.push(ids(page.data));
    expect(pages).toEqual([
      ['user-6'],
      ['user-3', 'user-4', 'user-5'],
      ['user-0', 'user-1', 'user-2'],
    ]);
  });

  it('drops includeCursor when following cursors, so no item repeats', async () => {
    const { svc, requests } = clientWith(cursorService);
    const first = await svc.subscribers.search({ limit: 3, includeCursor: true });
    await first.getNextPage();
    expect(requests[1]?.url.searchParams.get('includeCursor')).toBeNull();
  });

  it('walks topic subscriptions the same way', async () => {
    const { svc, requests } = clientWith(cursorService, { validation: 'off' });
    const items = await svc.subscribers.subscriptions
      .list('user-1', { limit: 3 })
      .toArray({ limit: 100 });
    expect(items).toHaveLength(7);
    expect(requests.every((r) => r.url.pathname === '/v2/subscribers/user-1/subscriptions')).toBe(
      true,
    );
  });
});

describe('early exit and caps', () => {
  it('break out of for await makes no further request', async () => {
    const { svc, requests } = clientWith(cursorService);
    for await (const person of svc.subscribers.search({ limit: 3 })) {
      if (person.subscriberId === 'user-1') break;
    }
    expect(requests).toHaveLength(1);
  });

  it('toArray stops at its limit without fetching further pages', async () => {
    const { svc, requests } = clientWith(cursorService);
    const four = await svc.subscribers.search({ limit: 3 }).toArray({ limit: 4 });
    expect(ids(four)).toEqual(['user-0', 'user-1', 'user-2', 'user-3']);
    expect(requests).toHaveLength(2);
    const all = await svc.subscribers.search({ limit: 3 }).toArray({ limit: 1000 });
    expect(all).toHaveLength(7);
  });

  it('toArray requires a limit', async () => {
    const { svc, requests } = clientWith(cursorService);
    const search = svc.subscribers.search({ limit: 3 });
    await expect(search.toArray(undefined as unknown as { limit: number })).rejects.toBeInstanceOf(
      SvcValidationError,
    );
    await expect(search.toArray({ limit: -1 })).rejects.toThrow(/limit/);
    expect(await search.toArray({ limit: 0 })).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('pages() walks pages lazily', async () => {
    const { svc, requests } = clientWith(cursorService);
    const sizes: number[] = [];
    for await (const page of svc.subscribers.search({ limit: 3 }).pages()) {
      sizes.push(page.data.length);
      if (sizes.length === 2) break;
    }
    expect(sizes).toEqual([3, 3]);
    expect(requests).toHaveLength(2);
  });
});

describe('offset pages (workflows.list)', () => {
  const workflows = Array.from({ length: 8 }, (_, i) => ({
    ...workflowListItem,
    workflowId: `wf-${i}`,
  }));
  const offsetService = (request: RecordedRequest) => {
    const limit = Number(request.url.searchParams.get('limit') ?? 50);
    const offset = Number(request.url.searchParams.get('offset') ?? 0);
    return json({
      data: { workflows: workflows.slice(offset, offset + limit), totalCount: workflows.length },
    });
  };

  it('advances by limit until totalCount (3 pages)', async () => {
    const { svc, requests } = clientWith(offsetService);
    const seen: string[] = [];
    for await (const workflow of svc.workflows.list({ limit: 3, tags: ['t'] }))
      seen.push(workflow.workflowId);
    expect(seen).toEqual(workflows.map((w) => w.workflowId));
    expect(requests.map((r) => r.url.search)).toEqual([
      '?limit=3&tags=t',
      '?limit=3&tags=t&offset=3',
      '?limit=3&tags=t&offset=6',
    ]);
  });

  it('exposes offset and totalCount, and stops at the end', async () => {
    const { svc } = clientWith(offsetService);
    const first = await svc.workflows.list({ limit: 3, offset: 3 });
    expect(first).toMatchObject({ offset: 3, totalCount: 8 });
    const last = await first.getNextPage();
    expect(last.offset).toBe(6);
    expect(last.hasNextPage()).toBe(false);
  });

  it('without a limit, advances by the page length the service chose', async () => {
    const { svc, requests } = clientWith((request) => {
      const offset = Number(request.url.searchParams.get('offset') ?? 0);
      return json({ data: { workflows: workflows.slice(offset, offset + 5), totalCount: 8 } });
    });
    expect(await svc.workflows.list().toArray({ limit: 100 })).toHaveLength(8);
    expect(requests.map((r) => r.url.search)).toEqual(['', '?offset=5']);
  });

  it('stops on an empty page even if totalCount says more', async () => {
    const { svc, requests } = clientWith(() => json({ data: { workflows: [], totalCount: 5 } }));
    expect(await svc.workflows.list({ limit: 3 }).toArray({ limit: 10 })).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('page-number pages (notifications.list)', () => {
  const events = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ ...activity, transactionId: `txn-${i}` }));

  /** hasMore = (items returned == limit), like the service. */
  const pageService = (all: ReturnType<typeof events>) => (request: RecordedRequest) => {
    const limit = Number(request.url.searchParams.get('limit') ?? 10);
    const page = Number(request.url.searchParams.get('page') ?? 0);
    const data = all.slice(page * limit, page * limit + limit);
    return json({ page, hasMore: data.length === limit, pageSize: limit, data });
  };

  it('advances while hasMore over 3 pages', async () => {
    const all = events(7);
    const { svc, requests } = clientWith(pageService(all));
    const seen: string[] = [];
    for await (const event of svc.notifications.list({ limit: 3 })) seen.push(event.transactionId);
    expect(seen).toEqual(all.map((e) => e.transactionId));
    expect(requests.map((r) => r.url.searchParams.get('page'))).toEqual([null, '1', '2']);
  });

  it('ends cleanly on the empty page after a full last page', async () => {
    const all = events(9);
    const { svc, requests } = clientWith(pageService(all));
    const pages: Array<{ page: number; size: number; hasMore: boolean }> = [];
    for await (const page of svc.notifications.list({ limit: 3 }).pages()) {
      pages.push({ page: page.page, size: page.data.length, hasMore: page.hasMore });
    }
    expect(pages).toEqual([
      { page: 0, size: 3, hasMore: true },
      { page: 1, size: 3, hasMore: true },
      { page: 2, size: 3, hasMore: true },
      { page: 3, size: 0, hasMore: false },
    ]);
    expect(requests).toHaveLength(4);
    expect(await svc.notifications.list({ limit: 3 }).toArray({ limit: 100 })).toHaveLength(9);
  });

  it('starts from the page asked for and exposes pageSize', async () => {
    const { svc } = clientWith(pageService(events(7)));
    const page = await svc.notifications.list({ limit: 3, page: 2 });
    expect(page).toMatchObject({ page: 2, pageSize: 3, hasMore: false });
    expect(page.hasNextPage()).toBe(false);
  });
});
