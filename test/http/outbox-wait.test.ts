// GET /__svc/outbox?wait=...: a test in another language waits for a delivery instead of
// sleeping. It answers as soon as a matching delivery exists, or at the deadline with what there
// is; the wait and the number of waiting requests are capped.
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OUTBOX_WAITERS } from '../../mock-server/control/outbox-wait';

let server: Awaited<ReturnType<typeof startMockServer>>;
let key: string;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    clock: 'virtual',
    clockStart: '2026-03-01T00:00:00.000Z',
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'later',
          steps: [
            { type: 'delay', name: 'Wait', controlValues: { amount: 1, unit: 'hours' } },
            { type: 'in_app', name: 'Inbox', controlValues: { body: 'an hour later' } },
          ],
        },
      ],
    },
  });
  key = server.engine.environment('Development').apiKey;
});
afterAll(() => server.close());
beforeEach(() => server.engine.reset());

async function trigger(transactionId: string): Promise<void> {
  const response = await fetch(`${server.url}/v1/events/trigger`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'later', to: 'ada', transactionId }),
  });
  expect(response.status).toBe(201);
  await response.arrayBuffer();
}

async function outbox(query: string) {
  const response = await fetch(`${server.url}/__svc/outbox?${query}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const advanceAnHour = () =>
  fetch(`${server.url}/__svc/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: 3_600_000 }),
  }).then((response) => response.json());

describe('GET /__svc/outbox with wait', () => {
  it('answers as soon as a matching delivery exists, not at the deadline', async () => {
    await trigger('t-1');
    let answered = false;
    // 30s, longer than this test's timeout: only the delivery can answer it in time.
    const waiting = outbox('transactionId=t-1&wait=30s').finally(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    await advanceAnHour();
    const { status, body } = await waiting;
    expect(status).toBe(200);
    expect(body['data']).toMatchObject([{ transactionId: 't-1', content: 'an hour later' }]);
  }, 10_000);

  it('answers at once when a match is already there', async () => {
    await trigger('t-2');
    await advanceAnHour();
    const { body } = await outbox('transactionId=t-2&wait=30s');
    expect(body['data']).toHaveLength(1);
  }, 10_000);

  it('answers with what there is (nothing) at the deadline; a delivery for another transaction does not end the wait', async () => {
    await trigger('t-3');
    await advanceAnHour();
    const { status, body } = await outbox('transactionId=other&wait=200ms');
    expect(status).toBe(200);
    expect(body['data']).toEqual([]);
  });

  it('refuses a wait without a unit, unreadable, or past 30s with a 400 that says the rule', async () => {
    for (const wait of ['10', 'soon', '31s', '-1s']) {
      const { status, body } = await outbox(`wait=${wait}`);
      expect(status, wait).toBe(400);
      expect(String(body['message'])).toContain(
        'wait must be a duration such as 10s or 500ms, at most 30s',
      );
    }
  });

  it(`lets at most ${MAX_OUTBOX_WAITERS} requests wait at once; the next gets a 429`, async () => {
    await trigger('t-4');
    const waiting = Array.from({ length: MAX_OUTBOX_WAITERS }, () =>
      outbox('transactionId=t-4&wait=30s'),
    );
    // A short wait: refused once all the long ones are waiting on the server, else over at once.
    let refused = await outbox('transactionId=t-4&wait=1ms');
    for (let tries = 0; refused.status !== 429 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      refused = await outbox('transactionId=t-4&wait=1ms');
    }
    expect(refused.status).toBe(429);
    expect(String(refused.body['message'])).toContain('outbox requests are already waiting');
    await advanceAnHour();
    for (const { status, body } of await Promise.all(waiting)) {
      expect(status).toBe(200);
      expect(body['data']).toHaveLength(1);
    }
  }, 20_000);
});
