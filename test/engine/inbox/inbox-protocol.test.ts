// The Inbox runs under the same protocol as the admin API (docs/decisions/0146-one-operation-kind.md):
// the authenticator its route declares, the service's rate limit where the service applies it
// (the keyless session route, not a session's requests) and no idempotency (its controller is
// excluded), each answer shaped as its route declares.
import { describe, expect, it } from 'vitest';
import { INBOX_OPERATIONS } from '../../../mock-server/engine/operations/inbox';
import { answerShapeOf } from '../../../mock-server/engine/operations/operation';
import { inbox, inboxEngine, listOf, sessionOf, trigger } from './inbox-helpers';

const sessionBody = (engine: ReturnType<typeof inboxEngine>) => ({
  applicationIdentifier: engine.environment('Development').identifier,
  subscriber: { subscriberId: 'ada' },
});

describe('the Inbox under the one protocol', () => {
  it('every Inbox route declares its authentication, its answer and no idempotency', () => {
    for (const { route } of Object.values(INBOX_OPERATIONS)) {
      expect(route.auth, route.operation).toBe(
        route.operation === 'inbox.session' ? 'application-identifier' : 'inbox-session',
      );
      expect(route.idempotent, route.operation).toBe(false);
      expect(['envelope', 'whole'], route.operation).toContain(answerShapeOf(route));
    }
    expect(answerShapeOf(INBOX_OPERATIONS['inbox.notifications.list'].route)).toBe('whole');
    expect(answerShapeOf(INBOX_OPERATIONS['inbox.preferences.list'].route)).toBe('envelope');
  });

  it('the session route takes rate-limit tokens of its environment; a session does not', async () => {
    const engine = inboxEngine({ rateLimit: { perSecond: { global: 1 } } });
    const token = await sessionOf(engine, 'ada');
    for (let index = 0; index < 4; index++) {
      const started = await inbox(engine, 'session', { body: sessionBody(engine) });
      expect(started.status).toBe(201);
      expect(started.headers['RateLimit-Remaining'] ?? started.headers['ratelimit-remaining']).toBe(
        String(3 - index),
      );
    }
    const refused = await inbox(engine, 'session', { body: sessionBody(engine) });
    expect(refused.status).toBe(429);
    expect(refused.performed).toBe(false);
    // A session's own requests are not throttled, as the service skips non-API-key schemes.
    for (let index = 0; index < 8; index++) {
      const count = await inbox(engine, 'notifications.list', { token });
      expect(count.status).toBe(200);
      expect(Object.keys(count.headers).some((name) => /ratelimit/i.test(name))).toBe(false);
    }
  });

  it('ignores Idempotency-Key on Inbox writes: each request runs', async () => {
    const engine = inboxEngine();
    await trigger(engine, 'news', 'ada');
    await trigger(engine, 'news', 'ada');
    const token = await sessionOf(engine, 'ada');
    const [newer, older] = (await listOf(engine, token)).data;
    const mark = (id: string) =>
      engine.perform({
        operation: 'inbox.notifications.read',
        authorization: `Bearer ${token}`,
        params: { notificationId: id },
        query: new URLSearchParams(),
        path: `/v1/inbox/notifications/${id}/read`,
        idempotencyKey: 'same-key',
        readBody: async () => ({}),
      });
    const first = await mark(newer?.id ?? '');
    const second = await mark(older?.id ?? '');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['Idempotency-Replay']).toBeUndefined();
    expect((second.body as { data: { id: string } }).data.id).toBe(older?.id);
  });

  it('an unknown session is refused before the body is read', async () => {
    const engine = inboxEngine();
    let read = false;
    const answer = await engine.perform({
      operation: 'inbox.preferences.update',
      authorization: 'Bearer 00',
      params: {},
      query: new URLSearchParams(),
      path: '/v1/inbox/preferences',
      readBody: async () => {
        read = true;
        return {};
      },
    });
    expect(answer.status).toBe(401);
    expect(read).toBe(false);
  });
});
