/**
 * The reference engine and its fetch handler, for any runtime; needs no msw (the msw handlers
 * are in `@svc/api/mock/msw`).
 *
 * @module @svc/api/mock
 */

export type { AnyRoute, OperationName, Route } from '../src/routes/index';
export { ROUTES } from '../src/routes/index';
export { demoSeed } from './demo-seed';
export type {
  EngineOperations,
  EngineSnapshot,
  MockEngine,
  MockEngineOptions,
  RequestContext,
  ResetOptions,
  SettleOptions,
} from './engine/engine';
export { createMockEngine } from './engine/engine';
export type {
  EngineEvent,
  EngineEventListener,
  EngineEvents,
  TriggerExchange,
} from './engine/event-feed';
export { TRIGGER_HISTORY } from './engine/event-feed';
export type {
  EngineFaults,
  FaultInput,
  FaultMatch,
  FaultRespond,
  FaultView,
  ProviderChannel,
  ProviderFailureInput,
} from './engine/policy/faults';
export type {
  RateLimitCategory,
  RateLimitOptions,
  RateLimitPlan,
} from './engine/policy/rate-limit';
export type { IntegrationDto } from './engine/resources/integrations';
export type { MessageDto } from './engine/resources/messages';
export type { ActivityDto, ActivityPage } from './engine/resources/notifications';
export type { Outbox, OutboxFilter, OutboxMessage } from './engine/resources/outbox';
export type { SubscriberDto, SubscriberSearch } from './engine/resources/subscribers';
export type { SubscriptionSearch, TopicSubscriptionDto } from './engine/resources/topics';
export type {
  WorkflowListItemDto,
  WorkflowResponseDto,
  WorkflowSearch,
} from './engine/resources/workflows';
export type { TriggerResultDto } from './engine/run/trigger';
export type { SeedData } from './engine/seed';
export type { EngineClock } from './engine/store/clock';
export { createClock, DEFAULT_CLOCK_START } from './engine/store/clock';
export type { PendingTask, SchedulingClock, TaskHandle } from './engine/store/scheduler';
export type {
  EnvironmentData,
  EnvironmentRecord,
  OrganizationRecord,
  SubscriberRecord,
} from './engine/store/state';
export type { CursorPage } from './engine/wire/cursor-page';
export type { NotificationSearch } from './engine/wire/notification-query';
export { ServiceError } from './engine/wire/service-error';
export type { FetchHandler, FetchHandlerOptions } from './fetch/fetch-handler';
export { createFetchHandler } from './fetch/fetch-handler';
export type { PipelineOptions } from './pipeline/pipeline';
