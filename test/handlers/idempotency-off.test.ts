import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('idempotency turned off', () => {
  const off = createMockEngine({
    idempotency: false,
    seed: { subscribers: [{ subscriberId: 'ada' }] },
  });
  const server = setupServer(...createHandlers(off, { baseUrl: 'https://off.svc.co' }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => server.close());

  it('runs every request', async () => {
    const send = () =>
      fetch('https://off.svc.co/v2/subscribers/ada', {
        method: 'PATCH',
        headers: {
          Authorization: `ApiKey ${off.environment('Development').apiKey}`,
          'Idempotency-Key': 'k',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ firstName: 'A' }),
      });
    await send();
    const second = await send();
    expect(second.headers.get('idempotency-replay')).toBeNull();
  });
});
