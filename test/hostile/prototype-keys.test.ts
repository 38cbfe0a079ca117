// Body keys named like Object.prototype members (`valueOf`, `toString`, `constructor`) are plain
// unknown keys: the engine answers them in the service's error shape or ignores them, never a
// crash; the client reports them as unknown keys. (Found by the endpoint fuzzer.)
import { Svc, SvcValidationError } from '@svc/api';
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';

const KEYS = ['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__'];

describe('hostile: prototype-named body keys', () => {
  it('the engine answers them without throwing', async () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada' }], topics: [{ key: 'news' }] },
    });
    const unexpected: unknown[] = [];
    const handle = createFetchHandler(engine, {
      onUnexpectedError: (error) => unexpected.push(error),
    });
    const key = engine.environment('Development').apiKey;
    const routes: Array<[string, string]> = [
      ['DELETE', '/v2/topics/news/subscriptions'],
      ['POST', '/v2/topics/news/subscriptions'],
      ['PATCH', '/v2/subscribers/ada'],
      ['POST', '/v1/events/trigger'],
      ['POST', '/v1/integrations'],
    ];
    for (const [method, path] of routes) {
      for (const name of KEYS) {
        const response = await handle(
          new Request(`https://api.svc.co${path}`, {
            method,
            headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
            body: `{${JSON.stringify(name)}:null}`,
          }),
        );
        expect(response.status, `${method} ${path} ${name}`).toBeLessThan(500);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('the client reports them as unknown keys before sending', async () => {
    let sent = 0;
    const svc = new Svc({
      secretKey: 'sk_test',
      fetch: async () => {
        sent += 1;
        return Response.json({ data: {} });
      },
    });
    for (const name of ['valueOf', 'toString', 'constructor']) {
      const body = JSON.parse(`{"firstName":"Ada",${JSON.stringify(name)}:null}`);
      await expect(svc.subscribers.update('ada', body)).rejects.toBeInstanceOf(SvcValidationError);
    }
    expect(sent).toBe(0);
  });
});
