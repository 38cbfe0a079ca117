/**
 * The client: `Svc`, the standalone operation functions over `createSvcCore`, the errors and the
 * wire schemas and types.
 *
 * @module @svc/api
 */

export { Svc } from './client';
/* Promises and pages */
export type { WithResponse } from './core/api-promise';
export { APIPromise } from './core/api-promise';
export type { OperationArgs, OperationResult } from './core/call';
export type { SvcCore } from './core/core';
export { createSvcCore } from './core/core';
export type { APIErrorInit, ErrorBody } from './core/errors';
/* Errors */
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  isAPIConnectionError,
  isAPIConnectionTimeoutError,
  isAPIError,
  isAPIUserAbortError,
  isRateLimitError,
  isResponseValidationError,
  isSvcError,
  isSvcValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  SvcError,
  SvcValidationError,
  UnprocessableEntityError,
} from './core/errors';
export type {
  Logger,
  LogLevel,
  Region,
  RequestOptions,
  SvcOptions,
  ValidationMode,
} from './core/options';
/* Options */
export { REGION_BASE_URLS } from './core/options';
export type {
  CursorPageBody,
  CursorQuery,
  OffsetPageBody,
  OffsetQuery,
  PageNumberBody,
  PageNumberQuery,
  ToArrayOptions,
} from './core/pagination';
export {
  AbstractPage,
  CursorPage,
  OffsetPage,
  PageNumberPage,
  PagePromise,
} from './core/pagination';
export type { ValidationIssue } from './core/validation';
/* Standalone functions */
export * from './funcs/agents';
export * from './funcs/bridge';
export * from './funcs/channel-connections';
export * from './funcs/channel-endpoints';
export * from './funcs/contexts';
export * from './funcs/delivery-webhooks';
export * from './funcs/domains';
export * from './funcs/environment-variables';
export * from './funcs/environments';
export * from './funcs/events';
export * from './funcs/integrations';
export * from './funcs/layouts';
export * from './funcs/messages';
export * from './funcs/notifications';
export * from './funcs/subscriber-notifications';
export * from './funcs/subscriber-notifications-v1';
export * from './funcs/subscribers';
export * from './funcs/topics';
export * from './funcs/translations';
export * from './funcs/workflows';
/* Typed triggers (augment `Register`; docs/workflows-as-code.md) */
export type {
  BroadcastBodyFor,
  DynamicWorkflowName,
  EventsWith,
  Register,
  RegisteredBroadcastBody,
  RegisteredBulkTriggerBody,
  RegisteredTriggerBody,
  RegisteredWorkflows,
  TriggerBodyFor,
} from './register';
/* Resources */
export { AgentIntegrations } from './resources/agent-integrations';
export { Agents } from './resources/agents';
export { Bridge } from './resources/bridge';
export { ChannelConnections } from './resources/channel-connections';
export { ChannelEndpoints } from './resources/channel-endpoints';
export { Contexts } from './resources/contexts';
export { DeliveryWebhooks } from './resources/delivery-webhooks';
export { DomainAutoConfigure } from './resources/domain-auto-configure';
export { DomainRoutes } from './resources/domain-routes';
export { Domains } from './resources/domains';
export { EnvironmentVariables } from './resources/environment-variables';
export { Environments } from './resources/environments';
export { Events } from './resources/events';
export { Integrations } from './resources/integrations';
export { Layouts } from './resources/layouts';
export { Messages } from './resources/messages';
export { Notifications } from './resources/notifications';
export { SubscriberCredentials } from './resources/subscriber-credentials';
export { SubscriberMessages } from './resources/subscriber-messages';
export { SubscriberNotifications } from './resources/subscriber-notifications';
export { SubscriberPreferences } from './resources/subscriber-preferences';
export { SubscriberSubscriptions } from './resources/subscriber-subscriptions';
export { Subscribers } from './resources/subscribers';
export { TopicSubscribers } from './resources/topic-subscribers';
export { TopicSubscriptions } from './resources/topic-subscriptions';
export { Topics } from './resources/topics';
export { TranslationGroups } from './resources/translation-groups';
export { TranslationMaster } from './resources/translation-master';
export { Translations } from './resources/translations';
export { WorkflowSteps } from './resources/workflow-steps';
export { Workflows } from './resources/workflows';
/* Schemas (the wire contract, shared with the mock engine) */
export {
  Agent,
  AgentBehavior,
  AgentBridgeBody,
  AgentCreateBody,
  AgentIntegration,
  AgentIntegrationCreateBody,
  AgentIntegrationListQuery,
  AgentIntegrationListResponse,
  AgentIntegrationSummary,
  AgentIntegrationUpdateBody,
  AgentListQuery,
  AgentListResponse,
  AgentReplyBody,
  AgentReplyResult,
  AgentUpdateBody,
} from './schemas/agent';
export { BridgeSyncBody, BridgeSyncResponse } from './schemas/bridge';
export {
  ChannelAuth,
  ChannelConnection,
  ChannelConnectionCreateBody,
  ChannelConnectionListQuery,
  ChannelConnectionListResponse,
  ChannelConnectionUpdateBody,
  ChannelWorkspace,
} from './schemas/channel-connection';
export type { ChannelEndpointType } from './schemas/channel-endpoint';
export {
  CHANNEL_ENDPOINT_TYPES,
  ChannelEndpoint,
  ChannelEndpointCreateBody,
  ChannelEndpointListQuery,
  ChannelEndpointListResponse,
  ChannelEndpointUpdateBody,
} from './schemas/channel-endpoint';
export type { KnownFields, WireShape } from './schemas/common';
export { NoContent } from './schemas/common';
export {
  CONTEXT_PART_MAX_LENGTH,
  CONTEXT_PART_PATTERN,
  Context,
  ContextCreateBody,
  ContextListQuery,
  ContextUpdateBody,
} from './schemas/context';
export type { DeliveryEventStatus } from './schemas/delivery-webhook';
export {
  DELIVERY_EVENT_STATUSES,
  DeliveryEvent,
  DeliveryWebhookBody,
  DeliveryWebhookResult,
  DeliveryWebhookResults,
} from './schemas/delivery-webhook';
export {
  Domain,
  DomainAutoConfigureStart,
  DomainAutoConfigureStartBody,
  DomainAutoConfigureStatus,
  DomainCreateBody,
  DomainDiagnosis,
  DomainListQuery,
  DomainListResponse,
  DomainRoute,
  DomainRouteCreateBody,
  DomainRouteListQuery,
  DomainRouteListResponse,
  DomainRouteTestBody,
  DomainRouteTestResult,
  DomainRouteType,
  DomainRouteUpdateBody,
  DomainStatus,
  DomainUpdateBody,
  ExpectedDnsRecord,
} from './schemas/domain';
export {
  ApiKey,
  ChangeCounts,
  Environment,
  EnvironmentCreateBody,
  EnvironmentDeleted,
  EnvironmentDiff,
  EnvironmentDiffBody,
  EnvironmentPublishBody,
  EnvironmentPublishResult,
  EnvironmentTag,
  EnvironmentUpdateBody,
  PublishedItem,
  ResourceChange,
  ResourceInfo,
} from './schemas/environment';
export {
  ENVIRONMENT_VARIABLE_KEY_PATTERN,
  ENVIRONMENT_VARIABLE_MAX_LENGTH,
  EnvironmentVariable,
  EnvironmentVariableCreateBody,
  EnvironmentVariableList,
  EnvironmentVariableListQuery,
  EnvironmentVariableUpdateBody,
  EnvironmentVariableUsage,
  EnvironmentVariableValue,
  SECRET_MASK,
} from './schemas/environment-variable';
export type { TriggerStatus } from './schemas/event';
export { CancelResponse, TRIGGER_STATUSES, TriggerBody, TriggerResponse } from './schemas/event';
export {
  BroadcastBody,
  BULK_TRIGGER_LIMIT,
  BulkTriggerBody,
  BulkTriggerResponse,
  BulkTriggerResult,
} from './schemas/event-batch';
export type {
  ActionType,
  InboxAction,
  InboxRedirect,
  InboxSubscriber,
  InboxWorkflow,
} from './schemas/inbox-notification';
export {
  ACTION_TYPES,
  BulkNotificationsBody,
  ContextKeysQuery,
  InboxNotification,
  InboxNotificationCount,
  InboxNotificationCountQuery,
  InboxNotificationList,
  InboxNotificationListQuery,
  MarkSeenBody,
  SnoozeBody,
  UnseenCount,
  UnseenCountQuery,
} from './schemas/inbox-notification';
/* Wire types nested in the responses (type-only: no runtime bytes) */
export type { IntegrationConfigurations, IntegrationCredentials } from './schemas/integration';
export { ActiveIntegration, Integration, IntegrationCreateBody } from './schemas/integration';
export {
  AutoConfigureIntegrationResult,
  ChannelEndpointLink,
  ChatOAuthUrl,
  ChatOAuthUrlBody,
  ConfiguredChatWebhook,
  ConnectOAuthUrlBody,
  LinkChannelEndpointBody,
  LinkUserOAuthUrlBody,
  MobileLink,
  MobileLinkBody,
} from './schemas/integration-links';
export {
  LAYOUT_CONTENT_VARIABLE,
  LAYOUT_EDITOR_TYPES,
  LAYOUT_ORDER_BY,
  Layout,
  LayoutControls,
  LayoutControlValues,
  LayoutCreateBody,
  LayoutDuplicateBody,
  LayoutEmailControls,
  LayoutListQuery,
  LayoutListResponse,
  LayoutPreviewBody,
  LayoutPreviewEmail,
  LayoutPreviewPayload,
  LayoutPreviewResponse,
  LayoutPreviewResult,
  LayoutUpdateBody,
  LayoutUsage,
} from './schemas/layout';
export type {
  EmailBlock,
  MarkAsValue,
  MessageAction,
  MessageButton,
  MessageCTA,
  MessageWorkflow,
} from './schemas/message';
export { MARK_AS_VALUES, MarkAsBody, Message } from './schemas/message';
export {
  DeleteMessageResponse,
  DeleteMessagesByTransactionQuery,
  ListedMessage,
  MESSAGE_LIST_LIMIT,
  MessageListQuery,
  MessageListResponse,
  MessageSubscriber,
} from './schemas/message-list';
export type {
  ActivitySubscriber,
  ActivityTemplate,
  ActivityTopic,
  DigestMetadata,
  DigestMetadataTimed,
  ExecutionDetail,
  Job,
  JobStatus,
} from './schemas/notification';
export {
  ActivityNotification,
  JOB_STATUSES,
  JobStep,
  NotificationListQuery,
  NotificationListResponse,
} from './schemas/notification';
export {
  ContextListResponse,
  SubscriberSearchResponse,
  SubscriptionsListResponse,
  TopicListResponse,
} from './schemas/pagination';
export type {
  PreferenceChannels,
  PreferenceOverride,
  ScheduledDay,
  WeeklySchedule,
} from './schemas/preference';
export {
  PreferencesListQuery,
  PreferencesUpdateBody,
  SubscriberPreferences as SubscriberPreferencesResponse,
} from './schemas/preference';
export { BulkPreferencesUpdateResponse, WorkflowPreference } from './schemas/preference-bulk';
export type { FieldFilterPart, IntegrationCondition } from './schemas/step-filter';
export { StepFilter } from './schemas/step-filter';
export type { ChannelCredentials, ChannelSettings, SubscriberSummary } from './schemas/subscriber';
export {
  BULK_SUBSCRIBER_LIMIT,
  BulkCreateSubscribersBody,
  BulkCreateSubscribersResponse,
  CreateSubscriberBody,
  CreateSubscriberQuery,
  CredentialsUpdateBody,
  CredentialsUpsertBody,
  RemoveSubscriberResponse,
  Subscriber,
  SubscriberSearchQuery,
  SubscriberUpdateBody,
  SubscriptionsListQuery,
} from './schemas/subscriber';
export {
  FEED_LIMIT_MAX,
  FeedItem,
  FeedPage,
  FeedQuery,
  FeedSubscriber,
  FeedWorkflow,
  MarkAllBody,
  MarkedCount,
  MESSAGE_ACTION_STATUSES,
  MessageActionBody,
  OnlineStatusBody,
} from './schemas/subscriber-feed';
export type { TopicSubscriptionChange } from './schemas/topic';
export {
  DeleteTopicResponse,
  SubscriptionPreferenceCondition,
  SubscriptionPreferenceInput,
  Topic,
  TopicCreateBody,
  TopicListQuery,
  TopicSubscription,
  TopicSubscriptionPreference,
  TopicSubscriptionsCreateBody,
  TopicSubscriptionsDeleteBody,
  TopicSubscriptionsListQuery,
  TopicSubscriptionsResult,
  TopicUpdateBody,
} from './schemas/topic';
export {
  TopicSubscriber,
  TopicSubscriptionDetails,
  TopicSubscriptionUpdateBody,
} from './schemas/topic-subscription';
export {
  MasterJson,
  MasterJsonImportBody,
  MasterJsonImportResult,
  MasterJsonQuery,
  MasterJsonUploadBody,
  TRANSLATION_RESOURCE_TYPES,
  Translation,
  TranslationCreateBody,
  TranslationGroup,
  TranslationResourceType,
  TranslationsUploadBody,
  TranslationsUploadResult,
  UploadFile,
} from './schemas/translation';
export {
  SLUG_IDENTIFIER_PATTERN,
  UiSchemaProperty,
  UPSERT_STEP_TYPES,
  type UpsertStepType,
  WorkflowCreateBody,
  WorkflowListItem,
  WorkflowListQuery,
  WorkflowListResponse,
  WorkflowPatchBody,
  WorkflowPreferencesRequest,
  WorkflowResponse,
  WorkflowStepUpsert,
  WorkflowSyncBody,
  WorkflowSyncResponse,
  WorkflowUpdateBody,
} from './schemas/workflow';
export type { UserSummary } from './schemas/workflow-common';
export type {
  ActionControl,
  ControlTimeUnit,
  DelayControls,
  DigestControls,
  EmailControls,
  InAppControls,
  PushControls,
  RedirectControl,
  SkipControl,
  StepControlValues,
  TextControls,
  ThrottleControls,
  TypedStep,
} from './schemas/workflow-control-values';
export type { StepListItem } from './schemas/workflow-list';
export {
  PreviewError,
  PreviewPayload,
  StepPreviewBody,
  StepPreviewResponse,
  StepPreviewResult,
} from './schemas/workflow-preview';
export { WorkflowReference } from './schemas/workflow-reference';
export type { WorkflowStepResponse } from './schemas/workflow-response';
export type { ControlsMetadata, UiSchema } from './schemas/workflow-step-controls';
export type {
  StepContentIssue,
  StepIntegrationIssue,
  StepIssues,
} from './schemas/workflow-step-issues';
export type {
  DelayRegularMetadata,
  DelayScheduledMetadata,
  DigestRegularMetadata,
  DigestTimedConfig,
  DigestTimedMetadata,
  NotificationStep,
  NotificationStepVariant,
  NotificationTrigger,
  ReplyCallback,
  StepMetadata,
  TriggerVariable,
} from './schemas/workflow-step-metadata';
export { VERSION } from './version';
