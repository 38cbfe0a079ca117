/**
 * The reference engine and its fetch handler, for any runtime; needs no msw (the msw handlers
 * are in `@svc/api/mock/msw`). It exports what an app's tests call and the types those calls
 * take and return; the engine's modules, limits and state records stay inside the package.
 *
 * @module @svc/api/mock
 */

export type { OperationName } from '../src/routes/index';
export { demoSeed } from './demo-seed';
export type { BridgeOptions } from './engine/bridge/bridge-options';
export type { DeliveryReportInput } from './engine/delivery-reports';
export type {
  EngineOperations,
  EngineScope,
  EngineSnapshot,
  EnvironmentScope,
  MockEngine,
  MockEngineOptions,
  OperationRequest,
  OperationResponse,
  ResetOptions,
  SettleOptions,
} from './engine/engine';
export { createMockEngine } from './engine/engine';
export type {
  BridgeCallExchange,
  EngineEvent,
  EngineEventListener,
  EngineEvents,
  TriggerExchange,
} from './engine/event-feed';
export type { InboxChange, InboxChangeListener } from './engine/inbox/inbox-changes';
export type { EngineInbox } from './engine/inbox/inbox-hub';
export type {
  InboxAction,
  InboxNotification,
  InboxRedirect,
  InboxSeverity,
  InboxSocketMessage,
  InboxSubscriber,
  InboxWorkflow,
  UnreadCount,
} from './engine/inbox/notification-shapes';
export type { InboxSession } from './engine/inbox/sessions';
export type { OperationCall } from './engine/operations/operation';
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
export type { Outbox, OutboxFilter, OutboxMessage, OutboxPage } from './engine/resources/outbox';
export type { DeliveryWebhookResultDto } from './engine/run/delivery-webhooks';
export type { SeedData, WorkflowSeedInput, WorkflowStepSeedInput } from './engine/seed';
export { WorkflowSeed, WorkflowStepSeed } from './engine/seed';
export type { EngineClock } from './engine/store/clock';
export type { RetentionOptions } from './engine/store/retention';
export type { PendingTask, SchedulingClock, TaskHandle } from './engine/store/scheduler';
export type { EnvironmentRecord, OrganizationRecord } from './engine/store/state';
export { ServiceError } from './engine/wire/service-error';
export type { FetchHandler, FetchHandlerOptions } from './fetch/fetch-handler';
export { createFetchHandler } from './fetch/fetch-handler';
export type { MistakeHints } from './pipeline/mistake-hints';
export type { PipelineOptions } from './pipeline/pipeline';
