// The mock entry (`@svc/api/mock`): the engine and the MSW handlers over it.

export { demoSeed } from './demo-seed';
export type { EngineClock } from './engine/clock';
export { createClock, DEFAULT_CLOCK_START } from './engine/clock';
export type { CursorPage } from './engine/cursor-page';
export type {
  EngineOperations,
  EngineSnapshot,
  MockEngine,
  MockEngineOptions,
  RequestContext,
  SettleOptions,
} from './engine/engine';
export { createMockEngine } from './engine/engine';
export type {
  EngineFaults,
  FaultInput,
  FaultMatch,
  FaultRespond,
  FaultView,
  OperationName,
  ProviderChannel,
  ProviderFailureInput,
} from './engine/faults';
export type { IntegrationDto } from './engine/integrations';
export type { MessageDto } from './engine/messages';
export type { NotificationSearch } from './engine/notification-query';
export type { ActivityDto, ActivityPage } from './engine/notifications';
export type { Outbox, OutboxFilter, OutboxMessage } from './engine/outbox';
export type { RateLimitCategory, RateLimitOptions, RateLimitPlan } from './engine/rate-limit';
export type { PendingTask, SchedulingClock, TaskHandle } from './engine/runtime/scheduler';
export type { SeedData } from './engine/seed';
export { ServiceError } from './engine/service-error';
export type {
  EnvironmentData,
  EnvironmentRecord,
  OrganizationRecord,
  SubscriberRecord,
} from './engine/state';
export type { SubscriberDto, SubscriberSearch } from './engine/subscribers';
export type { SubscriptionSearch, TopicSubscriptionDto } from './engine/topics';
export type { TriggerResultDto } from './engine/trigger';
export type {
  WorkflowListItemDto,
  WorkflowResponseDto,
  WorkflowSearch,
} from './engine/workflows';
export type { HandlerOptions } from './handlers/index';
export { createHandlers } from './handlers/index';
