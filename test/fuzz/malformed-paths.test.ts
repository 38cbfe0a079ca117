// Path parameters with broken percent-encoding (`%E0%A4%A`, `%ZZ`): fetch sends them as written,
// and MSW's route matching would throw while decoding them, before any resolver runs. The engine
// answers them like the service's router: 400 "Failed to decode param '<raw>'" (ADR 0060).
import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';

const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
const unexpected: unknown[] = [];
const handlers = createHandlers(engine, { onUnexpectedError: (error) => unexpected.push(error) });
const key = engine.environment('Development').apiKey;

const cases: [string, string, string][] = [
  ['GET', '/v2/subscribers/%E0%A4%A', '%E0%A4%A'],
  ['PATCH', '/v2/subscribers/%', '%'],
  ['GET', '/v2/subscribers/%ZZ/subscriptions', '%ZZ'],
  ['PATCH', '/v1/subscribers/a%2/credentials', 'a%2'],
  ['POST', '/v1/subscribers/%C0/messages/mark-as', '%C0'],
  ['POST', '/v1/integrations/%C0/set-primary', '%C0'],
  ['PUT', '/v2/workflows/%ff/sync', '%ff'],
];

describe('malformed percent-encoding in path parameters', () => {
  it.each(cases)('%s %s answers 400 in the service error shape', async (method, path, raw) => {
    const response = await getResponse(
      handlers,
      new Request(`https://api.svc.co${path}?x=1`, {
        method,
        headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: '{}' }),
      }),
    );
    expect(response?.status).toBe(400);
    expect(await response?.json()).toEqual({
      error: 'Bad Request',
      statusCode: 400,
      timestamp: engine.clock.iso(),
      path: `${path}?x=1`,
      message: `Failed to decode param '${raw}'`,
      ctx: { error: 'Bad Request', statusCode: 400 },
    });
    expect(unexpected).toEqual([]);
  });

  it('still decodes well-formed escapes, case-insensitively routed as before', async () => {
    engine.seed({ subscribers: [{ subscriberId: 'a/b é' }] });
    const response = await getResponse(
      handlers,
      new Request('https://api.svc.co/V2/Subscribers/a%2Fb%20%C3%A9/', {
        headers: { authorization: `ApiKey ${key}` },
      }),
    );
    if (!response) throw new Error('no handler answered');
    expect(response.status).toBe(200);
    expect((await response.json()).data.subscriberId).toBe('a/b é');
  });
});
