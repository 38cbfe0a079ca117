// `svc-mock --data`: what a restart brings back (docs/http-server.md#keeping-data).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptDirectoryPerTest, START } from './helpers';

const kept = keptDirectoryPerTest();
const { start, stop } = kept;

describe('a restart on the same data directory', () => {
  it('brings back subscribers, topics, ids, the API keys and the clock', async () => {
    const first = await start();
    const created = await first.call('POST', '/v2/subscribers', {
      subscriberId: 'kept-1',
      firstName: 'Kept',
    });
    expect(created.status).toBe(201);
    const topic = await first.call('POST', '/v2/topics', { key: 'kept-topic', name: 'Kept' });
    expect(topic.status).toBe(201);
    await first.call('POST', '/v2/topics/kept-topic/subscriptions', { subscriptions: ['kept-1'] });
    await first.call('PATCH', '/v2/subscribers/kept-1', { lastName: 'Again' });
    await fetch(`${first.url}/__svc/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 60_000 }),
    });
    await stop(first);

    const second = await start();
    expect(second.key).toBe(first.key);
    const back = await second.call('GET', '/v2/subscribers/kept-1');
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      subscriberId: 'kept-1',
      firstName: 'Kept',
      lastName: 'Again',
      _id: created.body.data._id,
    });
    const subscriptions = await second.call('GET', '/v2/topics/kept-topic/subscriptions');
    expect(
      subscriptions.body.data.map(
        (s: { subscriber: { subscriberId: string } }) => s.subscriber.subscriberId,
      ),
    ).toEqual(['kept-1']);
    expect(second.engine.clock.now()).toBe(START + 60_000);
  });

  it('brings back contexts, their data and their deletions', async () => {
    const first = await start();
    await first.call('POST', '/v2/contexts', { type: 'tenant', id: 'kept', data: { plan: 'pro' } });
    await first.call('POST', '/v2/contexts', { type: 'tenant', id: 'gone' });
    await first.call('PATCH', '/v2/contexts/tenant/kept', { data: { plan: 'team' } });
    expect((await first.call('DELETE', '/v2/contexts/tenant/gone')).status).toBe(204);
    await stop(first);

    const second = await start();
    const back = await second.call('GET', '/v2/contexts/tenant/kept');
    expect(back.status).toBe(200);
    expect(back.body.data).toEqual({ plan: 'team' });
    expect((await second.call('GET', '/v2/contexts/tenant/gone')).status).toBe(404);
  });

  it('brings back translations, uploaded ones included, and their deletions', async () => {
    const first = await start();
    await first.call('POST', '/v2/translations', {
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'en_US',
      content: { greeting: 'Hello' },
    });
    const form = new FormData();
    form.append('resourceId', 'welcome');
    form.append('resourceType', 'workflow');
    form.append('files', new File([JSON.stringify({ greeting: 'Hola' })], 'es_ES.json'));
    form.append('files', new File([JSON.stringify({ greeting: 'Salut' })], 'fr_FR.json'));
    const uploaded = await fetch(`${first.url}/v2/translations/upload`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${first.key}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect((await first.call('DELETE', '/v2/translations/workflow/welcome/fr_FR')).status).toBe(
      204,
    );
    await stop(first);

    const second = await start();
    const group = await second.call('GET', '/v2/translations/group/workflow/welcome');
    expect(group.body.data.locales).toEqual(['en_US', 'es_ES']);
    const spanish = await second.call('GET', '/v2/translations/workflow/welcome/es_ES');
    expect(spanish.body.data.content).toEqual({ greeting: 'Hola' });
  });

  it('brings back channel connections and endpoints, their updates and deletions', async () => {
    const first = await start();
    await first.call('POST', '/v2/subscribers', { subscriberId: 'kept-ada' });
    const slack = await first.call('POST', '/v1/integrations', {
      providerId: 'slack',
      channel: 'chat',
      identifier: 'kept-slack',
      active: true,
    });
    expect(slack.status).toBe(201);
    const connection = await first.call('POST', '/v1/channel-connections', {
      identifier: 'kept-conn',
      subscriberId: 'kept-ada',
      integrationIdentifier: 'kept-slack',
      workspace: { id: 'T1' },
      auth: { accessToken: 'xoxb-1' },
    });
    expect(connection.status).toBe(201);
    await first.call('PATCH', '/v1/channel-connections/kept-conn', {
      workspace: { id: 'T2' },
      auth: { accessToken: 'xoxb-2' },
    });
    const endpoint = await first.call('POST', '/v1/channel-endpoints', {
      identifier: 'kept-endpoint',
      subscriberId: 'kept-ada',
      integrationIdentifier: 'kept-slack',
      connectionIdentifier: 'kept-conn',
      type: 'slack_channel',
      endpoint: { channelId: 'C1' },
    });
    expect(endpoint.status).toBe(201);
    await first.call('POST', '/v1/channel-endpoints', {
      identifier: 'gone-endpoint',
      subscriberId: 'kept-ada',
      integrationIdentifier: 'kept-slack',
      type: 'webhook',
      endpoint: { url: 'https://hooks.example.com/x' },
    });
    expect((await first.call('DELETE', '/v1/channel-endpoints/gone-endpoint')).status).toBe(204);
    await stop(first);

    const second = await start();
    const back = await second.call('GET', '/v1/channel-connections/kept-conn');
    expect(back.body.data).toMatchObject({
      workspace: { id: 'T2' },
      auth: { accessToken: 'xoxb-2' },
    });
    const kept = await second.call('GET', '/v1/channel-endpoints/kept-endpoint');
    expect(kept.body.data).toMatchObject({
      connectionIdentifier: 'kept-conn',
      type: 'slack_channel',
    });
    expect((await second.call('GET', '/v1/channel-endpoints/gone-endpoint')).status).toBe(404);
  });

  it('brings back the name a PATCH gave a topic subscription', async () => {
    const first = await start();
    await first.call('POST', '/v2/subscribers', { subscriberId: 'sub-ada' });
    await first.call('POST', '/v2/topics/kept-news/subscriptions', { subscriptions: ['sub-ada'] });
    const patched = await first.call(
      'PATCH',
      '/v2/topics/kept-news/subscriptions/tk_kept-news:si_sub-ada',
      {
        name: 'Ada news',
      },
    );
    expect(patched.status).toBe(200);
    await stop(first);

    const second = await start();
    const back = await second.call(
      'GET',
      '/v2/topics/kept-news/subscriptions/tk_kept-news:si_sub-ada',
    );
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      identifier: 'tk_kept-news:si_sub-ada',
      name: 'Ada news',
    });
  });

  it('keeps a pending delay, which runs when its time comes after the restart', async () => {
    const first = await start();
    const trigger = await first.call('POST', '/v1/events/trigger', {
      name: 'trial-ending',
      to: 'demo-ada',
      payload: {},
    });
    expect(trigger.status).toBe(201);
    const transactionId = trigger.body.data.transactionId;
    await stop(first);

    const second = await start();
    const emails = () =>
      second.engine.outbox.page({ transactionId, channel: 'email' }, {}).items.length;
    expect(second.engine.clock.pending()).toHaveLength(1);
    expect(emails()).toBe(0);
    second.engine.clock.advance('1d');
    expect(emails()).toBe(1);
  });

  it('keeps what a delay did when it ran on its own, between two restarts', async () => {
    const first = await start();
    const trigger = await first.call('POST', '/v1/events/trigger', {
      name: 'trial-ending',
      to: 'demo-ada',
      payload: {},
    });
    const transactionId = trigger.body.data.transactionId;
    await stop(first);

    // The clock moves on its own (as --clock real's timer does): the delay runs, no request.
    const second = await start();
    second.engine.clock.advance('3d');
    const sent = second.engine.outbox.page({ transactionId, channel: 'email' }, {}).items;
    expect(sent).toHaveLength(1);
    await stop(second);

    const third = await start();
    expect(third.engine.clock.pending()).toHaveLength(0);
    expect(third.engine.outbox.page({ transactionId, channel: 'email' }, {}).items).toEqual(sent);
  });

  it('still replays an idempotency key answered before the restart', async () => {
    const first = await start();
    const headers = { 'idempotency-key': 'create-once' };
    const body = { subscriberId: 'idem-1' };
    const answer = await first.call('POST', '/v2/subscribers', body, headers);
    expect(answer.status).toBe(201);
    await stop(first);

    const second = await start();
    const again = await second.call('POST', '/v2/subscribers', body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replay')).toBe('true');
    expect(again.body).toEqual(answer.body);
  });

  it('keeps control API changes (seed, reset) and snapshots taken through it', async () => {
    const first = await start();
    const control = (path: string, body: unknown = {}) =>
      fetch(`${first.url}/__svc${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await control('/seed', { subscribers: [{ subscriberId: 'seeded-1' }] })).status).toBe(
      200,
    );
    expect((await control('/snapshots', { id: 'with-seeded' })).status).toBe(201);
    expect((await control('/reset')).status).toBe(200);
    await stop(first);

    const second = await start();
    expect((await second.call('GET', '/v2/subscribers/seeded-1')).status).toBe(404);
    const restored = await fetch(`${second.url}/__svc/snapshots/with-seeded/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(restored.status).toBe(200);
    expect((await second.call('GET', '/v2/subscribers/seeded-1')).status).toBe(200);
  });

  it('compacts the journal into a snapshot in the background', async () => {
    const first = await start({ compactAfterBytes: 2_000 });
    for (let index = 0; index < 20; index++) {
      const answer = await first.call('POST', '/v2/subscribers', { subscriberId: `many-${index}` });
      expect(answer.status).toBe(201);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const journals = readdirSync(kept.path).filter((name) => name.startsWith('journal-'));
    expect(journals.length).toBeLessThanOrEqual(2);
    expect(journals).not.toContain('journal-1.log');
    await stop(first);

    const second = await start();
    for (const index of [0, 10, 19]) {
      expect((await second.call('GET', `/v2/subscribers/many-${index}`)).status).toBe(200);
    }
  });

  it('restarts with nothing to play back keep appending to the same journal', async () => {
    for (let round = 0; round < 3; round++) await stop(await start());
    const journals = readdirSync(kept.path).filter((name) => name.startsWith('journal-'));
    expect(journals).toEqual(['journal-1.log']);
  });

  it('shows where the data is kept and its size', async () => {
    const server = await start();
    const answer = await fetch(`${server.url}/__svc/data`);
    const { data } = (await answer.json()) as {
      data: { kept: boolean; directory: string; bytes: number };
    };
    expect(data).toEqual({ kept: true, directory: kept.path, bytes: expect.any(Number) });
    expect(data.bytes).toBeGreaterThan(0);
    expect(existsSync(join(kept.path, 'state.snap'))).toBe(true);
    // The files hold the API keys: only their owner reads them.
    for (const name of ['state.snap', 'journal-1.log']) {
      expect(statSync(join(kept.path, name)).mode & 0o077, name).toBe(0);
    }
  });
});

it('without --data, GET /__svc/data says the data is in memory only', async () => {
  const { startMockServer } = await import('../../mock-server/http/server');
  const server = await startMockServer({ port: 0 });
  try {
    const answer = await fetch(`${server.url}/__svc/data`);
    expect(await answer.json()).toEqual({ data: { kept: false } });
  } finally {
    await server.close();
  }
});
