// createMockEngine directly (mock-server/engine/engine.ts): its options (apiKeys, idempotency,
// rateLimit), environment lookup, the organization scope of integrations, settle, pending work
// and restore's refusals.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type EngineSnapshot } from '../../mock-server/engine/engine';
import { OPERATIONS } from '../../mock-server/engine/operations/index';
import { ServiceError } from '../../mock-server/engine/wire/service-error';
import { contextOf, createAdaThroughPort, throughPort } from './helpers';

const START = '2026-01-01T00:00:00.000Z';

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const delayed = (workflowId: string, hours: number) => ({
  workflowId,
  steps: [
    {
      type: 'delay' as const,
      name: 'Wait',
      controlValues: { type: 'regular', amount: hours, unit: 'hours' },
    },
    { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Still there?' } },
  ],
});

describe('createMockEngine: apiKeys', () => {
  const keyError = (name: string, length: number) =>
    `apiKeys.${name} must be 16 to 128 letters, digits, "_" or "-" (got ${length} characters)`;

  it('takes keys of 16 and of 128 characters as the environments keys', () => {
    const development = 'a'.repeat(16);
    const production = `${'Z9_-'.repeat(31)}abcd`;
    expect(production).toHaveLength(128);
    const engine = createMockEngine({
      apiKeys: { Development: development, Production: production },
    });
    expect(engine.environment('Development').apiKey).toBe(development);
    expect(engine.environment('Production').apiKey).toBe(production);
    expect(contextOf(engine, 'Production').environment.name).toBe('Production');
  });

  it('refuses 15 and 129 characters with a TypeError naming the key and its length', () => {
    const short = thrownBy(() => createMockEngine({ apiKeys: { Development: 'a'.repeat(15) } }));
    expect(short).toBeInstanceOf(TypeError);
    expect((short as TypeError).message).toBe(keyError('Development', 15));
    expect(() => createMockEngine({ apiKeys: { Production: 'b'.repeat(129) } })).toThrowError(
      keyError('Production', 129),
    );
  });

  it('refuses a character other than letters, digits, "_" and "-"', () => {
    expect(() => createMockEngine({ apiKeys: { Development: `${'a'.repeat(15)}!` } })).toThrowError(
      keyError('Development', 16),
    );
  });

  it('generates 32 hex digits for a key not given or given as undefined', () => {
    const given = 'k'.repeat(20);
    const engine = createMockEngine({
      apiKeys: { Development: undefined, Production: given } as unknown as {
        Production: string;
      },
    });
    expect(engine.environment('Development').apiKey).toMatch(/^[0-9a-f]{32}$/);
    expect(engine.environment('Production').apiKey).toBe(given);
  });
});

describe('createMockEngine: environments', () => {
  it('finds an environment by name or by _id, of any organization', () => {
    const engine = createMockEngine();
    const production = engine.environment('Production');
    expect(production.name).toBe('Production');
    expect(engine.environment(production._id)).toBe(production);
    const other = engine.createOrganization({ name: 'Other' });
    const otherDevelopment = other.environments[0];
    expect(engine.environment(otherDevelopment?._id ?? '')).toEqual(otherDevelopment);
  });

  it('an unknown name is a 404 naming it', () => {
    const engine = createMockEngine();
    const error = thrownBy(() => engine.environment('Staging'));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      status: 404,
      message: 'Environment Staging not found',
      ctx: { error: 'Not Found', statusCode: 404 },
    });
  });

  it("lists the integrations of the caller's organization only, of both its environments", () => {
    const engine = createMockEngine();
    const other = engine.createOrganization({ name: 'Other' });
    const context = contextOf(engine);
    const own = [
      ...context.data.integrations,
      ...contextOf(engine, 'Production').data.integrations,
    ].map((integration) => integration._id);
    const listed = engine.operations['integrations.list'](context);
    expect(listed.map((integration) => integration._id)).toEqual(own);
    expect(new Set(listed.map((integration) => integration._organizationId))).toEqual(
      new Set([engine.organization._id]),
    );
    const otherContext = engine.scope(other.environments[0]?._id);
    expect(
      engine.operations['integrations.list'](otherContext).every(
        (integration) => integration._organizationId === other.organization._id,
      ),
    ).toBe(true);
  });
});

describe('createMockEngine: idempotency and rate limits', () => {
  type Engine = ReturnType<typeof createMockEngine>;
  const create = createAdaThroughPort;
  const replays = async (engine: Engine) => {
    await create(engine, 'key-1');
    return (await create(engine, 'key-1')).headers['Idempotency-Replay'] === 'true';
  };

  it('idempotency is on by default and off with idempotency: false', async () => {
    expect(await replays(createMockEngine())).toBe(true);
    expect(await replays(createMockEngine({ idempotency: true }))).toBe(true);
    expect(await replays(createMockEngine({ idempotency: false }))).toBe(false);
  });

  it('a bug frees its key, so the next request with it runs', async () => {
    const engine = createMockEngine();
    const definition = OPERATIONS['subscribers.create'] as unknown as { handle: () => unknown };
    const original = definition.handle;
    definition.handle = () => {
      throw new Error('boom');
    };
    try {
      await expect(create(engine, 'key-1')).rejects.toThrow('boom');
    } finally {
      definition.handle = original;
    }
    const retried = await create(engine, 'key-1');
    expect(retried.status).toBe(201);
    expect(retried.headers['Idempotency-Replay']).toBeUndefined();
  });

  it('rate limits are off by default and with rateLimit: false: no headers', async () => {
    for (const engine of [createMockEngine(), createMockEngine({ rateLimit: false })]) {
      expect((await create(engine)).headers).toEqual({});
    }
  });

  it("with rateLimit the plan's bucket answers its headers", async () => {
    const engine = createMockEngine({ rateLimit: { plan: 'free' } });
    expect((await create(engine)).headers).toEqual({
      'RateLimit-Limit': '100',
      'RateLimit-Remaining': '109',
      'RateLimit-Reset': '1',
      'RateLimit-Policy':
        '100;w=5;burst=110;comment="token bucket";category="configuration";cost="single";serviceLevel="free"',
    });
  });
});

describe('createMockEngine: pending work', () => {
  it('keeps pending tasks in time order, numbered as they were scheduled, labelled by kind', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [delayed('later', 2), delayed('sooner', 1)],
      },
    });
    const context = contextOf(engine);
    engine.operations['events.trigger'](context, { body: { name: 'later', to: 'ada' } });
    engine.operations['events.trigger'](context, { body: { name: 'sooner', to: 'ada' } });
    const [laterRun, soonerRun] = context.data.notifications;
    const scheduled = engine.snapshot().state.scheduled;
    expect(scheduled.map((task) => [task.seq, task.kind, task.notificationId, task.at])).toEqual([
      [2, 'resume-delay', soonerRun?._id, Date.parse('2026-01-01T01:00:00.000Z')],
      [1, 'resume-delay', laterRun?._id, Date.parse('2026-01-01T02:00:00.000Z')],
    ]);
    expect(engine.snapshot().state.taskSequence).toBe(2);
    expect(engine.clock.pending().map((task) => task.label)).toEqual([
      `resume-delay ${soonerRun?._id}`,
      `resume-delay ${laterRun?._id}`,
    ]);
  });

  it('settle() runs only what is due now; settle({ skipTime: true }) moves through the delays', async () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'ada' }], workflows: [delayed('reminder', 2)] },
    });
    engine.operations['events.trigger'](contextOf(engine), {
      body: { name: 'reminder', to: 'ada' },
    });
    await engine.settle();
    expect(engine.clock.iso()).toBe(START);
    expect(engine.outbox.count()).toBe(0);
    await engine.settle({ skipTime: false });
    expect(engine.clock.iso()).toBe(START);
    await engine.settle({ skipTime: true });
    expect(engine.clock.iso()).toBe('2026-01-01T02:00:00.000Z');
    expect(engine.outbox.count()).toBe(1);
    expect(engine.clock.pending()).toEqual([]);
  });
});

describe('createMockEngine: restore refusals', () => {
  it('refuses something that is not a snapshot, and keeps the state', () => {
    const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'ada' }] } });
    const error = thrownBy(() => engine.restore({} as unknown as EngineSnapshot));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe(
      'Not an engine snapshot: it is not a value engine.snapshot() returned',
    );
    expect(contextOf(engine).data.subscribers.has('ada')).toBe(true);
  });

  it("refuses another engine's snapshot", () => {
    const engine = createMockEngine();
    const other = createMockEngine({ randomSeed: 2 });
    expect(() => engine.restore(other.snapshot())).toThrowError(
      new TypeError(
        "Not an engine snapshot: it does not hold this engine's organization (a snapshot of another engine?)",
      ),
    );
  });
});

describe('engine.perform', () => {
  it('answers an operation name outside the route table with the service 404, not a throw', async () => {
    const engine = createMockEngine();
    for (const operation of ['subscribers.fetch', 'constructor', '__proto__']) {
      const answer = await engine.perform({
        operation: operation as never,
        authorization: `ApiKey ${engine.environment('Development').apiKey}`,
        params: {},
        query: new URLSearchParams(),
        path: '/v2/x',
      });
      expect(answer).toMatchObject({
        status: 404,
        performed: false,
        body: { statusCode: 404, message: `No operation ${operation}`, path: '/v2/x' },
      });
    }
  });
});

describe('createMockEngine: generated ids', () => {
  async function firstRun(engine: ReturnType<typeof createMockEngine>) {
    engine.seed({
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        {
          workflowId: 'welcome',
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
        },
      ],
    });
    const answer = await throughPort(engine, 'events.trigger', '/v1/events/trigger', {
      readBody: async () => ({ name: 'welcome', to: 'ada' }),
    });
    const [message] = engine.outbox.list();
    return {
      transactionId: (answer.body as { data: { transactionId: string } }).data.transactionId,
      messageId: message?.messageId,
      subscriber: contextOf(engine).data.subscribers.get('ada')?._id,
      environment: engine.environment('Development')._id,
    };
  }

  it('are random per engine: a fresh engine does not repeat the ids an app may have stored', async () => {
    const [a, b] = [await firstRun(createMockEngine()), await firstRun(createMockEngine())];
    expect(a.transactionId).not.toBe(b.transactionId);
    expect(a.messageId).not.toBe(b.messageId);
    expect(a.subscriber).not.toBe(b.subscriber);
    expect(a.environment).not.toBe(b.environment);
  });

  it('repeat with deterministic: true (for snapshot tests), the sequence of randomSeed 1', async () => {
    const a = await firstRun(createMockEngine({ deterministic: true }));
    expect(await firstRun(createMockEngine({ deterministic: true }))).toEqual(a);
    expect(await firstRun(createMockEngine({ randomSeed: 1 }))).toEqual(a);
    expect(a.transactionId).toBe('664dadf3-ecb1-4bd5-af1d-0ade4be182ef');
  });

  it('keep the API keys of in-process engines deterministic (tests use them)', () => {
    expect(createMockEngine().environment('Development').apiKey).toBe(
      createMockEngine().environment('Development').apiKey,
    );
  });
});
