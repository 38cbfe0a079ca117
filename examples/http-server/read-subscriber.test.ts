import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeSubscriber } from './read-subscriber';

let server: Awaited<ReturnType<typeof startMockServer>>;
let connection: { baseUrl: string; apiKey: string };

beforeAll(async () => {
  server = await startMockServer({ port: 0 }); // the demo data `npm start` serves
  connection = { baseUrl: server.url, apiKey: server.engine.environment('Development').apiKey };
});
afterAll(() => server.close());

it('reads a demo subscriber over HTTP', async () => {
  expect(await describeSubscriber(connection, 'demo-ada')).toBe('Ada Lovelace <ada@example.com>');
});

it('tells a missing subscriber apart from a failure', async () => {
  expect(await describeSubscriber(connection, 'nobody')).toBeUndefined();
  await expect(
    describeSubscriber({ ...connection, apiKey: 'not-a-key' }, 'demo-ada'),
  ).rejects.toMatchObject({ status: 401 });
});
