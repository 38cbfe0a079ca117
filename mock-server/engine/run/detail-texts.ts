/**
 * The execution-detail texts the service writes on jobs (its `DetailEnum`), each with the
 * `status` and `source` the service records it with, so the runtime never spells a detail twice.
 *
 * @module
 */

import type {
  ExecutionDetailSource,
  ExecutionDetailStatus,
} from '../../../src/schemas/notification';

/** One execution detail as the service records it: the text, its status and its source. */
export interface DetailText {
  /** The `detail` string shown on the job. */
  readonly detail: string;
  /** The `status` the service records with this detail. */
  readonly status: ExecutionDetailStatus;
  /** The `source` the service records with this detail. */
  readonly source: ExecutionDetailSource;
}

const internal = (detail: string, status: ExecutionDetailStatus): DetailText => ({
  detail,
  status,
  source: 'Internal',
});

/** Every execution detail the runtime writes, keyed by what happened. */
export const DETAILS = {
  stepCreated: internal('Step created', 'Pending'),
  stepQueued: internal('Step queued', 'Pending'),
  stepProcessed: internal('Step processed', 'Success'),
  messageCreated: internal('Message created', 'Pending'),
  messageSent: internal('Message sent', 'Success'),
  messageRead: internal('Message read', 'Success'),
  messageUnread: internal('Message unread', 'Success'),
  messageArchived: internal('Message archived', 'Success'),
  messageUnarchived: internal('Message unarchived', 'Success'),
  messageSnoozed: internal('Message snoozed', 'Success'),
  messageSeen: internal('Message seen', 'Success'),
  messageDeleted: internal('Message deleted', 'Success'),
  startSending: internal('Start sending message', 'Pending'),
  messageContentNotGenerated: internal('Message content could not be generated', 'Failed'),
  providerError: internal('Unexpected provider error', 'Failed'),
  bridgeExecutionFailed: internal('Bridge execution failed', 'Failed'),
  noActiveIntegration: internal('Subscriber does not have an active integration', 'Failed'),
  integrationSelected: internal('Integration instance selected', 'Pending'),
  tenantContextSelected: internal('Tenant context selected', 'Success'),
  missingEmail: internal('Subscriber missing email address', 'Failed'),
  missingPhone: internal('Subscriber missing phone number', 'Failed'),
  missingChannelDetails: internal('Subscriber missing recipient details', 'Failed'),
  noConfiguredChannel: internal('Subscriber does not have a configured channel', 'Failed'),
  chatWebhookUrlMissing: internal('Webhook URL for the chat channel is missing', 'Failed'),
  chatAllChannelsFailed: internal('All chat channels failed to send the message', 'Failed'),
  pushMissingDeviceTokens: internal(
    'Subscriber credentials is missing the tokens for sending a push notification message',
    'Failed',
  ),
  stepDelayed: internal('Step delayed', 'Pending'),
  delayFinished: internal('Delay is finished', 'Success'),
  delayMisconfiguration: internal('Invalid delay configuration', 'Failed'),
  deferDurationLimitExceeded: internal('Defer duration limit exceeded', 'Failed'),
  startDigesting: internal('Start digesting', 'Pending'),
  stepDigested: internal('Step digested', 'Success'),
  digestMerged: internal('Digest was merged with other digest', 'Success'),
  digestSkippedFirstBackoffEvent: internal('Digest was skipped, first backoff event', 'Success'),
  digestTriggeredEvents: internal('Digest triggered events', 'Success'),
  processingStepFilter: internal('Processing step filter', 'Pending'),
  processingStepFilterFailed: internal('Processing step filter failed', 'Failed'),
  stepFilteredByFilters: internal('Step was filtered based on steps filters', 'Success'),
  stepSkippedByConditions: internal('Step was skipped based on steps conditions', 'Success'),
  stepFilteredBySubscriberWorkflowPreferences: internal(
    'Step filtered by subscriber workflow preferences',
    'Success',
  ),
  stepFilteredBySubscriberGlobalPreferences: internal(
    'Step filtered by subscriber global preferences',
    'Success',
  ),
  stepFilteredByWorkflowPreferences: internal('Step filtered by workflow preferences', 'Success'),
  stepCanceledPreviousStepFailed: internal(
    'Step was canceled because a previous step failed',
    'Warning',
  ),
  stepThrottled: internal('Step throttled', 'Success'),
  throttleWindowInPast: internal('Throttle window in past', 'Failed'),
  stepSkippedOutsideSchedule: internal(
    "The step was skipped as it fell outside the subscriber's schedule",
    'Success',
  ),
  stepExtendedToSchedule: internal(
    'Step was extended to the next available time in the subscriber schedule',
    'Pending',
  ),
  stepMaxScheduleExtensionsReached: internal(
    'Step was executed due to maximum number of subscriber schedule extensions reached',
    'Success',
  ),
  notificationError: internal(
    'There was one or more errors when trying to execute the notification',
    'Failed',
  ),
} as const satisfies Record<string, DetailText>;

/** The name of one of the {@link DETAILS}. */
export type DetailKey = keyof typeof DETAILS;

/** The reason the service stores in the `raw` of a throttled step's detail. */
export const THROTTLE_EXCEEDED_REASON = 'Throttle limit exceeded for the given window';
