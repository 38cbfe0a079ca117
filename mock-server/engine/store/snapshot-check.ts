/**
 * The check `engine.restore()` runs before it replaces anything: a snapshot must have the
 * engine state's shape (every collection of the right kind, every record an object with its
 * ids), refer only to what it holds, and hold the engine's own first organization. A value that
 * fails is refused and the engine keeps its state (docs/security.md).
 *
 * @module
 */

import { isClockTime } from './clock';
import type { EngineState } from './state';

/** A message as an earlier version saved it. */
interface SavedMessage {
  _notificationId: string;
  _templateId: string | null;
  _messageTemplateId: string | null;
  _jobId?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

/** The collections of one environment's data and the kind each must be. */
const DATA_SHAPE: Record<string, 'map' | 'array' | 'set'> = {
  subscribers: 'map',
  subscriberKeys: 'map',
  subscriberOrder: 'array',
  topics: 'map',
  subscriptions: 'array',
  subscriptionsBySubscriber: 'map',
  integrations: 'array',
  workflows: 'array',
  messages: 'array',
  tenants: 'map',
  notifications: 'array',
  notificationsById: 'map',
  transactionIds: 'set',
  digests: 'map',
  digestLastEvent: 'map',
};

/** Collections whose items are records with a string `_id`. */
const RECORDS_WITH_ID = [
  'subscribers',
  'topics',
  'subscriptions',
  'integrations',
  'workflows',
  'messages',
  'tenants',
  'contexts',
  'layouts',
  'translations',
  'channelConnections',
  'channelEndpoints',
  'notifications',
  'domains',
  'domainRoutes',
  'agents',
  'agentIntegrations',
  'agentActivity',
];

/** Maps of the environment data added after snapshots were first kept (empty when absent). */
const LATER_MAPS = [
  'preferences',
  'domains',
  'domainRoutes',
  'domainDns',
  'agents',
  'agentIntegrations',
  'agentActivity',
] as const;

const isKind = (value: unknown, kind: 'map' | 'array' | 'set'): boolean =>
  kind === 'map'
    ? value instanceof Map
    : kind === 'set'
      ? value instanceof Set
      : Array.isArray(value);

/**
 * What is wrong with one environment's data (`where` names it in the answer), or `undefined`:
 * every collection of the right kind (the later ones may be absent, {@link withCurrentShape}
 * adds them), every record an object with its `_id`.
 *
 * @example
 * ```ts
 * environmentDataProblem(createEnvironmentData(), 'data'); // undefined
 * environmentDataProblem({}, 'data'); // 'data.subscribers is not a map'
 * ```
 */
export function environmentDataProblem(data: unknown, where: string): string | undefined {
  if (!isObject(data)) return `${where} is not an object`;
  for (const [key, kind] of Object.entries(DATA_SHAPE)) {
    if (!isKind(data[key], kind)) return `${where}.${key} is not a ${kind}`;
  }
  const pass = data['retentionPass'];
  if (
    pass !== undefined &&
    (!isObject(pass) ||
      typeof pass['count'] !== 'number' ||
      !Number.isInteger(pass['count']) ||
      pass['count'] < 0 ||
      typeof pass['stuck'] !== 'boolean')
  ) {
    return `${where}.retentionPass is not { count, stuck }`;
  }
  const throttle = data['throttle'];
  if (!isObject(throttle) || !(throttle['admitted'] instanceof Map)) {
    return `${where}.throttle.admitted is not a map`;
  }
  if (!(throttle['untilWindows'] instanceof Map))
    return `${where}.throttle.untilWindows is not a map`;
  // Saved before contexts were records: withCurrentShape gives it an empty map.
  if (data['contexts'] !== undefined && !(data['contexts'] instanceof Map)) {
    return `${where}.contexts is not a map`;
  }
  if (data['layouts'] !== undefined && !(data['layouts'] instanceof Map)) {
    return `${where}.layouts is not a map`;
  }
  // Saved before translations were records: withCurrentShape gives it an empty map.
  if (data['translations'] !== undefined && !(data['translations'] instanceof Map)) {
    return `${where}.translations is not a map`;
  }
  // Saved before channel connections and endpoints were records: withCurrentShape adds them.
  for (const key of ['channelConnections', 'channelEndpoints']) {
    if (data[key] !== undefined && !(data[key] instanceof Map))
      return `${where}.${key} is not a map`;
  }
  // Saved before domains were records: withCurrentShape gives them empty maps.
  for (const key of LATER_MAPS) {
    if (data[key] !== undefined && !(data[key] instanceof Map))
      return `${where}.${key} is not a map`;
  }
  for (const key of RECORDS_WITH_ID) {
    const collection = data[key] as Map<unknown, unknown> | unknown[] | undefined;
    if (collection === undefined) continue;
    for (const record of collection.values()) {
      if (!isObject(record) || !isString(record['_id'])) {
        return `${where}.${key} holds an item that is not a record with an _id`;
      }
    }
  }
  for (const notification of data['notifications'] as Record<string, unknown>[]) {
    if (!Array.isArray(notification['jobs']))
      return `${where}.notifications: a notification has no jobs`;
  }
  return undefined;
}

/**
 * Copies a snapshot's state, or `undefined` when it is not a snapshot or cannot be copied.
 *
 * @example
 * ```ts
 * const state = copySnapshotState(engine.snapshot());
 * ```
 */
export function copySnapshotState(snapshot: unknown): EngineState | undefined {
  if (!isObject(snapshot) || !isObject(snapshot['state'])) return undefined;
  try {
    return structuredClone(snapshot['state']) as unknown as EngineState;
  } catch {
    return undefined;
  }
}

/**
 * What is wrong with a snapshot's state, or `undefined` when the engine can take it.
 * `owner` names the engine's first organization and its environments, which every snapshot of
 * the engine holds.
 *
 * @example
 * ```ts
 * snapshotProblem(copySnapshotState(snapshot), { organizationId, environmentIds }); // undefined
 * snapshotProblem(copySnapshotState({ state: {} }), owner); // 'organizations is not a map'
 * ```
 */
export function snapshotProblem(
  state: EngineState | undefined,
  owner: { organizationId: string; environmentIds: readonly string[] },
): string | undefined {
  if (state === undefined) return 'it is not a value engine.snapshot() returned';
  const raw = state as unknown as Record<string, unknown>;
  for (const key of [
    'organizations',
    'environments',
    'apiKeys',
    'data',
    'idempotency',
    'rateBuckets',
  ]) {
    if (!(raw[key] instanceof Map)) return `${key} is not a map`;
  }
  for (const key of ['scheduled', 'outbox']) {
    if (!Array.isArray(raw[key])) return `${key} is not an array`;
  }
  if (typeof raw['taskSequence'] !== 'number' || !Number.isInteger(raw['taskSequence'])) {
    return 'taskSequence is not a whole number';
  }
  if (!state.organizations.has(owner.organizationId)) {
    return "it does not hold this engine's organization (a snapshot of another engine?)";
  }
  for (const id of owner.environmentIds) {
    if (!state.environments.has(id)) return `it does not hold this engine's environment ${id}`;
  }
  for (const [id, environment] of state.environments) {
    if (!isObject(environment) || environment._id !== id || !isString(environment.apiKey)) {
      return `environment ${String(id)} is not an environment record`;
    }
    if (!state.organizations.has(environment._organizationId)) {
      return `environment ${id} belongs to no organization of the snapshot`;
    }
    const problem = environmentDataProblem(state.data.get(id), `data of environment ${id}`);
    if (problem !== undefined) return problem;
  }
  for (const [key, environmentId] of state.apiKeys) {
    if (!isString(key) || !state.environments.has(environmentId)) {
      return 'an API key points to no environment of the snapshot';
    }
  }
  const known = (id: unknown) => state.environments.has(id as string);
  for (const task of state.scheduled as unknown[]) {
    if (!isScheduledTask(task, known))
      return 'a scheduled task is not a valid task of the snapshot';
  }
  // Absent in snapshots and data directories made before fan-outs went on in chunks: none pending.
  if (raw['fanOuts'] !== undefined) {
    if (!Array.isArray(raw['fanOuts'])) return 'fanOuts is not an array';
    for (const fanOut of raw['fanOuts'] as unknown[]) {
      if (!isFanOut(fanOut, known))
        return 'a pending fan-out is not a valid fan-out of the snapshot';
    }
  }
  // Absent in snapshots made before environment variables were records: none.
  const variables = raw['environmentVariables'];
  if (variables !== undefined) {
    if (!(variables instanceof Map)) return 'environmentVariables is not a map';
    for (const variable of variables.values()) {
      if (!isObject(variable) || !isString(variable['_id']) || !Array.isArray(variable['values'])) {
        return 'environmentVariables holds an item that is not a variable record';
      }
    }
  }
  if (raw['bridgeCalls'] !== undefined) {
    if (!Array.isArray(raw['bridgeCalls'])) return 'bridgeCalls is not an array';
    for (const call of raw['bridgeCalls'] as unknown[]) {
      if (!isBridgeCall(call, known)) {
        return 'a pending bridge call is not a valid call of the snapshot';
      }
    }
  }
  return undefined;
}

/** A sequence number of `taskSequence`: a whole number the engine counts on. */
const isSequence = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Whether `value` is a pending scheduled task: its `(at, seq)` order, its kind, and what running
 * it reads; `known` says whether an environment id names one the state holds.
 *
 * @example
 * ```ts
 * isScheduledTask(task, (id) => state.environments.has(id as string));
 * ```
 */
export function isScheduledTask(
  value: unknown,
  known: (environmentId: unknown) => boolean,
): boolean {
  return (
    isObject(value) &&
    isSequence(value['seq']) &&
    typeof value['at'] === 'number' &&
    isClockTime(value['at']) &&
    (value['kind'] === 'resume-delay' ||
      value['kind'] === 'close-digest' ||
      value['kind'] === 'end-snooze') &&
    known(value['environmentId']) &&
    isString(value['notificationId']) &&
    Number.isInteger(value['jobIndex'])
  );
}

/**
 * Whether `value` is a step's pending bridge call (`known` as for {@link isScheduledTask}).
 *
 * @example
 * ```ts
 * isBridgeCall(call, (id) => state.environments.has(id as string));
 * ```
 */
export function isBridgeCall(value: unknown, known: (environmentId: unknown) => boolean): boolean {
  return (
    isObject(value) &&
    isSequence(value['seq']) &&
    known(value['environmentId']) &&
    isString(value['notificationId']) &&
    Number.isInteger(value['jobIndex']) &&
    typeof value['at'] === 'number' &&
    Number.isFinite(value['at'])
  );
}

/**
 * Whether `value` is a pending fan-out (`known` as for {@link isScheduledTask}).
 *
 * @example
 * ```ts
 * isFanOut(fanOut, (id) => state.environments.has(id as string));
 * ```
 */
export function isFanOut(value: unknown, known: (environmentId: unknown) => boolean): boolean {
  if (!isObject(value)) return false;
  const { recipients, next } = value;
  return (
    isSequence(value['seq']) &&
    known(value['environmentId']) &&
    isString(value['workflowId']) &&
    isString(value['transactionId']) &&
    isObject(value['payload']) &&
    isObject(value['overrides']) &&
    Array.isArray(value['contextKeys']) &&
    Array.isArray(recipients) &&
    Number.isInteger(next) &&
    (next as number) >= 0 &&
    (next as number) <= recipients.length &&
    recipients.every(
      (recipient) =>
        isObject(recipient) &&
        isString(recipient['subscriberId']) &&
        isObject(recipient['to']) &&
        Array.isArray(recipient['topics']) &&
        Array.isArray(recipient['subscriptions']),
    )
  );
}

/**
 * Fills what a state saved by an earlier version lacks (no pending fan-outs, no contexts), after
 * {@link snapshotProblem} found nothing wrong with it.
 *
 * @example
 * ```ts
 * const state = withCurrentShape(copySnapshotState(snapshot) as EngineState);
 * ```
 */
export function withCurrentShape(state: EngineState): EngineState {
  if (!Array.isArray(state.fanOuts)) state.fanOuts = [];
  if (!Array.isArray(state.bridgeCalls)) state.bridgeCalls = [];
  state.environmentVariables ??= new Map();
  for (const data of state.data.values()) {
    data.contexts ??= new Map();
    data.layouts ??= new Map();
    data.translations ??= new Map();
    data.channelConnections ??= new Map();
    data.channelEndpoints ??= new Map();
    const fields = data as unknown as Record<string, unknown>;
    for (const key of LATER_MAPS) fields[key] ??= new Map();
    // Saved when a seeded message named no workflow, step or job: its notification's id (drawn
    // for it, naming none the engine keeps) names none.
    for (const message of data.messages as SavedMessage[]) {
      message._templateId ??= message._notificationId;
      message._messageTemplateId ??= message._notificationId;
      message._jobId ??= message._notificationId;
    }
  }
  return state;
}
