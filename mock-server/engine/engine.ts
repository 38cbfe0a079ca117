import { authenticate } from './auth';
import { createClock, type EngineClock } from './clock';
import { createIdGenerator, createRandom, type IdGenerator } from './ids';
import { parseSeed, type SeedData, seedSubscribers } from './seed';
import { ServiceError } from './service-error';
import {
  createEnvironmentData,
  createState,
  type EngineState,
  type EnvironmentData,
  type EnvironmentRecord,
  type OrganizationRecord,
} from './state';
import { retrieveSubscriber, type SubscriberDto } from './subscribers';

/**
 * Options of {@link createMockEngine}.
 *
 * @example
 * ```ts
 * const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * ```
 */
export interface MockEngineOptions {
  /** Data seeded into the Development environment (or the one it names) at creation. */
  seed?: SeedData;
  /** Seed of the id and key generator: the same number gives the same ids and keys. Default 1. */
  randomSeed?: number;
  /** Where the virtual clock starts: a date, or `'real'` for the wall clock at creation. */
  clockStart?: Date | string | number | 'real';
}

/** A snapshot of the whole engine, for {@link MockEngine.restore}. */
export interface EngineSnapshot {
  /** @internal */
  readonly state: EngineState;
}

/** The authenticated caller of one request. */
export interface RequestContext {
  environment: EnvironmentRecord;
  data: EnvironmentData;
}

/**
 * The in-memory reference engine: the service's state and rules, without HTTP.
 *
 * @example
 * ```ts
 * const engine = createMockEngine();
 * const dev = engine.environment('Development');
 * engine.seed({ subscribers: [{ subscriberId: 'user-1' }] });
 * ```
 */
export interface MockEngine {
  /** The engine's virtual clock. */
  readonly clock: EngineClock;
  /** The first organization. */
  readonly organization: OrganizationRecord;
  /** The first organization's environments: Development, then Production. */
  readonly environments: readonly EnvironmentRecord[];
  /** An environment of any organization, by name (first organization) or `_id`. */
  environment(nameOrId: string): EnvironmentRecord;
  /** Creates another organization with its own Development and Production environments. */
  createOrganization(input: { name: string }): {
    organization: OrganizationRecord;
    environments: EnvironmentRecord[];
  };
  /** Adds data to an environment (Development unless `environment` names another). */
  seed(data: SeedData): void;
  /** Goes back to the state right after creation (including the `seed` option). */
  reset(): void;
  /** Copies the whole state. */
  snapshot(): EngineSnapshot;
  /** Puts a snapshot's state back. */
  restore(snapshot: EngineSnapshot): void;
  /** @internal Resolves the `Authorization` header of a request. */
  authenticate(authorization: string | null): RequestContext;
  /** Operations, one per endpoint; each takes the caller's context. */
  readonly operations: {
    retrieveSubscriber(context: RequestContext, subscriberId: string): SubscriberDto;
  };
}

/**
 * Creates an engine with one organization and its Development and Production environments.
 *
 * @example
 * ```ts
 * import { createMockEngine, createHandlers } from '@svc/api/mock';
 * const engine = createMockEngine({ seed: { subscribers: [{ subscriberId: 'user-1' }] } });
 * const handlers = createHandlers(engine);
 * ```
 */
export function createMockEngine(options: MockEngineOptions = {}): MockEngine {
  const clock = createClock(options.clockStart === 'real' ? Date.now() : options.clockStart);
  const randomSeed = options.randomSeed ?? 1;
  const ids: IdGenerator = createIdGenerator(randomSeed, clock.now);
  const keyRandom = createRandom(randomSeed ^ 0x5eed);
  let state: EngineState = createState();

  const apiKey = () =>
    Array.from({ length: 32 }, () => Math.floor(keyRandom() * 16).toString(16)).join('');

  function addOrganization(name: string) {
    const organization: OrganizationRecord = { _id: ids.objectId(), name, createdAt: clock.iso() };
    state.organizations.set(organization._id, organization);
    const environments = ['Development', 'Production'].map((envName) => {
      const environment: EnvironmentRecord = {
        _id: ids.objectId(),
        _organizationId: organization._id,
        name: envName,
        identifier: ids.shortId(12),
        apiKey: apiKey(),
        createdAt: clock.iso(),
      };
      state.environments.set(environment._id, environment);
      state.apiKeys.set(environment.apiKey, environment._id);
      state.data.set(environment._id, createEnvironmentData());
      return environment;
    });
    return { organization, environments };
  }

  const first = addOrganization('Acme');

  function findEnvironment(nameOrId: string): EnvironmentRecord {
    const byId = state.environments.get(nameOrId);
    if (byId) return byId;
    const byName = first.environments.find((env) => env.name === nameOrId);
    if (byName) return byName;
    throw new ServiceError(404, `Environment ${nameOrId} not found`, {
      ctx: { error: 'Not Found', statusCode: 404 },
    });
  }

  function dataOf(environment: EnvironmentRecord): EnvironmentData {
    const data = state.data.get(environment._id);
    if (!data) throw new Error(`No data for environment ${environment._id}`);
    return data;
  }

  function seed(input: SeedData) {
    const parsed = parseSeed(input);
    const environment = findEnvironment(parsed.environment ?? 'Development');
    seedSubscribers(dataOf(environment), environment, parsed.subscribers ?? [], ids, clock.iso());
  }

  if (options.seed) seed(options.seed);
  const baseline = structuredClone(state);

  return {
    clock,
    organization: first.organization,
    environments: first.environments,
    environment: findEnvironment,
    createOrganization: ({ name }) => addOrganization(name),
    seed,
    reset() {
      state = structuredClone(baseline);
    },
    snapshot: () => ({ state: structuredClone(state) }),
    restore(snapshot) {
      state = structuredClone(snapshot.state);
    },
    authenticate(authorization) {
      const environment = authenticate(state, authorization);
      return { environment, data: dataOf(environment) };
    },
    operations: {
      retrieveSubscriber: (context, subscriberId) => retrieveSubscriber(context.data, subscriberId),
    },
  };
}
