// Issue 31 item 4: the engine remembers request bodies only as byte-capped excerpts and hashes:
// the inspector's last triggers and the idempotency entries never keep a whole large body.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMockEngine, type MockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import { MAX_KEPT_BODY_LENGTH } from '../../mock-server/engine/wire/excerpt';

const large = (n: number) => ({
  name: 'missing',
  to: 'ada',
  payload: { blob: `${String(n).padStart(2, '0')}${'x'.repeat(2_000_000)}` },
});

function triggerThroughPort(engine: MockEngine, body: unknown, idempotencyKey?: string) {
  return engine.perform({
    operation: 'events.trigger',
    authorization: `ApiKey ${engine.environment('Development').apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path: '/v1/events/trigger',
    idempotencyKey,
    readBody: async () => body,
  });
}

describe('hostile: remembered triggers keep excerpts', () => {
  it('refused triggers of a 2 MB body are kept as 64,000-character excerpts with their size and hash', async () => {
    const engine = createMockEngine();
    for (let n = 0; n < 20; n++) {
      expect((await triggerThroughPort(engine, large(n))).status).toBe(422);
    }
    const kept = engine.events.triggers();
    expect(kept).toHaveLength(20);
    for (const trigger of kept) {
      expect(trigger.body).toMatchObject({
        truncated: true,
        length: JSON.stringify(large(0)).length,
      });
      expect((trigger.body as { excerpt: string }).excerpt).toHaveLength(MAX_KEPT_BODY_LENGTH);
    }
    // Everything the feed holds is bounded by the excerpts, not the bodies.
    expect(JSON.stringify(kept).length).toBeLessThan(20 * (MAX_KEPT_BODY_LENGTH + 1_000));
    // Two different bodies have different hashes.
    const [first, second] = kept.map((trigger) => (trigger.body as { hash: string }).hash);
    expect(first).not.toBe(second);
  });

  it('a small body is kept as it came', async () => {
    const engine = createMockEngine();
    await triggerThroughPort(engine, { name: 'missing', to: 'ada' });
    expect(engine.events.triggers()[0]?.body).toEqual({ name: 'missing', to: 'ada' });
  });
});

describe('hostile: an excerpt does not keep its whole body alive', () => {
  // A full collection on demand: what is still reachable after it is what a server would keep.
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;

  it('the heap stays flat through refused triggers of 8 MB bodies (issue 38, item 10)', async () => {
    // The excerpt was a slice of the body's JSON text, and V8 keeps a slice's whole parent string:
    // the last 200 triggers kept their whole bodies (70 triggers of 24 MB grew svc-mock to 2.2 GB).
    const engine = createMockEngine();
    const body = (n: number) => ({
      name: 'missing',
      to: 'ada',
      payload: { blob: `${n}`.padEnd(8_000_000, 'x') },
    });
    await triggerThroughPort(engine, body(0));
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let n = 1; n <= 12; n++)
      expect((await triggerThroughPort(engine, body(n))).status).toBe(422);
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - before;
    // 12 excerpts of 64,000 characters: about 1.5 MB; the bodies were 96 MB.
    expect(grown).toBeLessThan(16_000_000);
    expect(engine.events.triggers()).toHaveLength(13);
  });
});

describe('hostile: idempotency entries keep a hash of the body', () => {
  it('a keyed 2 MB request stores a short fingerprint, and still tells bodies apart', async () => {
    const engine = createMockEngine();
    const first = await triggerThroughPort(engine, large(1), 'key-1');
    expect(first.status).toBe(422);
    const entries = [...engine.snapshot().state.idempotency.values()];
    expect(entries).toHaveLength(1);
    expect(entries[0]?.fingerprint.length).toBeLessThan(64);
    // The same body replays; another body with the key is refused.
    const replay = await triggerThroughPort(engine, large(1), 'key-1');
    expect(replay.headers['Idempotency-Replay']).toBe('true');
    const other = await triggerThroughPort(engine, large(2), 'key-1');
    expect(other.status).toBe(422);
    expect(JSON.stringify(other.body)).toContain('is being reused for a different body');
  });
});
