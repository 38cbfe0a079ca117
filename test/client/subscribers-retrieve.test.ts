import { AuthenticationError, isAPIError, NotFoundError, Svc } from '@svc/api';
import { describe, expect, it } from 'vitest';

function recordingFetch(respond: (request: Request) => Response) {
  const requests: Request[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return respond(request);
  };
  return { requests, fetch: fetchImpl as typeof fetch };
}

const subscriber = {
  _id: '6955b90000000000000000a1',
  subscriberId: 'a/b c',
  _organizationId: '6955b90000000000000000a2',
  _environmentId: '6955b90000000000000000a3',
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('client: subscribers.retrieve through an injected fetch', () => {
  it('sends GET /v2/subscribers/{id} with the id encoded and the ApiKey header', async () => {
    const { requests, fetch } = recordingFetch(() => Response.json({ data: subscriber }));
    const svc = new Svc({ secretKey: 'sk_123', baseUrl: 'https://example.test/', fetch });
    const result = await svc.subscribers.retrieve('a/b c');
    expect(result).toEqual(subscriber);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('https://example.test/v2/subscribers/a%2Fb%20c');
    expect(request?.headers.get('authorization')).toBe('ApiKey sk_123');
  });

  it('keeps an ApiKey prefix the caller already added, and accepts an async key', async () => {
    const { requests, fetch } = recordingFetch(() => Response.json({ data: subscriber }));
    const svc = new Svc({ secretKey: async () => 'ApiKey sk_9', fetch });
    await svc.subscribers.retrieve('x');
    expect(requests[0]?.headers.get('authorization')).toBe('ApiKey sk_9');
    expect(requests[0]?.url).toBe('https://api.svc.co/v2/subscribers/x');
  });

  it('uses the EU base URL for region eu', async () => {
    const { requests, fetch } = recordingFetch(() => Response.json({ data: subscriber }));
    await new Svc({ secretKey: 'k', region: 'eu', fetch }).subscribers.retrieve('x');
    expect(requests[0]?.url).toBe('https://eu.api.svc.co/v2/subscribers/x');
  });

  it('accepts the bare (unwrapped) form as well', async () => {
    const { fetch } = recordingFetch(() => Response.json(subscriber));
    await expect(new Svc({ secretKey: 'k', fetch }).subscribers.retrieve('x')).resolves.toEqual(
      subscriber,
    );
  });

  it('maps 404 to NotFoundError with the service body', async () => {
    const body = {
      error: 'Not Found',
      statusCode: 404,
      timestamp: '2026-01-01T00:00:00.000Z',
      path: '/v2/subscribers/x',
      message: 'Subscriber: x was not found',
      ctx: { error: 'Not Found', statusCode: 404 },
    };
    const { fetch } = recordingFetch(() => Response.json(body, { status: 404 }));
    const error = await new Svc({ secretKey: 'k', fetch }).subscribers
      .retrieve('x')
      .catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(isAPIError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 404,
      message: 'Subscriber: x was not found',
      path: '/v2/subscribers/x',
      body,
    });
  });

  it('maps 401 to AuthenticationError', async () => {
    const { fetch } = recordingFetch(() =>
      Response.json({ statusCode: 401, message: 'API Key not found' }, { status: 401 }),
    );
    await expect(
      new Svc({ secretKey: 'k', fetch }).subscribers.retrieve('x'),
    ).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('throws a clear error at construction when the key is missing', () => {
    expect(() => new Svc({ secretKey: '' })).toThrow(/secretKey/);
  });
});
