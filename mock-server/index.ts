// The mock entry (`@svc/api/mock`): the engine and the MSW handlers over it.

export { demoSeed } from './demo-seed';
export type { EngineClock } from './engine/clock';
export { createClock, DEFAULT_CLOCK_START } from './engine/clock';
export type {
  EngineSnapshot,
  MockEngine,
  MockEngineOptions,
  RequestContext,
} from './engine/engine';
export { createMockEngine } from './engine/engine';
export type { SeedData } from './engine/seed';
export { ServiceError } from './engine/service-error';
export type { EnvironmentRecord, OrganizationRecord } from './engine/state';
export type { HandlerOptions } from './handlers/index';
export { createHandlers } from './handlers/index';
