// Hostile: 16 long-polls of the outbox (the most one engine takes) that nothing will answer. Each
// waiter re-ran a full outbox scan on every engine event, so a bulk trigger paid 16 scans per
// event; and a waiter whose client hung up kept its slot until its deadline, so a 17th request
// got 429 for 30 s (issue 38, item 8).
import { get } from 'node:http';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MAX_OUTBOX_WAITERS } from '../../mock-server/control/outbox-wait';

let server: Awaited<ReturnType<typeof startMockServer>>;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'now',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
        },
      ],
    },
  });
});
afterAll(() => server.close());

/** `MAX_OUTBOX_WAITERS` requests waiting 30 s for a transaction that never comes, each on its own connection. */
async function fillWaiters() {
  const requests = Array.from({ length: MAX_OUTBOX_WAITERS }, () =>
    get(`${server.url}/__svc/outbox?transactionId=never&wait=30s`, { agent: false }),
  );
  for (const request of requests) request.on('error', () => {});
  await vi.waitFor(
    async () => {
      const full = await fetch(`${server.url}/__svc/outbox?transactionId=never&wait=1ms`);
      await full.arrayBuffer();
      expect(full.status).toBe(429);
    },
    { timeout: 5_000 },
  );
  // The clients hang up: their connections close.
  const hangUp = () => {
    for (const request of requests) request.destroy();
  };
  return { hangUp };
}

it('wakes a waiter only for a message its filters match: a bulk trigger costs no outbox scans', async () => {
  const waiters = await fillWaiters();
  const page = vi.spyOn(server.engine.outbox, 'page');
  const response = await fetch(`${server.url}/v1/events/trigger/bulk`, {
    method: 'POST',
    headers: {
      authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      events: Array.from({ length: 100 }, () => ({ name: 'now', to: 'ada' })),
    }),
  });
  expect(response.status).toBe(201);
  await response.arrayBuffer();
  expect(page).not.toHaveBeenCalled();
  page.mockRestore();
  waiters.hangUp();
});

it("frees a waiter's slot when its client hangs up", async () => {
  const waiters = await fillWaiters();
  waiters.hangUp();
  await vi.waitFor(
    async () => {
      const next = await fetch(`${server.url}/__svc/outbox?transactionId=never&wait=1ms`);
      await next.arrayBuffer();
      expect(next.status).toBe(200);
    },
    { timeout: 2_000 },
  );
});

it('frees the slot of a fetch handler request when its signal aborts', async () => {
  const engine = createMockEngine();
  const handle = createFetchHandler(engine, { control: true });
  const url = 'https://api.novu.co/__svc/outbox?transactionId=never&wait=30s';
  const controllers = Array.from({ length: MAX_OUTBOX_WAITERS }, () => new AbortController());
  const waiting = controllers.map((controller) =>
    handle(new Request(url, { signal: controller.signal })),
  );
  const full = await handle(new Request(url.replace('30s', '1ms')));
  expect(full.status).toBe(429);
  for (const controller of controllers) controller.abort();
  await Promise.all(waiting);
  const next = await handle(new Request(url.replace('30s', '1ms')));
  expect(next.status).toBe(200);
});
