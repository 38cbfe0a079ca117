/**
 * Shared zod (mini) schemas of the service: response schemas are tolerant (loose objects, open
 * enums), request schemas are closed.
 *
 * @module
 */

export type {
  ChannelType,
  KnownFields,
  StepType,
  WireShape,
} from './common';
export {
  CHANNEL_TYPES,
  JsonObject,
  NoContent,
  ObjectIdPattern,
  openEnum,
  STEP_TYPES,
  Timestamp,
} from './common';
export type { TriggerStatus } from './event';
export {
  CancelResponse,
  TRIGGER_STATUSES,
  TriggerBody,
  TriggerRecipient,
  TriggerResponse,
  TriggerSubscriberDefinition,
  TriggerTenant,
  TriggerTopicRecipient,
} from './event';
export {
  BroadcastBody,
  BULK_TRIGGER_LIMIT,
  BulkTriggerBody,
  BulkTriggerResponse,
  BulkTriggerResult,
} from './event-batch';
export type { ActionType } from './inbox-notification';
export {
  ACTION_TYPES,
  BulkNotificationsBody,
  ContextKeysQuery,
  InboxAction,
  InboxNotification,
  InboxNotificationCount,
  InboxNotificationCountQuery,
  InboxNotificationCounts,
  InboxNotificationList,
  InboxNotificationListQuery,
  InboxRedirect,
  InboxSubscriber,
  InboxWorkflow,
  MarkSeenBody,
  SnoozeBody,
  UnseenCount,
  UnseenCountQuery,
} from './inbox-notification';
export type { ProviderId } from './integration';
export {
  Integration,
  IntegrationConfigurations,
  IntegrationCreateBody,
  IntegrationCredentials,
  IntegrationList,
  PROVIDER_IDS,
} from './integration';
export type {
  MarkAsValue,
  MessageStatus,
} from './message';
export {
  EmailBlock,
  MARK_AS_VALUES,
  MarkAsBody,
  MESSAGE_STATUSES,
  Message,
  MessageAction,
  MessageButton,
  MessageCTA,
  MessageWorkflow,
} from './message';
export {
  DeleteMessageResponse,
  DeleteMessagesByTransactionQuery,
  ListedMessage,
  MESSAGE_LIST_LIMIT,
  MessageListQuery,
  MessageListResponse,
  MessageSubscriber,
} from './message-list';
export type {
  ExecutionDetailSource,
  ExecutionDetailStatus,
  JobStatus,
} from './notification';
export {
  ActivityNotification,
  ActivitySubscriber,
  ActivityTemplate,
  ActivityTopic,
  DigestMetadata,
  DigestMetadataTimed,
  EXECUTION_DETAIL_SOURCES,
  EXECUTION_DETAIL_STATUSES,
  ExecutionDetail,
  JOB_STATUSES,
  Job,
  JobStep,
  NotificationListQuery,
  NotificationListResponse,
} from './notification';
export {
  ORDER_DIRECTIONS,
  OrderDirection,
} from './order';
export type {
  CursorPageResponse,
  OffsetPageResponse,
  PageNumberResponse,
} from './pagination';
export {
  cursorPage,
  pageNumberPage,
  SubscriberSearchResponse,
  SubscriptionsListResponse,
  TopicListResponse,
} from './pagination';
export {
  DaySchedule,
  PreferenceChannels,
  PreferenceOverride,
  PreferenceSchedule,
  PreferencesListQuery,
  PreferencesUpdateBody,
  SubscriberPreferences,
} from './preference';
export {
  BULK_PREFERENCES_LIMIT,
  BulkPreferenceItem,
  BulkPreferencesUpdateBody,
  BulkPreferencesUpdateResponse,
  WorkflowPreference,
} from './preference-bulk';
export type { FilterOperator } from './step-filter';
export {
  FILTER_JOINS,
  FILTER_OPERATORS,
  FILTER_SOURCES,
  FILTER_TYPES,
  FieldFilterPart,
  FieldFilterPartInput,
  IntegrationCondition,
  IntegrationConditionInput,
  StepFilter,
  StepFilterInput,
} from './step-filter';
export type { ChatPushProviderId } from './subscriber';
export {
  BULK_SUBSCRIBER_LIMIT,
  BulkCreateSubscribersBody,
  BulkCreateSubscribersResponse,
  CHAT_PUSH_PROVIDER_IDS,
  ChannelCredentials,
  ChannelSettings,
  CreateSubscriberBody,
  CreateSubscriberQuery,
  CredentialsUpdateBody,
  CredentialsUpsertBody,
  RemoveSubscriberResponse,
  Subscriber,
  SubscriberSearchQuery,
  SubscriberSummary,
  SubscriberUpdateBody,
  SubscriptionsListQuery,
} from './subscriber';
export {
  DeleteTopicResponse,
  TOPIC_KEY_MAX_LENGTH,
  TOPIC_SUBSCRIPTIONS_LIMIT,
  Topic,
  TopicCreateBody,
  TopicListQuery,
  TopicSubscription,
  TopicSubscriptionChange,
  TopicSubscriptionsCreateBody,
  TopicSubscriptionsDeleteBody,
  TopicSubscriptionsListQuery,
  TopicSubscriptionsResult,
  TopicUpdateBody,
} from './topic';
export { TriggerContext } from './trigger-context';
export type {
  DigestUnit,
  Severity,
  WorkflowOrigin,
  WorkflowStatus,
} from './workflow';
export {
  Action,
  ChatControlValues,
  ControlsMetadata,
  DelayRegularMetadata,
  DelayScheduledMetadata,
  DIGEST_UNITS,
  DigestRegularMetadata,
  DigestTimedConfig,
  DigestTimedMetadata,
  EmailControlValues,
  InAppControlValues,
  NotificationStep,
  NotificationStepVariant,
  NotificationTrigger,
  PushControlValues,
  Redirect,
  ReplyCallback,
  SEVERITIES,
  SmsControlValues,
  StepContentIssue,
  StepIntegrationIssue,
  StepIssues,
  StepListItem,
  StepMetadata,
  TriggerVariable,
  UiSchema,
  UiSchemaProperty,
  UserSummary,
  WORKFLOW_ORDER_BY_FIELDS,
  WORKFLOW_ORIGINS,
  WORKFLOW_STATUSES,
  WorkflowListItem,
  WorkflowListQuery,
  WorkflowListResponse,
  WorkflowPatchBody,
  WorkflowResponse,
  WorkflowStepResponse,
  WorkflowSyncBody,
  WorkflowSyncResponse,
} from './workflow';
