// Issue 13 item 5: JSON nested past the limit is refused before anything is stored, through the
// handlers and in seeds; the environment, its lists and snapshots keep working.
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import {
  checkJsonDepth,
  jsonDepth,
  jsonTextDepth,
  MAX_JSON_DEPTH,
} from '../../mock-server/engine/wire/json-depth';
import { useEngine } from '../handlers/harness';
import { nested } from './helpers';

const mock = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }],
    workflows: [{ workflowId: 'wf', steps: [{ type: 'in_app', name: 'Inbox' }] }],
  },
});

describe('hostile: deep JSON', () => {
  it('a PATCH with data nested 1,900 deep is a 400 and changes nothing', async () => {
    const before = (await mock.call('GET', '/v2/subscribers/ada')).body;
    const reply = await mock.call('PATCH', '/v2/subscribers/ada', {
      body: { data: nested(1_900) },
      headers: { 'Idempotency-Key': 'deep-1' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(`the limit is ${MAX_JSON_DEPTH}`);
    expect((await mock.call('GET', '/v2/subscribers/ada')).body).toEqual(before);
    expect((await mock.call('GET', '/v2/subscribers')).status).toBe(200);
    expect(() => mock.engine.snapshot()).not.toThrow();
  });

  it('the same key then replays the 400, never a 409 for ever', async () => {
    const send = () =>
      mock.call('PATCH', '/v2/subscribers/ada', {
        body: { data: nested(200) },
        headers: { 'Idempotency-Key': 'deep-2' },
      });
    expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(400);
  });

  it('a trigger payload nested past the limit is a 400 and makes no notification', async () => {
    const reply = await mock.call('POST', '/v1/events/trigger', {
      body: { name: 'wf', to: 'ada', payload: nested(MAX_JSON_DEPTH + 1) },
    });
    expect(reply.status).toBe(400);
    expect((await mock.call('GET', '/v1/notifications')).body.data).toEqual([]);
  });

  it('a body at the limit is accepted', async () => {
    const reply = await mock.call('PATCH', '/v2/subscribers/ada', {
      body: { data: nested(MAX_JSON_DEPTH - 2) },
    });
    expect(reply.status).toBe(200);
  });

  it('a deep seed is refused before anything is stored', () => {
    expect(() =>
      mock.engine.seed({ subscribers: [{ subscriberId: 'deep', data: nested(500) as never }] }),
    ).toThrow(/The seed data nests objects and arrays more than 64 levels deep/);
    expect(mock.engine.environment('Development')).toBeDefined();
    const context = mock.engine.scope('Development');
    expect(context.data.subscribers.has('deep')).toBe(false);
  });
});

describe('checkJsonDepth and friends', () => {
  it('count objects and arrays, not scalars, and stop early', () => {
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth({ a: [1, { b: {} }] })).toBe(4);
    expect(jsonDepth(nested(100_000), 10)).toBe(11);
    expect(jsonTextDepth('{"a":[1,{"b":"[[[{{"}]}')).toBe(3);
    expect(jsonTextDepth('"\\"[["')).toBe(0);
    expect(jsonTextDepth('['.repeat(1_000_000), 64)).toBe(65);
    expect(() => checkJsonDepth(nested(65), 'The body')).toThrow(/The body nests/);
    expect(() => checkJsonDepth(nested(64), 'The body')).not.toThrow();
  });
});

describe('hostile: deep JSON through the engine API', () => {
  it('every operation that takes a body refuses one nested past the limit, in-process too', () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada' }], topics: [{ key: 'news' }] },
    });
    const context = engine.scope('Development');
    const operations = engine.operations;
    const deep = { data: nested(MAX_JSON_DEPTH + 5) };
    const calls: Array<[string, () => unknown]> = [
      [
        'subscribers.createBulk',
        () => operations['subscribers.createBulk'](context, { body: deep }),
      ],
      [
        'subscribers.credentials.update',
        () =>
          operations['subscribers.credentials.update'](context, {
            params: { subscriberId: 'ada' },
            body: deep,
          }),
      ],
      [
        'subscribers.preferences.update',
        () =>
          operations['subscribers.preferences.update'](context, {
            params: { subscriberId: 'ada' },
            body: deep,
          }),
      ],
      ['topics.create', () => operations['topics.create'](context, { body: deep })],
      [
        'topics.update',
        () => operations['topics.update'](context, { params: { topicKey: 'news' }, body: deep }),
      ],
      [
        'topics.subscriptions.create',
        () =>
          operations['topics.subscriptions.create'](context, {
            params: { topicKey: 'news' },
            body: deep,
          }),
      ],
      [
        'topics.subscriptions.delete',
        () =>
          operations['topics.subscriptions.delete'](context, {
            params: { topicKey: 'news' },
            body: deep,
          }),
      ],
    ];
    for (const [name, call] of calls) {
      expect(call, name).toThrow(/nest/);
    }
  });
});
