// Contexts have a per-environment cap: a loop of creates against svc-mock cannot fill its memory.
// Past the cap a create answers a clear 400 in the service's error shape and stores nothing; a
// delete makes room again; the other environment keeps its own room.
import { createFetchHandler, createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import { CONTEXTS_PER_ENVIRONMENT } from '../../mock-server/engine/resources/contexts';

describe('hostile: contexts per environment', () => {
  it('refuses the create past the cap with a 400 and keeps the count', async () => {
    const engine = createMockEngine();
    const scope = engine.scope('Development');
    for (let index = 0; index < CONTEXTS_PER_ENVIRONMENT; index++) {
      engine.operations['contexts.create'](scope, { body: { type: 'tenant', id: `t-${index}` } });
    }
    const answer = createFetchHandler(engine);
    const post = (key: string, id: string) =>
      answer(
        new Request('https://api.svc.co/v2/contexts', {
          method: 'POST',
          headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'tenant', id }),
        }),
      );
    const devKey = engine.environment('Development').apiKey;
    const refused = await post(devKey, 'one-more');
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('at most 10000 contexts'),
    });
    expect(scope.data.contexts.size).toBe(CONTEXTS_PER_ENVIRONMENT);
    expect(scope.data.contexts.has('tenant:one-more')).toBe(false);

    engine.operations['contexts.delete'](scope, { params: { type: 'tenant', id: 't-0' } });
    expect((await post(devKey, 'one-more')).status).toBe(201);
    expect((await post(engine.environment('Production').apiKey, 'elsewhere')).status).toBe(201);
  });
});
