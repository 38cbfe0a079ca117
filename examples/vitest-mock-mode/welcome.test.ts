// Mock mode in vitest without `globals: true`: pass the hooks to setupSvcMock.
// (With jest or vitest `globals: true`, `setupSvcMock({ seed })` registers them by itself.)
import { setupSvcMock } from '@svc/api/mock/node';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { welcomeLine } from './welcome';

const mock = setupSvcMock({
  seed: { subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }] },
  hooks: { beforeAll, afterEach, afterAll },
});

it('greets a known subscriber by name', async () => {
  expect(await welcomeLine(mock.client(), 'user-1')).toBe('Welcome back, Ada!');
});

it('greets someone the service does not know yet', async () => {
  expect(await welcomeLine(mock.client(), 'user-2')).toBe('Welcome! Set up your notifications.');
});

it('sees data seeded in the test, which the next test no longer sees', async () => {
  mock.engine.seed({ subscribers: [{ subscriberId: 'user-2', firstName: 'Grace' }] });
  expect(await welcomeLine(mock.client(), 'user-2')).toBe('Welcome back, Grace!');
});

it('surfaces a service outage (one-test override)', async () => {
  mock.server.use(
    http.get('*/v2/subscribers/:id', () =>
      HttpResponse.json({ statusCode: 503, message: 'Service Unavailable' }, { status: 503 }),
    ),
  );
  await expect(
    welcomeLine(mock.client('Development', { maxRetries: 0 }), 'user-1'),
  ).rejects.toMatchObject({ status: 503 });
});
