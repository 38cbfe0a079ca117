// The rows a commit writes (store/row-changes.ts, docs/decisions/0142-keeping-data.md#rows-not-requests):
// one change per row read at the commit, none for a rolled-back part or a derived collection, the
// rows a replaced collection lost, and each outbox entry of a message sent to several endpoints.
import { describe, expect, it } from 'vitest';
import { createEngineCommits } from '../../../mock-server/engine/engine-commits';
import { createEngineCore } from '../../../mock-server/engine/engine-core';
import type { CommitEntry, CommitLog } from '../../../mock-server/engine/store/commit-log';
import { journaled, startRecording } from '../../../mock-server/engine/store/journal';
import { applyRowChanges } from '../../../mock-server/engine/store/row-apply';
import { createCollectionPaths } from '../../../mock-server/engine/store/row-changes';
import {
  createEnvironmentData,
  createState,
  type IntegrationRecord,
  type MessageRecord,
  type NotificationRecord,
} from '../../../mock-server/engine/store/state';
import { tables } from '../../../mock-server/engine/store/tables';
import { createTransaction, runTransaction } from '../../../mock-server/engine/store/transaction';

/** An engine core with one environment `env`, and `commit(work)` writing one entry of `work`. */
function recording() {
  const core = createEngineCore({ deterministic: true });
  const data = createEnvironmentData();
  core.state.data.set('env', data);
  const commits = createEngineCommits(core);
  const written: CommitEntry[] = [];
  commits.attach({ write: (entry) => written.push(entry), durable: async () => {} } as CommitLog);
  const commit = (work: () => void) => {
    const hooks = commits.operationCommits();
    const transaction = createTransaction({ owner: core.owner });
    runTransaction(transaction, () =>
      hooks?.around(transaction, () =>
        journaled(() => {
          work();
          hooks.write(transaction, 1);
        }),
      ),
    );
    return written.at(-1)?.changes ?? [];
  };
  return { core, data, commit };
}

const notification = (id: string) =>
  ({ _id: id, jobs: [], payload: {} }) as unknown as NotificationRecord;
const message = (id: string) => ({ _id: id, content: id }) as unknown as MessageRecord;

describe('row changes', () => {
  it('read a row as it is at the commit, once, with its derived collections left out', () => {
    const { data, commit } = recording();
    const row = notification('n-1');
    const changes = commit(() => {
      tables.notifications.push(data, row);
      tables.notifications.assign(data, row, 'payload', { late: true });
    });
    expect(changes).toEqual([{ table: 'notifications', environment: 'env', key: 'n-1', row }]);
    expect(row.payload).toEqual({ late: true });
    expect(data.notificationsById.get('n-1')).toBe(row); // kept in memory, not written
  });

  it('drop what a rolled-back part wrote and keep what the rest wrote', () => {
    const { data, commit } = recording();
    const changes = commit(() => {
      tables.messages.insert(data, message('m-1'));
      try {
        journaled(() => {
          tables.messages.insert(data, message('m-2'));
          throw new Error('this event fails');
        });
      } catch {}
    });
    expect(changes.map((change) => change.key)).toEqual(['m-1']);
  });

  it('write the rows a replaced collection lost as removals, which apply takes out', () => {
    const { core, data, commit } = recording();
    commit(() => {
      for (const id of ['m-1', 'm-2', 'm-3']) tables.messages.insert(data, message(id));
    });
    const before = structuredClone(core.state);
    const changes = commit(() =>
      tables.messages.removeWhere(core.state, data, (row) => row._id !== 'm-2'),
    );
    expect(changes).toEqual([
      { table: 'messages', environment: 'env', key: 'm-1', removed: true },
      { table: 'messages', environment: 'env', key: 'm-3', removed: true },
    ]);
    applyRowChanges(before, changes);
    expect(before.data.get('env')?.messages.map((row) => row._id)).toEqual(['m-2']);
  });

  it('keep each outbox entry of one message sent to several channel endpoints', () => {
    const { core, commit } = recording();
    const entry = (endpoint: string) => ({
      messageId: 'm-1',
      environmentId: 'env',
      subscriberId: 's',
      integrationIdentifier: 'slack',
      recipient: { channelEndpoint: { identifier: endpoint } },
    });
    const changes = commit(() => {
      tables.outbox.push(core.state, entry('a'));
      tables.outbox.push(core.state, entry('b'));
    });
    expect(changes.map((change) => change.key)).toEqual(['m-1:a', 'm-1:b']);
    const copy = structuredClone(core.state);
    copy.outbox = [];
    applyRowChanges(copy, changes);
    expect(copy.outbox).toEqual(core.state.outbox);
  });

  it('leave no index of the environment stale: a row put back is found by its new key', () => {
    const { core, data, commit } = recording();
    const integration = { _id: 'i-1', identifier: 'old' } as unknown as IntegrationRecord;
    commit(() => tables.integrations.push(data, integration));
    expect(tables.integrations.withIdentifier(data, 'old')).toEqual([integration]);
    applyRowChanges(core.state, [
      {
        table: 'integrations',
        environment: 'env',
        key: 'i-1',
        row: { ...integration, identifier: 'new' },
      },
    ]);
    expect(tables.integrations.withIdentifier(data, 'new').map((row) => row._id)).toEqual(['i-1']);
    expect(tables.integrations.withIdentifier(data, 'old')).toEqual([]);
  });

  it('locate a write inside a stored row as that row alone, the row never looked up as an owner', () => {
    const { core, data, commit } = recording();
    const stored = notification('n-1');
    commit(() => tables.notifications.push(data, stored));
    const paths = createCollectionPaths(() => core.state);
    const looked: object[] = [];
    const owner = paths.owner;
    paths.owner = (target) => {
      looked.push(target);
      return owner(target);
    };
    const transaction = createTransaction({ owner: core.owner });
    startRecording(transaction, paths);
    runTransaction(transaction, () =>
      journaled(() => tables.notifications.assign(data, stored, 'payload', { plan: 'pro' })),
    );
    expect(transaction.writes?.map((write) => write.rows)).toEqual([
      [{ path: { environment: 'env', table: 'notifications' }, listRow: stored, present: true }],
    ]);
    expect(looked).toEqual([]);
  });

  it("locate a change inside a map table's row by the row's key, never walking the map", () => {
    const { data, commit } = recording();
    const at = { createdAt: '', updatedAt: '' };
    const preference = {
      _id: 'p-1',
      _subscriberId: 'sub',
      _templateId: 'wf',
      channels: {},
      contextKeys: ['b', 'a'],
      ...at,
    };
    const context = { _id: 'c-1', type: 'tenant', id: 'acme', data: {}, ...at };
    const route = {
      _id: 'r-1',
      _domainId: 'd-1',
      address: 'help',
      type: 'webhook' as const,
      ...at,
    };
    const translation = {
      _id: 't-1',
      resourceType: 'workflow' as const,
      resourceKey: 'w-1',
      locale: 'fr_FR',
      content: {},
      ...at,
    };
    const open = { notificationId: 'n-1', jobIndex: 0, closesAt: 1, notificationIds: ['n-1'] };
    commit(() => {
      tables.preferences.set(data, 'sub:wf|ctx:a,b', preference);
      tables.contexts.set(data, 'tenant:acme', context);
      tables.domainRoutes.set(data, 'd-1:help', route);
      tables.translations.set(data, 'workflow:w-1:fr_FR', translation);
      tables.digests.set(data, 'group', open);
    });
    const maps = [
      data.preferences,
      data.contexts,
      data.domainRoutes,
      data.translations,
      data.digests,
    ];
    for (const map of maps as Map<unknown, unknown>[]) {
      map.entries = map[Symbol.iterator] = () => {
        throw new Error('walked the map');
      };
    }
    const changes = commit(() => {
      tables.preferences.edit(data, preference);
      tables.contexts.update(data, context, (row) => Object.assign(row, { data: { plan: 'pro' } }));
      tables.domainRoutes.update(data, route, (row) => Object.assign(row, { type: 'agent' }));
      tables.translations.update(data, translation, (row) => Object.assign(row, { content: {} }));
      tables.digests.join(data, 'group', open, 'n-2');
    });
    expect(changes.map((change) => [change.table, change.key])).toEqual([
      ['preferences', 'sub:wf|ctx:a,b'],
      ['contexts', 'tenant:acme'],
      ['domainRoutes', 'd-1:help'],
      ['translations', 'workflow:w-1:fr_FR'],
      ['digests', 'group'],
    ]);
  });

  it('find the collections by scanning the state only when it or its environments changed', () => {
    const state = createState();
    state.data.set('env', createEnvironmentData());
    let scans = 0;
    const watched = new Proxy(state, {
      ownKeys(target) {
        scans += 1;
        return Reflect.ownKeys(target);
      },
    });
    const paths = createCollectionPaths(() => watched);
    expect(paths.collection(state.data.get('env')?.messages as object)?.table).toBe('messages');
    // Rows a request just made are no collection: each is a miss, none a new scan.
    for (let made = 0; made < 5; made++) expect(paths.owner({ made })).toBeUndefined();
    expect(scans).toBe(1);
    // A new environment is found (one scan), its collections with it.
    const added = createEnvironmentData();
    state.data.set('env-2', added);
    expect(paths.collection(added.topics)).toEqual({ environment: 'env-2', table: 'topics' });
    expect(scans).toBe(2);
  });
});
