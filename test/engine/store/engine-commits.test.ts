// Which changes are commit entries of their own (engine-commits.ts): a task the clock fires while
// a log is attached is one, unless a transaction of the same engine that writes an entry is
// running (the task is then in that entry); an entry holds the rows its writes changed.
import { describe, expect, it } from 'vitest';
import { createEngineCommits } from '../../../mock-server/engine/engine-commits';
import { createEngineCore } from '../../../mock-server/engine/engine-core';
import type { CommitEntry, CommitLog } from '../../../mock-server/engine/store/commit-log';
import { tables } from '../../../mock-server/engine/store/tables';
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
    commits.attach(undefined);
    expect(commits.standalone()).toBe(false);
    expect(commits.operationCommits()).toBeUndefined();
  });

  it("an operation's entry holds the rows written inside it, as they are at its commit", () => {
    const core = createEngineCore({ deterministic: true });
    const commits = createEngineCommits(core);
    const written: CommitEntry[] = [];
    commits.attach({ write: (entry) => written.push(entry), durable: async () => {} } as CommitLog);
    const entry = (fingerprint: string) => ({ state: 'done', fingerprint, expiresAt: 1 }) as const;
    tables.idempotency.set(core.state, 'before', entry('a')); // not in a commit
    const hooks = commits.operationCommits();
    const transaction = createTransaction({ owner: core.owner });
    runTransaction(transaction, () =>
      hooks?.around(transaction, () => {
        expect(transaction.rows).toBeDefined();
        tables.idempotency.set(core.state, 'inside', entry('b'));
        tables.idempotency.set(core.state, 'inside', entry('c'));
        tables.idempotency.delete(core.state, 'before');
        hooks.write(transaction, 7);
      }),
    );
    expect([transaction.rows, transaction.writes]).toEqual([undefined, undefined]);
    expect(written).toEqual([
      {
        kind: 'operation',
        at: 7,
        changes: [
          { table: 'idempotency', key: 'inside', row: entry('c') },
          { table: 'idempotency', key: 'before', removed: true },
        ],
      },
    ]);
  });
});
