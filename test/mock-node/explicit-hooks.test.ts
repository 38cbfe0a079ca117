// setupSvcMock wired through vitest's hooks passed explicitly (vitest without `globals: true`).
import { NotFoundError } from '@svc/api';
import { setupSvcMock } from '@svc/api/mock/node';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupSvcMock({
  seed: { subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }] },
  hooks: { beforeAll, afterEach, afterAll },
});
// Made before beforeAll runs `listen()`: it must still reach the mock.
const earlyClient = mock.client();

// The two tests run in order: the second sees what the afterEach hook left behind.
describe('setupSvcMock with explicit hooks', () => {
  it('intercepts from beforeAll on, serving the seed to mock.client()', async () => {
    const svc = mock.client();
    expect((await svc.subscribers.retrieve('user-1')).firstName).toBe('Ada');

    mock.engine.seed({ subscribers: [{ subscriberId: 'temporary' }] });
    expect((await svc.subscribers.retrieve('temporary')).subscriberId).toBe('temporary');
    mock.server.use(
      http.get('*/v2/subscribers/overridden', () =>
        HttpResponse.json({ data: null }, { status: 503 }),
      ),
    );
  });

  it('intercepts a client made at module level, before listen()', async () => {
    expect((await earlyClient.subscribers.retrieve('user-1')).firstName).toBe('Ada');
  });

  it('resets the engine and drops overrides after each test', async () => {
    const svc = mock.client('Development', { maxRetries: 0 });
    await expect(svc.subscribers.retrieve('temporary')).rejects.toBeInstanceOf(NotFoundError);
    await expect(svc.subscribers.retrieve('overridden')).rejects.toMatchObject({ status: 404 });
    expect((await svc.subscribers.retrieve('user-1')).firstName).toBe('Ada');
  });
});
