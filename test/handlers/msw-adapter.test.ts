// The msw adapter does each HTTP step once (ADR 0140): the predicate matches the route and keeps
// the match for the resolver and the pipeline; the pipeline alone checks a declared Content-Length.
import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { getResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as router from '../../mock-server/pipeline/router';

vi.mock('../../mock-server/pipeline/router', async (importOriginal) => {
  const original = await importOriginal<typeof router>();
  return { ...original, matchRoute: vi.fn(original.matchRoute) };
});

describe('msw adapter: route matching', () => {
  it('matches a request to its route once, in the predicate', async () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    const handlers = createHandlers(engine);
    const matchRoute = vi.mocked(router.matchRoute);
    matchRoute.mockClear();
    const response = await getResponse(
      handlers,
      new Request('https://api.svc.co/v2/subscribers/ada', {
        headers: { authorization: `ApiKey ${engine.environment('Development').apiKey}` },
      }),
    );
    expect(response?.status).toBe(200);
    expect(matchRoute).toHaveBeenCalledTimes(1);
  });

  it('leaves a path that is no route unhandled, after one match', async () => {
    const handlers = createHandlers(createMockEngine());
    const matchRoute = vi.mocked(router.matchRoute);
    matchRoute.mockClear();
    const response = await getResponse(handlers, new Request('https://api.svc.co/v2/nothing'));
    expect(response).toBeUndefined();
    expect(matchRoute).toHaveBeenCalledTimes(1);
  });
});

describe('the declared Content-Length', () => {
  it('is checked by the pipeline alone: the fetch bridge reads a declared body as it is', async () => {
    const { fromFetchRequest } = await import('../../mock-server/fetch/fetch-bridge');
    const request = new Request('https://api.svc.co/v1/events/trigger', {
      method: 'POST',
      headers: { 'content-length': '2' },
      body: '{}',
    });
    expect(await fromFetchRequest(request, '/v1/events/trigger').readBody(1)).toBe('{}');
  });

  it('past the route limit is the 413, before the body is read', async () => {
    const engine = createMockEngine();
    const response = await getResponse(
      createHandlers(engine),
      new Request('https://api.svc.co/v2/subscribers/ada', {
        method: 'PATCH',
        headers: {
          authorization: `ApiKey ${engine.environment('Development').apiKey}`,
          'content-length': String(200 * 1024),
          'content-type': 'application/json',
        },
        body: '{}',
      }),
    );
    expect(response?.status).toBe(413);
  });
});
