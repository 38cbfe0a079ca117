// The pages' rules unit by unit (the mutation run's survivors, docs/benchmarks.md "Mutation
// score"): moving past the first or last page, a page-number page that is empty, and what
// toArray accepts as a limit.
import { describe, expect, it } from 'vitest';
import { SvcValidationError } from '../../src/core/errors';
import {
  CursorPage,
  type CursorPageBody,
  type CursorQuery,
  PageNumberPage,
  requestPage,
} from '../../src/core/pagination';

const noFetch = () => Promise.reject(new Error('no request expected'));

const cursorBody = (next: string | null, previous: string | null): CursorPageBody<number> => ({
  data: [1, 2],
  next,
  previous,
  totalCount: 2,
  totalCountCapped: false,
});

describe('pages at their ends', () => {
  it('getNextPage past the last page rejects with a validation error and sends nothing', async () => {
    const page = new CursorPage<number>(cursorBody(null, null), {}, noFetch);
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toThrow(
      new SvcValidationError('No next page: check hasNextPage() before getNextPage().'),
    );
  });

  it('getPreviousPage before the first page rejects the same way', async () => {
    const page = new CursorPage<number>(cursorBody(null, null), {}, noFetch);
    await expect(page.getPreviousPage()).rejects.toThrow(
      new SvcValidationError('No previous page: check hasPreviousPage() first.'),
    );
    await expect(page.getPreviousPage()).rejects.toBeInstanceOf(SvcValidationError);
  });

  it('a page-number page that is empty has no next page, even when hasMore says so', () => {
    const empty = new PageNumberPage<number>(
      { data: [], page: 3, hasMore: true, pageSize: 10 },
      {},
      noFetch,
    );
    expect(empty.hasNextPage()).toBe(false);
    const full = new PageNumberPage<number>(
      { data: [1], page: 3, hasMore: true, pageSize: 10 },
      {},
      noFetch,
    );
    expect(full.hasNextPage()).toBe(true);
  });
});

describe('toArray limits', () => {
  const pages = () =>
    requestPage<CursorQuery, CursorPageBody<number>, CursorPage<number>, number>(
      () => ({
        raw: Promise.resolve({} as never),
        parse: async () => cursorBody(null, null),
      }),
      {},
      (body, query, fetch) => new CursorPage(body, query, fetch),
    );

  it('refuses a fraction, a text or a negative number, naming the field', async () => {
    for (const limit of [1.5, '3', -1, Number.NaN]) {
      const refused = pages().toArray({ limit: limit as number });
      await expect(refused, String(limit)).rejects.toBeInstanceOf(SvcValidationError);
      await expect(refused).rejects.toMatchObject({
        issues: [{ path: 'limit', message: 'must be an integer >= 0' }],
      });
    }
  });

  it('collects at most the limit', async () => {
    expect(await pages().toArray({ limit: 1 })).toEqual([1]);
    expect(await pages().toArray({ limit: 5 })).toEqual([1, 2]);
  });
});
