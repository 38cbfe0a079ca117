// Which changes are commit entries of their own (engine-commits.ts): a task the clock fires while
// a log is attached is one, unless a transaction of the same engine that writes an entry is
// running (the task is then in that entry), and nothing is while entries are played back.
import { describe, expect, it } from 'vitest';
import { createEngineCommits } from '../../../mock-server/engine/engine-commits';
import { createEngineCore } from '../../../mock-server/engine/engine-core';
import type { CommitLog } from '../../../mock-server/engine/store/commit-log';
import { createTransaction, runTransaction } from '../../../mock-server/engine/store/transaction';

const log = { write: () => {}, durable: async () => {} } as unknown as CommitLog;

describe('engine commits', () => {
  it('a task is a change of its own only while logging and outside an entry of its engine', () => {
    const core = createEngineCore({ deterministic: true });
    const commits = createEngineCommits(core);
    expect(commits.standalone()).toBe(false);
    commits.attach(log);
    expect(commits.standalone()).toBe(true);
    runTransaction(commits.recordingTransaction(), () => {
      expect(commits.standalone()).toBe(false);
    });
    // A read (a transaction of the engine that writes no entry) leaves the task its own entry.
    runTransaction(createTransaction({ owner: core.owner }), () => {
      expect(commits.standalone()).toBe(true);
    });
    // Another engine's entry is not this engine's.
    const other = createEngineCommits(createEngineCore({ deterministic: true }));
    runTransaction(other.recordingTransaction(), () => {
      expect(commits.standalone()).toBe(true);
    });
    commits.playing = true;
    expect(commits.standalone()).toBe(false);
    expect(commits.operationCommits()).toBeUndefined();
  });

  it("an operation's entry takes the ids drawn inside it, not the ones drawn before", () => {
    const core = createEngineCore({ deterministic: true });
    const commits = createEngineCommits(core);
    const written: unknown[] = [];
    commits.attach({ write: (entry) => written.push(entry), durable: async () => {} } as CommitLog);
    core.ids.objectId(); // drawn by a read before the operation
    const hooks = commits.operationCommits();
    const transaction = createTransaction({ owner: core.owner });
    const inside = runTransaction(transaction, () =>
      hooks?.around(transaction, () => {
        expect(transaction.recording).toBe(true);
        const id = core.ids.objectId();
        hooks.write({
          operation: 'subscribers.create',
          authorization: null,
          params: {},
          query: '',
          path: '/',
          at: 0,
        });
        return id;
      }),
    );
    expect(transaction.recording).toBe(false);
    expect(written).toEqual([expect.objectContaining({ kind: 'operation', ids: [inside] })]);
  });
});
