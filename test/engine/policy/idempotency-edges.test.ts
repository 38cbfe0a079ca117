// The idempotency rules at their exact bounds (the mutation run's survivors, docs/benchmarks.md
// "Mutation score"): the key length, the moment an entry expires, what a replay answers, and
// which entries eviction keeps.
import { describe, expect, it } from 'vitest';
import {
  beginIdempotent,
  evictIdempotency,
  finishIdempotent,
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_TTL_MS,
  MAX_KEY_LENGTH,
  releaseIdempotent,
} from '../../../mock-server/engine/policy/idempotency';
import { createState, type EngineState } from '../../../mock-server/engine/store/state';

const ORG = 'org-1';
const begin = (state: EngineState, key: string, now: number, fingerprint = '{}') =>
  beginIdempotent(state, ORG, key, fingerprint, now);
const finish = (state: EngineState, key: string, now: number, status = 201) =>
  finishIdempotent(state, ORG, key, { status, body: { data: key } }, now);

describe('idempotency at its bounds', () => {
  it('takes a key of exactly 255 characters and refuses 256', () => {
    const state = createState();
    expect(begin(state, 'k'.repeat(MAX_KEY_LENGTH), 0)).toEqual({ kind: 'run' });
    expect(() => begin(state, 'k'.repeat(MAX_KEY_LENGTH + 1), 0)).toThrow(
      expect.objectContaining({
        status: 400,
        ctx: { error: 'Bad Request', statusCode: 400 },
        headers: { 'Idempotency-Key': 'k'.repeat(MAX_KEY_LENGTH + 1) },
      }),
    );
  });

  it('a finished entry replays until the last millisecond of its 24 hours, then runs again', () => {
    const state = createState();
    begin(state, 'k', 1_000);
    finish(state, 'k', 2_000);
    expect(state.idempotency.get(`${ORG}-k`)).toMatchObject({
      state: 'done',
      expiresAt: 2_000 + IDEMPOTENCY_TTL_MS,
      status: 201,
    });
    expect(begin(state, 'k', 2_000 + IDEMPOTENCY_TTL_MS - 1).kind).toBe('replay');
    expect(begin(state, 'k', 2_000 + IDEMPOTENCY_TTL_MS)).toEqual({ kind: 'run' });
  });

  it('an entry in progress blocks for its 5 minutes exactly', () => {
    const state = createState();
    begin(state, 'k', 0);
    expect(() => begin(state, 'k', IN_PROGRESS_TTL_MS - 1)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(begin(state, 'k', IN_PROGRESS_TTL_MS)).toEqual({ kind: 'run' });
  });

  it('a replay answers a copy of the stored outcome with the stored headers and the replay ones', () => {
    const state = createState();
    begin(state, 'k', 0);
    finishIdempotent(
      state,
      ORG,
      'k',
      { status: 422, body: { message: 'no' }, headers: { 'X-Extra': '1', 'Idempotency-Key': 'x' } },
      0,
    );
    const replay = begin(state, 'k', 10);
    expect(replay).toEqual({
      kind: 'replay',
      status: 422,
      body: { message: 'no' },
      headers: { 'X-Extra': '1', 'Idempotency-Key': 'k', 'Idempotency-Replay': 'true' },
    });
    if (replay.kind === 'replay') (replay.body as { message: string }).message = 'changed';
    const again = begin(state, 'k', 20);
    expect(again.kind === 'replay' && again.body).toEqual({ message: 'no' });
  });

  it('an entry stored without a status replays as 200', () => {
    const state = createState();
    state.idempotency.set(`${ORG}-k`, { state: 'done', fingerprint: '{}', expiresAt: 100 });
    expect(begin(state, 'k', 0)).toMatchObject({ kind: 'replay', status: 200 });
  });

  it('finishing or releasing a key that was never begun stores nothing', () => {
    const state = createState();
    expect(() => finish(state, 'never', 0)).not.toThrow();
    releaseIdempotent(state, ORG, 'never');
    expect(state.idempotency.size).toBe(0);
  });

  it('keys are per organization', () => {
    const state = createState();
    begin(state, 'k', 0);
    finish(state, 'k', 0);
    expect(beginIdempotent(state, 'org-2', 'k', '{}', 0)).toEqual({ kind: 'run' });
  });
});

describe('idempotency eviction', () => {
  it('drops expired entries and then the oldest until at most `keep` are left', () => {
    const state = createState();
    for (const [key, expiresAt] of [
      ['a', 50],
      ['b', 100],
      ['c', 300],
      ['d', 400],
    ] as const) {
      state.idempotency.set(key, { state: 'done', fingerprint: '{}', expiresAt });
    }
    evictIdempotency(state, 100, 10);
    expect([...state.idempotency.keys()]).toEqual(['c', 'd']);
    evictIdempotency(state, 100, 1);
    expect([...state.idempotency.keys()]).toEqual(['d']);
    evictIdempotency(state, 100, 1);
    expect([...state.idempotency.keys()]).toEqual(['d']);
  });

  it('a finished entry moves to the end, so the oldest finished go first', () => {
    const state = createState();
    begin(state, 'first', 0);
    begin(state, 'second', 0);
    finish(state, 'first', 10);
    expect([...state.idempotency.keys()]).toEqual([`${ORG}-second`, `${ORG}-first`]);
  });
});
