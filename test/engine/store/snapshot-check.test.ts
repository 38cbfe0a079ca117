// The check engine.restore() runs on a snapshot before it replaces anything
// (mock-server/engine/store/snapshot-check.ts, docs/security.md): what it refuses, in the exact
// words restore puts after "Not an engine snapshot: ".
import { describe, expect, it } from 'vitest';
import { CLOCK_MAX_MS } from '../../../mock-server/engine/store/clock';
import {
  copySnapshotState,
  snapshotProblem,
  withCurrentShape,
} from '../../../mock-server/engine/store/snapshot-check';
import {
  createEnvironmentData,
  createState,
  type EngineState,
  type ScheduledTaskRecord,
} from '../../../mock-server/engine/store/state';

const owner = { organizationId: 'org-1', environmentIds: ['env-1'] };

/** A state the check accepts: the owner's organization, one environment, its key and data. */
function validState(): EngineState {
  const state = createState();
  state.organizations.set('org-1', { _id: 'org-1', name: 'Acme', createdAt: 'now' });
  state.environments.set('env-1', {
    _id: 'env-1',
    _organizationId: 'org-1',
    name: 'Development',
    identifier: 'dev',
    apiKey: 'key-1',
    createdAt: 'now',
  });
  state.apiKeys.set('key-1', 'env-1');
  state.data.set('env-1', createEnvironmentData());
  return state;
}

/** The problem the check finds after `change` edits a valid state (as loose data). */
function problemAfter(change: (raw: Record<string, unknown>, state: EngineState) => void) {
  const state = validState();
  change(state as unknown as Record<string, unknown>, state);
  return snapshotProblem(state, owner);
}

/** The problem after `change` edits the data of environment env-1 (as loose data). */
function dataProblemAfter(change: (data: Record<string, unknown>) => void) {
  return problemAfter((_raw, state) =>
    change(state.data.get('env-1') as unknown as Record<string, unknown>),
  );
}

/** Marks a field to delete rather than set. */
const ABSENT = Symbol('absent');

/** The problem the check finds when the state's `key` is `value` (or absent). */
const problemWith = (key: string, value: unknown) =>
  problemAfter((raw) => {
    if (value === ABSENT) delete raw[key];
    else raw[key] = value;
  });

/** The problem the check finds when env-1's data `key` is `value` (or absent). */
const dataProblemWith = (key: string, value: unknown) =>
  dataProblemAfter((data) => {
    if (value === ABSENT) delete data[key];
    else data[key] = value;
  });

const task = (overrides: Record<string, unknown> = {}) =>
  ({
    seq: 1,
    at: Date.parse('2026-01-01T00:00:00.000Z'),
    kind: 'resume-delay',
    environmentId: 'env-1',
    notificationId: 'n-1',
    jobIndex: 0,
    ...overrides,
  }) as unknown as ScheduledTaskRecord;

describe('copySnapshotState', () => {
  it('copies the state of a snapshot, not the same objects', () => {
    const state = validState();
    const copy = copySnapshotState({ state });
    expect(copy).toEqual(state);
    expect(copy).not.toBe(state);
    expect(copy?.organizations).not.toBe(state.organizations);
  });

  it('answers undefined for a value that is not a snapshot object with a state object', () => {
    expect(copySnapshotState(undefined)).toBeUndefined();
    expect(copySnapshotState(null)).toBeUndefined();
    expect(copySnapshotState('snapshot')).toBeUndefined();
    expect(copySnapshotState([{ state: {} }])).toBeUndefined();
    expect(copySnapshotState({})).toBeUndefined();
    expect(copySnapshotState({ state: 42 })).toBeUndefined();
    expect(copySnapshotState({ state: 'text' })).toBeUndefined();
    expect(copySnapshotState({ state: null })).toBeUndefined();
    expect(copySnapshotState({ state: [1, 2] })).toBeUndefined();
  });

  it('answers undefined for a state that cannot be copied', () => {
    expect(copySnapshotState({ state: { organizations: () => {} } })).toBeUndefined();
  });
});

describe('snapshotProblem: the state shape', () => {
  it('accepts a valid state', () => {
    expect(snapshotProblem(validState(), owner)).toBeUndefined();
  });

  it('refuses what copySnapshotState could not copy', () => {
    expect(snapshotProblem(undefined, owner)).toBe('it is not a value engine.snapshot() returned');
  });

  it.each(['organizations', 'environments', 'apiKeys', 'data', 'idempotency', 'rateBuckets'])(
    'refuses a state whose %s is not a map',
    (key) => {
      expect(
        problemAfter((raw) => {
          raw[key] = {};
        }),
      ).toBe(`${key} is not a map`);
    },
  );

  it('names the first collection that is not a map', () => {
    expect(snapshotProblem({} as EngineState, owner)).toBe('organizations is not a map');
  });

  it.each(['scheduled', 'outbox'])('refuses a state whose %s is not an array', (key) => {
    expect(
      problemAfter((raw) => {
        raw[key] = new Map();
      }),
    ).toBe(`${key} is not an array`);
  });

  it('refuses a taskSequence that is not a whole number, text or fraction', () => {
    const refused = 'taskSequence is not a whole number';
    expect(problemWith('taskSequence', '3')).toBe(refused);
    expect(problemWith('taskSequence', 1.5)).toBe(refused);
    expect(problemWith('taskSequence', ABSENT)).toBe(refused);
    expect(problemWith('taskSequence', 7)).toBeUndefined();
  });
});

describe("snapshotProblem: the engine's own organization and environments", () => {
  it('refuses a snapshot without the owner organization', () => {
    expect(problemAfter((_raw, state) => state.organizations.delete('org-1'))).toBe(
      "it does not hold this engine's organization (a snapshot of another engine?)",
    );
  });

  it('refuses a snapshot without one of the owner environments', () => {
    const state = validState();
    expect(
      snapshotProblem(state, { organizationId: 'org-1', environmentIds: ['env-1', 'env-2'] }),
    ).toBe("it does not hold this engine's environment env-2");
  });

  it('refuses an environment that is not an object', () => {
    expect(
      problemAfter((_raw, state) => {
        state.environments.set('env-1', null as never);
      }),
    ).toBe('environment env-1 is not an environment record');
    expect(
      problemAfter((_raw, state) => {
        // An array is not a record even when it carries the fields.
        const fake = Object.assign([], { _id: 'env-1', _organizationId: 'org-1', apiKey: 'k' });
        state.environments.set('env-1', fake as never);
      }),
    ).toBe('environment env-1 is not an environment record');
  });

  it('refuses an environment whose _id is not its key, or whose apiKey is not text', () => {
    expect(
      problemAfter((_raw, state) => {
        const environment = state.environments.get('env-1');
        if (environment) environment._id = 'env-9';
      }),
    ).toBe('environment env-1 is not an environment record');
    expect(
      problemAfter((_raw, state) => {
        const environment = state.environments.get('env-1');
        if (environment) environment.apiKey = 42 as never;
      }),
    ).toBe('environment env-1 is not an environment record');
  });

  it('names a non-text environment key in the message', () => {
    expect(
      problemAfter((_raw, state) => {
        state.environments.set(7 as never, { _id: 7 } as never);
      }),
    ).toBe('environment 7 is not an environment record');
  });

  it('refuses an environment of an organization the snapshot does not hold', () => {
    expect(
      problemAfter((_raw, state) => {
        const environment = state.environments.get('env-1');
        if (environment) environment._organizationId = 'org-9';
      }),
    ).toBe('environment env-1 belongs to no organization of the snapshot');
  });

  it('checks every environment, not only the owner ones', () => {
    expect(
      problemAfter((_raw, state) => {
        state.environments.set('env-2', {
          _id: 'env-2',
          _organizationId: 'org-1',
          name: 'Production',
          identifier: 'prod',
          apiKey: 'key-2',
          createdAt: 'now',
        });
      }),
    ).toBe('data of environment env-2 is not an object');
  });

  it('refuses an API key that is not text or points to no environment', () => {
    const refused = 'an API key points to no environment of the snapshot';
    expect(problemAfter((_raw, state) => state.apiKeys.set('key-2', 'env-9'))).toBe(refused);
    expect(problemAfter((_raw, state) => state.apiKeys.set(5 as never, 'env-1'))).toBe(refused);
  });
});

describe('snapshotProblem: the data of an environment', () => {
  it('refuses data that is missing, null, an array or text', () => {
    const refused = 'data of environment env-1 is not an object';
    expect(problemAfter((_raw, state) => state.data.delete('env-1'))).toBe(refused);
    expect(problemAfter((_raw, state) => state.data.set('env-1', null as never))).toBe(refused);
    expect(problemAfter((_raw, state) => state.data.set('env-1', [] as never))).toBe(refused);
    expect(problemAfter((_raw, state) => state.data.set('env-1', 'data' as never))).toBe(refused);
  });

  it.each([
    ['subscribers', 'map'],
    ['subscriberKeys', 'map'],
    ['subscriberOrder', 'array'],
    ['topics', 'map'],
    ['subscriptions', 'array'],
    ['subscriptionsBySubscriber', 'map'],
    ['integrations', 'array'],
    ['workflows', 'array'],
    ['messages', 'array'],
    ['tenants', 'map'],
    ['notifications', 'array'],
    ['notificationsById', 'map'],
    ['transactionIds', 'set'],
    ['digests', 'map'],
    ['digestLastEvent', 'map'],
  ])('refuses data whose %s is not a %s', (key, kind) => {
    expect(dataProblemWith(key, {})).toBe(`data of environment env-1.${key} is not a ${kind}`);
  });

  it('refuses a retention schedule that is not a whole count and a stuck flag, and takes one that is', () => {
    const refused = 'data of environment env-1.retentionPass is not { count, stuck }';
    expect(dataProblemWith('retentionPass', { count: 'x', stuck: false })).toBe(refused);
    expect(dataProblemWith('retentionPass', { count: -1, stuck: false })).toBe(refused);
    expect(dataProblemWith('retentionPass', { count: 1.5, stuck: false })).toBe(refused);
    expect(dataProblemWith('retentionPass', { count: 3 })).toBe(refused);
    expect(dataProblemWith('retentionPass', null)).toBe(refused);
    expect(dataProblemWith('retentionPass', { count: 3, stuck: true })).toBeUndefined();
  });

  it('refuses a throttle store without an admitted map', () => {
    const refused = 'data of environment env-1.throttle.admitted is not a map';
    expect(dataProblemWith('throttle', ABSENT)).toBe(refused);
    expect(dataProblemWith('throttle', [new Map()])).toBe(refused);
    expect(dataProblemWith('throttle', { admitted: {}, untilWindows: new Map() })).toBe(refused);
  });

  it('refuses a throttle store without an untilWindows map', () => {
    expect(dataProblemWith('throttle', { admitted: new Map(), untilWindows: [] })).toBe(
      'data of environment env-1.throttle.untilWindows is not a map',
    );
  });

  it.each([
    ['subscribers', 'map'],
    ['topics', 'map'],
    ['subscriptions', 'array'],
    ['integrations', 'array'],
    ['workflows', 'array'],
    ['messages', 'array'],
    ['tenants', 'map'],
    ['contexts', 'map'],
    ['channelConnections', 'map'],
    ['channelEndpoints', 'map'],
    ['translations', 'map'],
    ['notifications', 'array'],
  ])('refuses a %s item that is not a record with a text _id', (key, kind) => {
    const refused = `data of environment env-1.${key} holds an item that is not a record with an _id`;
    const holding = (item: unknown) =>
      dataProblemWith(key, kind === 'map' ? new Map([['item', item]]) : [item]);
    expect(holding({ _id: 5, jobs: [] })).toBe(refused);
    expect(holding({ jobs: [] })).toBe(refused);
    expect(holding(null)).toBe(refused);
    expect(holding(Object.assign([], { _id: 'x', jobs: [] }))).toBe(refused);
    expect(holding({ _id: 'x', jobs: [] })).toBeUndefined();
  });

  it('takes data saved before contexts were records, and gives it an empty contexts map', () => {
    const state = validState();
    delete (state.data.get('env-1') as unknown as Record<string, unknown>)['contexts'];
    expect(snapshotProblem(state, owner)).toBeUndefined();
    expect(withCurrentShape(state).data.get('env-1')?.contexts).toEqual(new Map());
    expect(dataProblemWith('contexts', [])).toBe('data of environment env-1.contexts is not a map');
  });

  it('takes data saved before channel connections and endpoints were records, and adds both maps', () => {
    const state = validState();
    const data = state.data.get('env-1') as unknown as Record<string, unknown>;
    delete data['channelConnections'];
    delete data['channelEndpoints'];
    expect(snapshotProblem(state, owner)).toBeUndefined();
    const current = withCurrentShape(state).data.get('env-1');
    expect(current?.channelConnections).toEqual(new Map());
    expect(current?.channelEndpoints).toEqual(new Map());
    expect(dataProblemWith('channelEndpoints', [])).toBe(
      'data of environment env-1.channelEndpoints is not a map',
    );
  });

  it('takes data saved before translations were records, and gives it an empty map', () => {
    const state = validState();
    delete (state.data.get('env-1') as unknown as Record<string, unknown>)['translations'];
    expect(snapshotProblem(state, owner)).toBeUndefined();
    expect(withCurrentShape(state).data.get('env-1')?.translations).toEqual(new Map());
    expect(dataProblemWith('translations', [])).toBe(
      'data of environment env-1.translations is not a map',
    );
  });

  it("takes a seeded message saved without a workflow, step or job id, and names its notification's id for each", () => {
    const state = validState();
    const data = state.data.get('env-1') as unknown as { messages: Record<string, unknown>[] };
    const saved = { _id: 'm1', _notificationId: 'n1', _templateId: null, _messageTemplateId: null };
    const sent = {
      _id: 'm2',
      _notificationId: 'n2',
      _templateId: 'w2',
      _messageTemplateId: 's2',
      _jobId: 'j2',
    };
    data.messages.push(saved, sent);
    expect(snapshotProblem(state, owner)).toBeUndefined();
    const current = withCurrentShape(state).data.get('env-1')?.messages;
    const ids = current?.map((message) => [
      message._templateId,
      message._messageTemplateId,
      message._jobId,
    ]);
    expect(ids).toEqual([
      ['n1', 'n1', 'n1'],
      ['w2', 's2', 'j2'],
    ]);
  });

  it('takes data saved before domains and agents were records, and gives it empty maps', () => {
    const state = validState();
    const data = state.data.get('env-1') as unknown as Record<string, unknown>;
    for (const key of ['domains', 'domainRoutes', 'domainDns', 'agents']) delete data[key];
    expect(snapshotProblem(state, owner)).toBeUndefined();
    const filled = withCurrentShape(state).data.get('env-1');
    expect(filled?.domains).toEqual(new Map());
    expect(filled?.domainDns).toEqual(new Map());
    expect(filled?.agents).toEqual(new Map());
    expect(dataProblemWith('domainDns', [])).toBe(
      'data of environment env-1.domainDns is not a map',
    );
    expect(dataProblemWith('domains', new Map([['a.dev', {}]]))).toBe(
      'data of environment env-1.domains holds an item that is not a record with an _id',
    );
  });

  it('takes data saved before preferences were kept, gives it an empty map, and refuses one that is not a map', () => {
    const state = validState();
    delete (state.data.get('env-1') as unknown as Record<string, unknown>)['preferences'];
    expect(snapshotProblem(state, owner)).toBeUndefined();
    expect(withCurrentShape(state).data.get('env-1')?.preferences).toEqual(new Map());
    expect(dataProblemWith('preferences', [])).toBe(
      'data of environment env-1.preferences is not a map',
    );
  });

  it('refuses a notification without its jobs array', () => {
    const refused = 'data of environment env-1.notifications: a notification has no jobs';
    expect(dataProblemWith('notifications', [{ _id: 'n-1' }])).toBe(refused);
    expect(dataProblemWith('notifications', [{ _id: 'n-1', jobs: {} }])).toBe(refused);
  });
});

describe('snapshotProblem: scheduled tasks', () => {
  const refused = 'a scheduled task is not a valid task of the snapshot';
  const withTask = (scheduled: unknown) =>
    problemAfter((_raw, state) => {
      state.scheduled = [scheduled as ScheduledTaskRecord];
    });

  it('accepts both kinds of task within the clock range', () => {
    expect(withTask(task())).toBeUndefined();
    expect(withTask(task({ kind: 'close-digest' }))).toBeUndefined();
    expect(withTask(task({ at: 0 }))).toBeUndefined();
    expect(withTask(task({ at: CLOCK_MAX_MS }))).toBeUndefined();
  });

  it('refuses a task that is not an object', () => {
    expect(withTask(null)).toBe(refused);
    expect(withTask('task')).toBe(refused);
  });

  it('refuses a task whose seq or at is not a number', () => {
    expect(withTask(task({ seq: '1' }))).toBe(refused);
    expect(withTask(task({ at: '2026-01-01T00:00:00.000Z' }))).toBe(refused);
  });

  it('refuses a task whose seq is not a whole number the task sequence counts (the order reads it)', () => {
    expect(withTask(task({ seq: 1.5 }))).toBe(refused);
    expect(withTask(task({ seq: -1 }))).toBe(refused);
    expect(withTask(task({ seq: Number.NaN }))).toBe(refused);
  });

  it('refuses a task time outside the clock range', () => {
    expect(withTask(task({ at: -1 }))).toBe(refused);
    expect(withTask(task({ at: CLOCK_MAX_MS + 1 }))).toBe(refused);
    expect(withTask(task({ at: Number.NaN }))).toBe(refused);
  });

  it('refuses a task of another kind', () => {
    expect(withTask(task({ kind: 'send-email' }))).toBe(refused);
    expect(withTask(task({ kind: undefined }))).toBe(refused);
  });

  it('refuses a task of an environment the snapshot does not hold', () => {
    expect(withTask(task({ environmentId: 'env-9' }))).toBe(refused);
  });

  it('refuses a task whose notificationId is not text or whose jobIndex is not whole', () => {
    expect(withTask(task({ notificationId: 1 }))).toBe(refused);
    expect(withTask(task({ jobIndex: 0.5 }))).toBe(refused);
    expect(withTask(task({ jobIndex: '0' }))).toBe(refused);
  });
});

// Made before layouts and environment variables were records: restored with none of them.
const raw = (value: object) => value as unknown as Record<string, unknown>;

describe('snapshotProblem: layouts and environment variables', () => {
  it('takes a state saved before them, and gives it empty maps', () => {
    const state = validState();
    delete raw(state)['environmentVariables'];
    delete raw(state.data.get('env-1') as object)['layouts'];
    expect(snapshotProblem(state, owner)).toBeUndefined();
    const current = withCurrentShape(state);
    expect(current.environmentVariables).toEqual(new Map());
    expect(current.data.get('env-1')?.layouts).toEqual(new Map());
  });

  it('refuses layouts that are not a map of records', () => {
    const state = validState();
    raw(state.data.get('env-1') as object)['layouts'] = [];
    expect(snapshotProblem(state, owner)).toBe('data of environment env-1.layouts is not a map');
    const holding = validState();
    raw(holding.data.get('env-1') as object)['layouts'] = new Map([['brand', { name: 'x' }]]);
    expect(snapshotProblem(holding, owner)).toBe(
      'data of environment env-1.layouts holds an item that is not a record with an _id',
    );
  });

  it('refuses environment variables that are not a map of variable records', () => {
    const state = validState();
    raw(state)['environmentVariables'] = [];
    expect(snapshotProblem(state, owner)).toBe('environmentVariables is not a map');
    const holding = validState();
    raw(holding)['environmentVariables'] = new Map([['v', { _id: 'v' }]]);
    expect(snapshotProblem(holding, owner)).toBe(
      'environmentVariables holds an item that is not a variable record',
    );
  });
});
