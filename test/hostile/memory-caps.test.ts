// Issue 13 item 9: bounded memory. Expired idempotency entries are evicted and their count
// capped; the outbox pages; snapshots and faults are capped with a clear error.
import { createMockEngine } from '@svc/api/mock';
import { startMockServer } from '@svc/api/mock/node';
import { describe, expect, it } from 'vitest';
import { createSnapshotStore, MAX_SNAPSHOTS } from '../../mock-server/control/snapshot-store';
import { MAX_IDEMPOTENCY_ENTRIES } from '../../mock-server/engine/policy/idempotency';
import { MAX_OUTBOX_PAGE } from '../../mock-server/engine/resources/outbox';
import { createAdaThroughPort } from '../engine/helpers';
import { engineWith } from './helpers';

describe('hostile: idempotency entries', () => {
  type Engine = ReturnType<typeof createMockEngine>;
  const keyed = createAdaThroughPort;
  const replays = async (engine: Engine, key: string) =>
    (await keyed(engine, key)).headers['Idempotency-Replay'] === 'true';
  const finish = async (engine: Engine, key: string) => {
    expect(await replays(engine, key)).toBe(false);
  };

  it('never keeps more than the cap; the newest keys still replay', async () => {
    const engine = createMockEngine();
    for (let index = 0; index <= MAX_IDEMPOTENCY_ENTRIES + 50; index++) {
      await finish(engine, `key-${index}`);
    }
    expect(engine.snapshot().state.idempotency.size).toBe(MAX_IDEMPOTENCY_ENTRIES);
    expect(await replays(engine, `key-${MAX_IDEMPOTENCY_ENTRIES + 50}`)).toBe(true);
    expect(await replays(engine, 'key-0')).toBe(false);
  });

  it('drops expired entries once the clock passes their 24 hours', async () => {
    const engine = createMockEngine();
    for (let index = 0; index < 100; index++) await finish(engine, `old-${index}`);
    engine.clock.advance('1d');
    engine.clock.advance(1);
    await finish(engine, 'new');
    expect(
      [...engine.snapshot().state.idempotency.keys()].map((key) => key.split('-').pop()),
    ).toEqual(['new']);
  });
});

describe('hostile: outbox pages', () => {
  it('pages by limit and after, oldest first, with no repeats', () => {
    const { engine, trigger } = engineWith([
      { type: 'in_app', name: 'Inbox', controlValues: { body: '{{ payload.n }}' } },
    ]);
    for (let n = 0; n < 25; n++) trigger({ n });
    const seen: unknown[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const result = engine.outbox.page(
        {},
        { limit: 10, ...(after === undefined ? {} : { after }) },
      );
      seen.push(...result.items.map((item) => item.content));
      after = result.next;
      if (after === undefined) break;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, n) => String(n)));
    expect(() => engine.outbox.page({}, { limit: MAX_OUTBOX_PAGE + 1 })).toThrow(RangeError);
    expect(() => engine.outbox.page({}, { after: 'nope' })).toThrow(/after must be the messageId/);
  });

  it('GET /__svc/outbox answers at most limit entries after the given messageId', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      const context = server.engine.scope('Development');
      for (let n = 0; n < 3; n++) {
        server.engine.operations['events.trigger'](context, {
          body: { name: 'order-shipped', to: 'demo-ada' },
        });
      }
      const get = async (query: string) => {
        const response = await fetch(`${server.url}/__svc/outbox${query}`);
        return {
          status: response.status,
          body: (await response.json()) as { data: { messageId: string }[]; message: string },
        };
      };
      const first = await get('?limit=2');
      expect(first.body.data).toHaveLength(2);
      const rest = await get(`?limit=2&after=${first.body.data[1]?.messageId}`);
      expect(rest.body.data.length).toBeGreaterThan(0);
      expect(rest.body.data.map((item) => item.messageId)).not.toContain(
        first.body.data[0]?.messageId,
      );
      for (const query of ['?limit=0', '?limit=1001', '?limit=ten']) {
        const bad = await get(query);
        expect(bad.status).toBe(400);
        expect(bad.body.message).toContain('limit must be a whole number from 1 to 1000');
      }
    } finally {
      await server.close();
    }
  });
});

describe('hostile: snapshot cap', () => {
  it('refuses one more snapshot under a new id with a 409 that says what to do', () => {
    const store = createSnapshotStore({ max: 2 });
    const engine = createMockEngine();
    const entry = (id: string) => ({
      id,
      takenAt: engine.clock.iso(),
      snapshot: engine.snapshot(),
    });
    store.put(entry('a'));
    store.put(entry('b'));
    store.put(entry('a'));
    expect(() => store.checkRoom('c')).toThrow(/at most 2 snapshots: delete one/);
    expect(() => store.put(entry('c'))).toThrow(expect.objectContaining({ status: 409 }));
    store.delete('b');
    store.put(entry('c'));
    expect(store.list().map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('the server caps them at MAX_SNAPSHOTS before copying the engine', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      const take = (id: string) =>
        fetch(`${server.url}/__svc/snapshots`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id }),
        });
      for (let index = 0; index < MAX_SNAPSHOTS; index++)
        expect((await take(`s${index}`)).status).toBe(201);
      const refused = await take('one-more');
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { message: string }).message).toContain(
        `at most ${MAX_SNAPSHOTS} snapshots`,
      );
      expect((await take('s0')).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});
