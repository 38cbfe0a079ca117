import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../mock-server/engine/operations/index';
import { beginIdempotent } from '../../mock-server/engine/policy/idempotency';
import { createState } from '../../mock-server/engine/store/state';
import { useEngine } from './harness';

const { engine, call } = useEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });

describe('authentication (docs/behaviour/cross-cutting.md#authentication)', () => {
  it.each([
    [undefined, 'Missing authorization header'],
    ['ApiKey ', 'Unauthorized'],
    ['ApiKey wrong', 'API Key not found'],
  ])('answers 401 for Authorization %s', async (authorization, message) => {
    const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
    const reply = await call('GET', '/v2/subscribers', { key: null, headers });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message,
      path: '/v2/subscribers',
    });
  });

  it('rejects another scheme by name', async () => {
    const reply = await call('GET', '/v2/subscribers', {
      key: null,
      headers: { Authorization: 'Basic abc' },
    });
    expect(reply.body.message).toBe('Invalid authentication scheme: "Basic"');
  });
});

describe('bodies and unexpected errors (docs/behaviour/cross-cutting.md#body-size, #error-body)', () => {
  it('answers 400 for invalid JSON and 413 over 100 kB', async () => {
    const invalid = await call('PATCH', '/v2/subscribers/ada', {
      rawBody: '{"firstName":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.statusCode).toBe(400);
    const big = await call('PATCH', '/v2/subscribers/ada', {
      body: { data: { blob: 'x'.repeat(110 * 1024) } },
    });
    expect(big.status).toBe(413);
  });

  it('answers an engine bug with the service 500 and an errorId, never a throw', async () => {
    const definition = OPERATIONS['subscribers.retrieve'] as unknown as { handle: () => unknown };
    const original = definition.handle;
    definition.handle = () => {
      throw new Error('boom');
    };
    try {
      const reply = await call('GET', '/v2/subscribers/ada');
      expect(reply.status).toBe(500);
      expect(reply.body).toMatchObject({
        statusCode: 500,
        message: 'Internal server error, contact support and provide them with the errorId',
        errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    } finally {
      definition.handle = original;
    }
  });
});

describe('idempotency (docs/behaviour/cross-cutting.md#idempotency)', () => {
  const patch = (body: unknown, key: string, apiKey?: string) =>
    call('PATCH', '/v2/subscribers/ada', {
      body,
      headers: { 'Idempotency-Key': key },
      ...(apiKey ? { key: apiKey } : {}),
    });

  it('runs once, echoes the key, and replays with Idempotency-Replay: true', async () => {
    const first = await patch({ firstName: 'Ada' }, 'k1');
    expect(first.headers.get('idempotency-key')).toBe('k1');
    expect(first.headers.get('idempotency-replay')).toBeNull();
    engine.seed({ subscribers: [{ subscriberId: 'ada', firstName: 'Changed' }] });
    const replay = await patch({ firstName: 'Ada' }, 'k1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotency-replay')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await call('GET', '/v2/subscribers/ada')).body.data.firstName).toBe('Changed');
  });

  it('answers 422 for the same key with another body', async () => {
    await patch({ firstName: 'Ada' }, 'k2');
    const reply = await patch({ firstName: 'Grace' }, 'k2');
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('Request with key "k2" is being reused for a different body');
    expect(reply.headers.get('link')).toContain('idempotency');
  });

  it('answers 400 for keys over 255 characters', async () => {
    const key = 'k'.repeat(256);
    const reply = await patch({ firstName: 'Ada' }, key);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      `idempotencyKey "${key}" has exceeded the maximum allowed length of 255 characters`,
    );
  });

  it('replays cached errors with their status', async () => {
    const first = await call('POST', '/v1/integrations/xyz/set-primary', {
      headers: { 'Idempotency-Key': 'k3' },
    });
    const replay = await call('POST', '/v1/integrations/xyz/set-primary', {
      headers: { 'Idempotency-Key': 'k3' },
    });
    expect(first.status).toBe(422);
    expect(replay.status).toBe(422);
    expect(replay.headers.get('idempotency-replay')).toBe('true');
    expect(replay.body.message).toBe(first.body.message);
  });

  it('is scoped per organization and expires after 24 h on the engine clock', async () => {
    await patch({ firstName: 'Ada' }, 'k4');
    const sameOrg = await call('PATCH', '/v2/subscribers/ada', {
      body: { firstName: 'Ada' },
      headers: { 'Idempotency-Key': 'k4' },
      key: engine.environment('Production').apiKey,
    });
    expect(sameOrg.headers.get('idempotency-replay')).toBe('true');
    const other = engine.createOrganization({ name: 'Other' });
    const otherOrg = await patch({ firstName: 'Ada' }, 'k4', other.environments[0]?.apiKey);
    expect(otherOrg.status).toBe(404);
    expect(otherOrg.headers.get('idempotency-replay')).toBeNull();
    engine.clock.advance(24 * 60 * 60 * 1000);
    const expired = await patch({ firstName: 'Ada' }, 'k4');
    expect(expired.headers.get('idempotency-replay')).toBeNull();
  });

  it('ignores the header on GET and PUT', async () => {
    const reply = await call('GET', '/v2/subscribers/ada', {
      headers: { 'Idempotency-Key': 'k5' },
    });
    expect(reply.headers.get('idempotency-key')).toBeNull();
  });

  // Runs are synchronous, so only the policy can see a key in flight.
  it('answers 409 with Retry-After: 1 while the first request is in flight', () => {
    const state = createState();
    expect(beginIdempotent(state, 'org', 'k6', '{}', 0)).toEqual({ kind: 'run' });
    expect(() => beginIdempotent(state, 'org', 'k6', '{}', 0)).toThrowError(
      expect.objectContaining({
        status: 409,
        message: 'Request with key "k6" is currently being processed. Please retry after 1 second',
        headers: expect.objectContaining({ 'Retry-After': '1', 'Idempotency-Key': 'k6' }),
      }),
    );
  });
});

describe('rate limits (docs/behaviour/cross-cutting.md#rate-limits)', () => {
  it('are off by default', async () => {
    const reply = await call('GET', '/v2/subscribers');
    expect(reply.headers.get('ratelimit-limit')).toBeNull();
  });
});

describe('POST /v1/events/trigger context validation', () => {
  it('answers 422 with the service texts for a malformed or too large context', async () => {
    const engineSeed = {
      workflows: [
        { workflowId: 'w', steps: [{ type: 'in_app', name: 'I', controlValues: { body: 'x' } }] },
      ],
    };
    engine.seed(engineSeed as never);
    const bad = await call('POST', '/v1/events/trigger', {
      body: { name: 'w', to: 'ada', context: { tenant: 'has space' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.general.messages).toEqual([
      'Invalid context payload structure. Expected object with context types as keys and string IDs or {id, data} objects as values',
    ]);
    const many = await call('POST', '/v1/events/trigger', {
      body: { name: 'w', to: 'ada', context: { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' } },
    });
    expect(many.status).toBe(422);
    expect(many.body.errors.general.messages).toEqual([
      'Too many contexts: 6 provided, maximum allowed is 5',
    ]);
    const large = await call('POST', '/v1/events/trigger', {
      body: { name: 'w', to: 'ada', context: { p: { id: 'p', data: { t: 'x'.repeat(70_000) } } } },
    });
    expect(large.status).toBe(422);
    expect(large.body.errors.general.messages).toEqual([
      "Context 'p' data is too large: 68KB exceeds 64KB limit",
    ]);
    expect(engine.outbox.count()).toBe(0);
  });
});
