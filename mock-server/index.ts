/**
 * The reference engine and its fetch handler, for any runtime; needs no msw (the msw handlers
 * are in `@svc/api/mock/msw`).
 *
 * @module @svc/api/mock
 */

export type { AnyRoute, HttpMethod, OperationName, PathParams, Route } from '../src/routes/index';
export { ROUTES } from '../src/routes/index';
export { demoSeed } from './demo-seed';
export type { BridgeOptions } from './engine/bridge/bridge-options';
export type { DeliveryReportInput } from './engine/delivery-reports';
export { MAX_REPORT_RESPONSE_LENGTH } from './engine/delivery-reports';
export type {
  EngineOperations,
  EngineScope,
  EngineSnapshot,
  EnvironmentScope,
  MockEngine,
  MockEngineOptions,
  OperationRequest,
  OperationResponse,
  RequestContext,
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
export { BRIDGE_CALL_HISTORY, TRIGGER_HISTORY } from './engine/event-feed';
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
export type { OperationDefinitions } from './engine/operations/index';
export type {
  AnswerShape,
  Authentication,
  OperationCall,
  OperationDefinition,
  OperationInput,
  OperationRoute,
  QueryOf,
} from './engine/operations/operation';
export { StatusAnswer } from './engine/operations/operation';
export { SKIP_RULE_BUDGET } from './engine/policy/conditions';
export { FORBIDDEN_FAULT_HEADERS } from './engine/policy/fault-spec';
export type {
  EngineFaults,
  FaultInput,
  FaultMatch,
  FaultRespond,
  FaultView,
  ProviderChannel,
  ProviderFailureInput,
} from './engine/policy/faults';
export { MAX_FAULTS } from './engine/policy/faults';
export { MAX_IDEMPOTENCY_ENTRIES } from './engine/policy/idempotency';
export { PAYLOAD_SCHEMA_LIMITS } from './engine/policy/payload';
export type {
  RateLimitCategory,
  RateLimitOptions,
  RateLimitPlan,
} from './engine/policy/rate-limit';
export type { ChannelConnectionDto } from './engine/resources/channel-connections';
export type { ChannelEndpointDto } from './engine/resources/channel-endpoints';
export type { ChannelSearch } from './engine/resources/channel-listing';
export { MAX_CHANNEL_RECORDS } from './engine/resources/channel-listing';
export type { IntegrationDto } from './engine/resources/integrations';
export type { ListedMessageDto, MessagePage } from './engine/resources/message-list';
export type { MessageDto } from './engine/resources/messages';
export type { ActivityDto, ActivityPage } from './engine/resources/notifications';
export type { Outbox, OutboxFilter, OutboxMessage, OutboxPage } from './engine/resources/outbox';
export { MAX_OUTBOX_PAGE } from './engine/resources/outbox';
export type {
  Criticality,
  EffectivePreference,
  PreferenceLevel,
  SubscriberPreferencesDto,
} from './engine/resources/preferences';
export type { BulkCreateResult } from './engine/resources/subscriber-lifecycle';
export type { SubscriberDto, SubscriberSearch } from './engine/resources/subscribers';
export type { SubscriptionPreferenceDto } from './engine/resources/subscription-preferences';
export type { TopicDto, TopicSearch } from './engine/resources/topic-management';
export type {
  SubscriptionChangeDto,
  SubscriptionErrorDto,
  SubscriptionsResultDto,
  TopicSubscriptionSearch,
} from './engine/resources/topic-subscriptions';
export type { SubscriptionSearch, TopicSubscriptionDto } from './engine/resources/topics';
export type {
  WorkflowListItemDto,
  WorkflowResponseDto,
  WorkflowSearch,
} from './engine/resources/workflows';
export type { BulkEventErrorDto } from './engine/run/bulk-trigger';
export type { DeliveryWebhookResultDto } from './engine/run/delivery-webhooks';
export { FAN_OUT_SLICE } from './engine/run/fan-out';
export { TEMPLATE_BUDGET } from './engine/run/templates';
export type { TriggerResultDto } from './engine/run/trigger';
export { MAX_RECIPIENTS } from './engine/run/trigger';
export { OPERATION_BUDGET } from './engine/run/work-budget';
export type { SeedData, WorkflowSeedInput, WorkflowStepSeedInput } from './engine/seed';
export { WorkflowSeed, WorkflowStepSeed } from './engine/seed';
export type { EngineClock } from './engine/store/clock';
export {
  CLOCK_MAX_MS,
  CLOCK_MIN_MS,
  CLOCK_RANGE,
  DEFAULT_CLOCK_START,
  formatClockTime,
} from './engine/store/clock';
export {
  DEFAULT_RETENTION,
  type RetentionOptions,
  UNREAD_CEILING_FACTOR,
} from './engine/store/retention';
export type { PendingTask, SchedulingClock, TaskHandle } from './engine/store/scheduler';
export type {
  EnvironmentData,
  EnvironmentRecord,
  LayoutRecord,
  OrganizationRecord,
  PreferenceChannelsRecord,
  PreferenceScheduleRecord,
  SubscriberPreferenceRecord,
  SubscriberRecord,
} from './engine/store/state';
export type { CursorPage } from './engine/wire/cursor-page';
export {
  checkJsonDepth,
  checkJsonTextDepth,
  jsonDepth,
  jsonTextDepth,
  MAX_JSON_DEPTH,
} from './engine/wire/json-depth';
export type { MessageSearch } from './engine/wire/message-query';
export type { NotificationSearch } from './engine/wire/notification-query';
export { ServiceError } from './engine/wire/service-error';
export type { FetchHandler, FetchHandlerOptions } from './fetch/fetch-handler';
export { createFetchHandler } from './fetch/fetch-handler';
export type { MistakeHints } from './pipeline/mistake-hints';
export type { PipelineOptions } from './pipeline/pipeline';
