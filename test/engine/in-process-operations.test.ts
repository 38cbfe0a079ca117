// `engine.operations`, the in-process face of the engine's one port (perform.ts,
// docs/decisions/0146-one-operation-kind.md): a trusted caller acting in the environment of the
// scope it passes (no key, no rate-limit tokens), all or nothing in a journal, its change written
// to an attached commit log like a request's, part of the request it is called inside, and every
// recipient reached before it returns.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../mock-server/engine/engine';
import { OPERATIONS } from '../../mock-server/engine/operations/index';
import type { EngineScope } from '../../mock-server/engine/scope';
import type { CommitEntry } from '../../mock-server/engine/store/commit-log';
import { journaled } from '../../mock-server/engine/store/journal';
import { activeTransaction } from '../../mock-server/engine/store/transaction';
import { createAdaThroughPort, throughPort } from './helpers';

type Handle = (scope: unknown, input: unknown) => unknown;

const createNews = (engine: MockEngine, environment = 'Development') =>
  engine.operations['topics.create'](engine.scope(environment), {
    body: { key: 'news', name: 'News' },
  });

const newsIn = (engine: MockEngine, environment = 'Development') =>
  engine.scope(environment).data.topics.get('news');

/** Attaches a commit log that keeps what it is given (or refuses it, with `refuse`). */
function logOf(engine: MockEngine, refuse = false): CommitEntry[] {
  const written: CommitEntry[] = [];
  engine.durability.attach({
    write(entry) {
      if (refuse) throw new Error('disk full');
      written.push(entry);
    },
    durable: async () => {},
  });
  return written;
}

describe('engine.operations: a trusted caller', () => {
  it('acts in the environment of the scope it is given, with no key', () => {
    const engine = createMockEngine({ deterministic: true });
    createNews(engine, 'Production');
    expect(newsIn(engine, 'Production')?.name).toBe('News');
    expect(newsIn(engine, 'Development')).toBeUndefined();
  });

  it('takes no rate-limit tokens: past the bucket it still acts, and a request after it has the whole bucket', async () => {
    const limited = () => createMockEngine({ deterministic: true, rateLimit: { plan: 'free' } });
    const fresh = (await createAdaThroughPort(limited())).headers['RateLimit-Remaining'];
    const engine = limited();
    // The free plan's configuration bucket holds 110 tokens; the clock stands still.
    for (let index = 0; index < 150; index++) {
      engine.operations['topics.create'](engine.scope('Development'), {
        body: { key: `topic-${index}`, name: 'Topic' },
      });
    }
    expect(engine.scope('Development').data.topics.size).toBe(150);
    const answer = await createAdaThroughPort(engine);
    expect(answer.status).toBe(201);
    expect(answer.headers['RateLimit-Remaining']).toBe(fresh);
  });
});

describe('engine.operations: one journal, one commit', () => {
  it('a call that fails after its writes changes nothing', () => {
    const engine = createMockEngine({ deterministic: true });
    const definition = OPERATIONS['topics.create'] as unknown as { handle: Handle };
    const handle = definition.handle;
    definition.handle = (scope, input) => {
      handle(scope, input);
      throw new Error('fails after its writes');
    };
    try {
      expect(() => createNews(engine)).toThrow('fails after its writes');
    } finally {
      definition.handle = handle;
    }
    expect(newsIn(engine)).toBeUndefined();
  });

  it("its handler's scope answers the transaction it runs in (what the fan-out reads)", () => {
    const engine = createMockEngine({ deterministic: true });
    const definition = OPERATIONS['topics.create'] as unknown as { handle: Handle };
    const handle = definition.handle;
    const seen: unknown[] = [];
    definition.handle = (scope, input) => {
      seen.push((scope as EngineScope).transaction, activeTransaction());
      return handle(scope, input);
    };
    try {
      createNews(engine);
    } finally {
      definition.handle = handle;
    }
    expect(seen[0]).toBeDefined();
    expect(seen[0]).toBe(seen[1]);
    expect(engine.scope('Development').transaction).toBeUndefined();
  });

  it('writes one entry per change to an attached commit log, none for a read', () => {
    const engine = createMockEngine({ deterministic: true });
    const written = logOf(engine);
    createNews(engine);
    engine.operations['topics.retrieve'](engine.scope('Development'), {
      params: { topicKey: 'news' },
    });
    expect(written).toHaveLength(1);
    expect(written[0]?.kind).toBe('operation');
    expect(written[0]?.changes.length).toBeGreaterThan(0);
  });

  it('is undone when the commit log refuses its entry (a full disk)', () => {
    const engine = createMockEngine({ deterministic: true });
    logOf(engine, true);
    expect(() => createNews(engine)).toThrow();
    expect(newsIn(engine)).toBeUndefined();
  });

  it('called inside a transaction, is part of it: undone with it', () => {
    const engine = createMockEngine({ deterministic: true });
    expect(() =>
      journaled(() => {
        createNews(engine);
        expect(newsIn(engine)).toBeDefined();
        throw new Error('the outer work fails');
      }),
    ).toThrow('the outer work fails');
    expect(newsIn(engine)).toBeUndefined();
  });

  it("called inside a request (an event listener), its change is in the request's entry", async () => {
    const engine = createMockEngine({
      deterministic: true,
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'hello',
            steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }] as never,
          },
        ],
      },
    });
    engine.events.subscribe((event) => {
      if (event.type === 'message-sent' && newsIn(engine) === undefined) createNews(engine);
    });
    const written = logOf(engine);
    const answer = await throughPort(engine, 'events.trigger', '/v1/events/trigger', {
      readBody: async () => ({ name: 'hello', to: 'ada' }),
    });
    expect(answer.status).toBe(201);
    expect(newsIn(engine)).toBeDefined();
    expect(written.map((entry) => entry.kind)).toEqual(['operation']);
  });
});

describe('engine.operations: fan-out', () => {
  it('reaches every recipient before it returns, whatever the fan-out slice', () => {
    const engine = createMockEngine({
      deterministic: true,
      fanOutSlice: { inlineMs: 0, chunkMs: 0 },
      seed: {
        subscribers: Array.from({ length: 5 }, (_, index) => ({ subscriberId: `user-${index}` })),
        workflows: [
          {
            workflowId: 'news',
            steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }] as never,
          },
        ],
      },
    });
    engine.operations['events.broadcast'](engine.scope('Development'), {
      body: { name: 'news', payload: {} },
    });
    expect(engine.scope('Development').data.notifications).toHaveLength(5);
    expect(engine.snapshot().state.fanOuts).toHaveLength(0);
  });
});
