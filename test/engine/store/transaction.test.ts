// One transaction per request (docs/decisions/0149-transaction-per-request.md): the stream of
// writes (its undo and its readers) and the work budget belong to the transaction running, so two engines in one
// process, interleaved or one inside the other, keep theirs apart.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { chargeRenderTime, renderTimeLeft } from '../../../mock-server/engine/run/work-budget';
import { requestScope } from '../../../mock-server/engine/scope';
import { journaled, journalPush } from '../../../mock-server/engine/store/journal';
import {
  activeTransaction,
  createTransaction,
  readCommits,
  runTransaction,
} from '../../../mock-server/engine/store/transaction';
import { throughPort } from '../helpers';

const engineToken = () => ({});

describe('transactions', () => {
  it('keep their own work budgets, one inside the other', () => {
    const outer = createTransaction({ owner: engineToken(), budget: { renderMsLeft: 100 } });
    const inner = createTransaction({ owner: engineToken(), budget: { renderMsLeft: 100 } });
    runTransaction(outer, () => {
      chargeRenderTime(60);
      runTransaction(inner, () => {
        expect(renderTimeLeft()).toBe(100);
        chargeRenderTime(10);
      });
      expect(renderTimeLeft()).toBe(40);
    });
    expect(inner.budget?.renderMsLeft).toBe(90);
    expect(renderTimeLeft()).toBe(Number.POSITIVE_INFINITY);
  });

  it("keep their own undo logs: an outer failure leaves the inner one's commit", () => {
    const outerRows: string[] = [];
    const innerRows: string[] = [];
    const announced: unknown[] = [];
    const [outerOwner, innerOwner] = [engineToken(), engineToken()];
    for (const owner of [outerOwner, innerOwner]) {
      readCommits(owner, (writes) => {
        for (const write of writes) if (write.kind === 'list') announced.push(write.row);
      });
    }
    const inner = createTransaction({ owner: innerOwner });
    expect(() =>
      runTransaction(createTransaction({ owner: outerOwner }), () =>
        journaled(() => {
          journalPush(outerRows, 'outer');
          runTransaction(inner, () =>
            journaled(() => {
              journalPush(innerRows, 'inner');
            }),
          );
          throw new Error('outer fails');
        }),
      ),
    ).toThrow('outer fails');
    expect(outerRows).toEqual([]);
    expect(innerRows).toEqual(['inner']);
    expect(announced).toEqual(['inner']);
    expect(inner.writes).toBeUndefined();
    expect(activeTransaction()).toBeUndefined();
  });

  it('keep their own undo logs: an inner failure leaves the outer one going', () => {
    const outerRows: string[] = [];
    const innerRows: string[] = [];
    runTransaction(createTransaction({ owner: engineToken() }), () =>
      journaled(() => {
        journalPush(outerRows, 'before');
        expect(() =>
          runTransaction(createTransaction({ owner: engineToken() }), () =>
            journaled(() => {
              journalPush(innerRows, 'inner');
              throw new Error('inner fails');
            }),
          ),
        ).toThrow('inner fails');
        journalPush(outerRows, 'after');
      }),
    );
    expect(outerRows).toEqual(['before', 'after']);
    expect(innerRows).toEqual([]);
  });
});

describe('two engines in one process', () => {
  const subscriberIds = (engine: ReturnType<typeof createMockEngine>) =>
    [...engine.scope().data.subscribers.values()].map((s) => s.subscriberId);

  it("a second engine's change made inside the first's failed operation is kept", () => {
    const first = createMockEngine({ deterministic: true });
    const second = createMockEngine({ deterministic: true });
    first.seed({ subscribers: [{ subscriberId: 'ada' }], workflows: [{ workflowId: 'hello' }] });
    const before = first.snapshot();
    first.events.subscribe((event) => {
      if (event.type !== 'trigger-received') return;
      second.operations['subscribers.create'](second.scope(), {
        body: { subscriberId: 'made-meanwhile' },
      });
      throw new Error('the listener fails the first engine’s trigger');
    });
    expect(() =>
      first.operations['events.trigger'](first.scope(), { body: { name: 'hello', to: 'ada' } }),
    ).toThrow('the listener fails');
    expect(first.snapshot().state).toEqual(before.state);
    expect(subscriberIds(second)).toEqual(['made-meanwhile']);
  });

  it("a second engine's refusal inside the first's operation undoes only its own writes", () => {
    const first = createMockEngine({ deterministic: true });
    const second = createMockEngine({ deterministic: true });
    first.seed({ subscribers: [{ subscriberId: 'ada' }], workflows: [{ workflowId: 'hello' }] });
    const secondBefore = second.snapshot();
    const refusals: unknown[] = [];
    first.events.subscribe((event) => {
      if (event.type !== 'trigger-received') return;
      try {
        second.operations['topics.create'](second.scope(), { body: { key: 'bad key!' } });
      } catch (error) {
        refusals.push(error);
      }
    });
    const answer = first.operations['events.trigger'](first.scope(), {
      body: { name: 'hello', to: 'ada' },
    });
    expect(refusals).toHaveLength(1);
    expect(answer).toMatchObject({ acknowledged: true });
    expect(second.snapshot().state).toEqual(secondBefore.state);
  });

  it('requests of two engines interleaved across awaits answer as each alone would', async () => {
    const first = createMockEngine({ deterministic: true });
    const second = createMockEngine({ deterministic: true });
    let release: (body: unknown) => void = () => {};
    const slowBody = new Promise<unknown>((resolve) => {
      release = resolve;
    });
    const pending = throughPort(first, 'subscribers.create', '/v2/subscribers', {
      readBody: () => slowBody,
    });
    const refused = await throughPort(second, 'subscribers.create', '/v2/subscribers', {
      readBody: async () => ({ subscriberId: '' }),
    });
    expect(refused.status).toBe(422);
    expect(activeTransaction()).toBeUndefined();
    release({ subscriberId: 'ada' });
    expect((await pending).status).toBe(201);
    expect(subscriberIds(first)).toEqual(['ada']);
    expect(subscriberIds(second)).toEqual([]);
  });

  it('interleaved requests of two engines each see their own transaction through their scope', async () => {
    const first = createMockEngine({ deterministic: true });
    const second = createMockEngine({ deterministic: true });
    for (const engine of [first, second]) {
      engine.seed({ subscribers: [{ subscriberId: 'ada' }], workflows: [{ workflowId: 'hello' }] });
    }
    // What each engine's scope shows while a trigger of either runs (the listener runs inside it).
    const seen: { engine: string; own: unknown; other: unknown; running: unknown }[] = [];
    for (const [engine, own, other] of [
      ['first', first, second],
      ['second', second, first],
    ] as const) {
      own.events.subscribe((event) => {
        if (event.type !== 'trigger-received') return;
        seen.push({
          engine,
          own: own.scope().transaction,
          other: other.scope().transaction,
          running: activeTransaction(),
        });
      });
    }
    let release: (body: unknown) => void = () => {};
    const slowBody = new Promise<unknown>((resolve) => {
      release = resolve;
    });
    const trigger = (engine: typeof first, readBody: () => Promise<unknown>) =>
      throughPort(engine, 'events.trigger', '/v1/events/trigger', { readBody });
    const pending = trigger(first, () => slowBody);
    const answered = await trigger(second, async () => ({ name: 'hello', to: 'ada' }));
    release({ name: 'hello', to: 'ada' });
    expect([answered.status, (await pending).status]).toEqual([201, 201]);
    expect(seen.map((view) => view.engine)).toEqual(['second', 'first']);
    for (const view of seen) {
      expect(view.own).toBeDefined();
      expect(view.own).toBe(view.running);
      expect(view.other).toBeUndefined();
    }
    expect(seen[0]?.own).not.toBe(seen[1]?.own);
    expect([first.scope().transaction, second.scope().transaction]).toEqual([undefined, undefined]);
  });

  it("a request's own scope carries its transaction across an await, over the shared scope", async () => {
    const engine = createMockEngine({ deterministic: true });
    const shared = engine.scope();
    const transaction = createTransaction({ owner: {} });
    const scope = requestScope(shared, transaction);
    await Promise.resolve();
    expect(activeTransaction()).toBeUndefined();
    expect(scope.transaction).toBe(transaction);
    expect(shared.transaction).toBeUndefined();
    expect([scope.data, scope.environment, scope.state]).toEqual([
      shared.data,
      shared.environment,
      shared.state,
    ]);
    expect(engine.scope()).toBe(shared);
  });
});
