// The Inbox session: environment by identifier, subscriber upsert, tokens, HMAC.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, hmacSha256Hex } from '../../../mock-server/engine/inbox/hmac-sha256';
import { canonicalJson } from '../../../mock-server/engine/inbox/session';
import { inbox, inboxEngine, sessionOf, trigger } from './inbox-helpers';

async function turnHmac(engine: ReturnType<typeof inboxEngine>, on: boolean) {
  const { data } = engine.scope('Development');
  const inApp = data.integrations.find((integration) => integration.channel === 'in_app');
  const answer = await engine.perform({
    operation: 'integrations.update',
    authorization: `ApiKey ${engine.environment('Development').apiKey}`,
    params: { integrationId: inApp?._id ?? '' },
    query: new URLSearchParams(),
    path: '/v1/integrations/x',
    readBody: async () => ({ credentials: { hmac: on } }),
  });
  expect(answer.status).toBe(200);
}

describe('inbox session', () => {
  it('answers a token, the unread counts and the service flags', async () => {
    const engine = inboxEngine();
    await trigger(engine, 'welcome', 'ada', { name: 'Ada' });
    await trigger(engine, 'news', 'ada');
    const answer = await inbox(engine, 'session', {
      body: {
        applicationIdentifier: engine.environment('Development').identifier,
        subscriberId: 'ada',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toStrictEqual({
      token: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]{43}$/),
      totalUnreadCount: 2,
      unreadCount: { total: 2, severity: { high: 1, medium: 0, low: 0, none: 1 } },
      removeNovuBranding: false,
      maxSnoozeDurationHours: 2160,
      isDevelopmentMode: true,
    });
  });

  it('gives each session a different random token', async () => {
    const engine = inboxEngine();
    expect(await sessionOf(engine, 'ada')).not.toBe(await sessionOf(engine, 'ada'));
  });

  it('creates an unknown subscriber and updates a known one with the given profile', async () => {
    const engine = inboxEngine();
    await sessionOf(engine, 'new-one');
    await sessionOf(engine, 'ada', { subscriber: { subscriberId: 'ada', firstName: 'Ada' } });
    const { data } = engine.scope('Development');
    expect(data.subscribers.get('new-one')?.subscriberId).toBe('new-one');
    expect(data.subscribers.get('ada')?.firstName).toBe('Ada');
  });

  it('answers an unknown applicationIdentifier with 400 and a missing one with 422', async () => {
    const engine = inboxEngine();
    const unknown = await inbox(engine, 'session', {
      body: { applicationIdentifier: 'nope', subscriberId: 'ada' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Please provide a valid application identifier');
    const missing = await inbox(engine, 'session', { body: { subscriberId: 'ada' } });
    expect(missing.status).toBe(422);
  });

  it('binds the token to the environment the identifier names', async () => {
    const engine = inboxEngine();
    const token = await sessionOf(engine, 'ada', {}, 'Production');
    const session = engine.inbox.resolveSession(token);
    expect(session?.environment.name).toBe('Production');
    expect(session?.subscriberId).toBe('ada');
    expect(engine.scope('Production').data.subscribers.has('ada')).toBe(true);
  });

  it('keeps the context keys of the session', async () => {
    const engine = inboxEngine();
    const answer = await inbox(engine, 'session', {
      body: {
        applicationIdentifier: engine.environment('Development').identifier,
        subscriberId: 'ada',
        context: { tenant: 'acme', app: { id: 'dashboard', data: { x: 1 } } },
      },
    });
    expect(answer.body.data.contextKeys).toStrictEqual(['tenant:acme', 'app:dashboard']);
    expect(engine.inbox.resolveSession(answer.body.data.token)?.contextKeys).toStrictEqual([
      'tenant:acme',
      'app:dashboard',
    ]);
  });

  it('expires a session after 15 days on the engine clock', async () => {
    const engine = inboxEngine();
    const token = await sessionOf(engine, 'ada');
    engine.clock.advance('14d');
    expect((await inbox(engine, 'notifications.list', { token })).status).toBe(200);
    engine.clock.advance('1d');
    const expired = await inbox(engine, 'notifications.list', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Unauthorized');
    expect(engine.inbox.resolveSession(token)).toBeUndefined();
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    const engine = inboxEngine();
    for (const token of [undefined, '', 'not-a-token', 'f'.repeat(64)]) {
      const answer = await inbox(
        engine,
        'notifications.list',
        token === undefined ? {} : { token },
      );
      expect(answer.status, String(token)).toBe(401);
    }
    expect(engine.inbox.resolveSession(42 as unknown as string)).toBeUndefined();
  });

  it('ends a session whose subscriber was deleted', async () => {
    const engine = inboxEngine();
    const token = await sessionOf(engine, 'ada');
    engine.operations['subscribers.delete'](engine.scope('Development'), {
      params: { subscriberId: 'ada' },
    });
    expect((await inbox(engine, 'notifications.list', { token })).status).toBe(401);
  });
});

describe('inbox HMAC', () => {
  it('computes the hex HMAC-SHA256 that node:crypto computes', () => {
    for (const [key, message] of [
      ['k', ''],
      ['a-key-of-32-characters-0123456789', 'user-1'],
      ['x'.repeat(100), 'é ünïcode ✓'],
    ] as const) {
      expect(hmacSha256Hex(key, message)).toBe(
        createHmac('sha256', key).update(message).digest('hex'),
      );
    }
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
    expect(constantTimeEqual('abc', '')).toBe(false);
  });

  it('asks for no hash while the in-app integration has hmac off', async () => {
    const engine = inboxEngine();
    await expect(sessionOf(engine, 'ada', { subscriberHash: 'wrong' })).resolves.toBeTypeOf(
      'string',
    );
  });

  it('requires the subscriberHash keyed with the API key once hmac is on', async () => {
    const engine = inboxEngine();
    await turnHmac(engine, true);
    const apiKey = engine.environment('Development').apiKey;
    for (const subscriberHash of [undefined, 'wrong', hmacSha256Hex('other-key', 'ada')]) {
      const answer = await inbox(engine, 'session', {
        body: {
          applicationIdentifier: engine.environment('Development').identifier,
          subscriberId: 'ada',
          ...(subscriberHash === undefined ? {} : { subscriberHash }),
        },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please provide a valid HMAC hash');
    }
    const subscriberHash = createHmac('sha256', apiKey).update('ada').digest('hex');
    await expect(sessionOf(engine, 'ada', { subscriberHash })).resolves.toBeTypeOf('string');
    await turnHmac(engine, false);
    await expect(sessionOf(engine, 'ada')).resolves.toBeTypeOf('string');
  });

  it('requires the contextHash of the canonical context once hmac is on', async () => {
    const engine = inboxEngine();
    await turnHmac(engine, true);
    const apiKey = engine.environment('Development').apiKey;
    const subscriberHash = hmacSha256Hex(apiKey, 'ada');
    const context = { tenant: 'acme', app: { id: 'web' } };
    expect(canonicalJson(context)).toBe('{"app":{"id":"web"},"tenant":"acme"}');
    const refused = await inbox(engine, 'session', {
      body: {
        applicationIdentifier: engine.environment('Development').identifier,
        subscriberId: 'ada',
        subscriberHash,
        context,
        contextHash: hmacSha256Hex(apiKey, JSON.stringify({ tenant: 'other' })),
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please provide a valid context HMAC hash');
    const contextHash = createHmac('sha256', apiKey).update(canonicalJson(context)).digest('hex');
    await expect(
      sessionOf(engine, 'ada', { subscriberHash, context, contextHash }),
    ).resolves.toBeTypeOf('string');
  });
});
