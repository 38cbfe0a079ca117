// Hostile: one subscriber opens more Inbox sessions than the engine once kept (a table of the
// newest 10,000 for the whole engine): every other subscriber's Inbox was signed out (issue 38,
// item 2). Tokens are now signed and verified by their signature: nothing is kept to evict.
import { expect, it } from 'vitest';
import { inbox, inboxEngine, sessionOf } from '../engine/inbox/inbox-helpers';

it("keeps a victim's session through another subscriber's flood of 10,050 sessions", async () => {
  const engine = inboxEngine();
  const victim = await sessionOf(engine, 'ada');
  for (let opened = 0; opened < 10_050; opened++) await sessionOf(engine, 'mallory');
  expect((await inbox(engine, 'notifications.list', { token: victim })).status).toBe(200);
  expect(engine.inbox.resolveSession(victim)?.subscriberId).toBe('ada');
}, 60_000);

it('refuses a token whose payload or signature was changed, or that is oversized', async () => {
  const engine = inboxEngine();
  const token = await sessionOf(engine, 'mallory');
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
    'base64url',
  );
  const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
  for (const candidate of [
    `${header}.${forged}.${signature}`,
    `${header}.${payload}.${flipped}`,
    `${header}.${payload}`,
    `${token}.x`,
    `${header}.${payload}${'A'.repeat(5_000)}.${signature}`,
  ]) {
    expect(engine.inbox.resolveSession(candidate), candidate.slice(0, 80)).toBeUndefined();
    expect((await inbox(engine, 'notifications.list', { token: candidate })).status).toBe(401);
  }
  // Another engine (a restarted server) signs with another secret.
  expect(inboxEngine().inbox.resolveSession(token)).toBeUndefined();
});
