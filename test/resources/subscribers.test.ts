import { AuthenticationError, NotFoundError, Svc } from '@svc/api';
import { createHandlers, createMockEngine } from '@svc/api/mock';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const engine = createMockEngine({
  seed: { subscribers: [{ subscriberId: 'user-1', firstName: 'Ada', email: 'ada@example.com' }] },
});
const server = setupServer(...createHandlers(engine));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  engine.reset();
});
afterAll(() => server.close());

const client = (key = engine.environment('Development').apiKey) => new Svc({ secretKey: key });

describe('subscribers.retrieve through MSW and the engine', () => {
  it('returns the subscriber', async () => {
    const subscriber = await client().subscribers.retrieve('user-1');
    expect(subscriber).toMatchObject({ subscriberId: 'user-1', firstName: 'Ada' });
  });

  it('answers an unknown subscriber with NotFoundError and the service body', async () => {
    const error = await client()
      .subscribers.retrieve('ghost')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toEqual({
      error: 'Not Found',
      statusCode: 404,
      timestamp: engine.clock.iso(),
      path: '/v2/subscribers/ghost',
      message: 'Subscriber: ghost was not found',
      ctx: { error: 'Not Found', statusCode: 404 },
    });
  });

  it('answers a wrong key with AuthenticationError', async () => {
    const error = await client('wrong')
      .subscribers.retrieve('user-1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).message).toBe('API Key not found');
  });

  it('keeps environments apart: the Production key does not see Development data', async () => {
    await expect(
      client(engine.environment('Production').apiKey).subscribers.retrieve('user-1'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
