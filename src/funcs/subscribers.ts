import { call, type OperationArgs } from '../core/call';
import { cursorPages } from '../core/paged-call';
import {
  subscribersCreateBulkRoute,
  subscribersCreateRoute,
  subscribersCredentialsDeleteRoute,
  subscribersCredentialsUpdateRoute,
  subscribersCredentialsUpsertRoute,
  subscribersDeleteRoute,
  subscribersMessagesMarkAsRoute,
  subscribersPreferencesBulkUpdateRoute,
  subscribersPreferencesListRoute,
  subscribersPreferencesUpdateRoute,
  subscribersRetrieveRoute,
  subscribersSearchRoute,
  subscribersSubscriptionsListRoute,
  subscribersUpdateRoute,
} from '../routes/subscribers';

/** {@inheritDoc Subscribers.create} */
export const subscribersCreate = (...args: OperationArgs<typeof subscribersCreateRoute>) =>
  call(subscribersCreateRoute, args);

/** {@inheritDoc Subscribers.createBulk} */
export const subscribersCreateBulk = (...args: OperationArgs<typeof subscribersCreateBulkRoute>) =>
  call(subscribersCreateBulkRoute, args);

/** {@inheritDoc SubscriberCredentials.delete} */
export const subscribersCredentialsDelete = (
  ...args: OperationArgs<typeof subscribersCredentialsDeleteRoute>
) => call(subscribersCredentialsDeleteRoute, args);

/** {@inheritDoc SubscriberCredentials.update} */
export const subscribersCredentialsUpdate = (
  ...args: OperationArgs<typeof subscribersCredentialsUpdateRoute>
) => call(subscribersCredentialsUpdateRoute, args);

/** {@inheritDoc SubscriberCredentials.upsert} */
export const subscribersCredentialsUpsert = (
  ...args: OperationArgs<typeof subscribersCredentialsUpsertRoute>
) => call(subscribersCredentialsUpsertRoute, args);

/** {@inheritDoc Subscribers.delete} */
export const subscribersDelete = (...args: OperationArgs<typeof subscribersDeleteRoute>) =>
  call(subscribersDeleteRoute, args);

/** {@inheritDoc SubscriberMessages.markAs} */
export const subscribersMessagesMarkAs = (
  ...args: OperationArgs<typeof subscribersMessagesMarkAsRoute>
) => call(subscribersMessagesMarkAsRoute, args);

/** {@inheritDoc SubscriberPreferences.bulkUpdate} */
export const subscribersPreferencesBulkUpdate = (
  ...args: OperationArgs<typeof subscribersPreferencesBulkUpdateRoute>
) => call(subscribersPreferencesBulkUpdateRoute, args);

/** {@inheritDoc SubscriberPreferences.list} */
export const subscribersPreferencesList = (
  ...args: OperationArgs<typeof subscribersPreferencesListRoute>
) => call(subscribersPreferencesListRoute, args);

/** {@inheritDoc SubscriberPreferences.update} */
export const subscribersPreferencesUpdate = (
  ...args: OperationArgs<typeof subscribersPreferencesUpdateRoute>
) => call(subscribersPreferencesUpdateRoute, args);

/** {@inheritDoc Subscribers.retrieve} */
export const subscribersRetrieve = (...args: OperationArgs<typeof subscribersRetrieveRoute>) =>
  call(subscribersRetrieveRoute, args);

/** {@inheritDoc Subscribers.search} */
export const subscribersSearch = (...args: OperationArgs<typeof subscribersSearchRoute>) =>
  cursorPages(subscribersSearchRoute, args);

/** {@inheritDoc SubscriberSubscriptions.list} */
export const subscribersSubscriptionsList = (
  ...args: OperationArgs<typeof subscribersSubscriptionsListRoute>
) => cursorPages(subscribersSubscriptionsListRoute, args);

/** {@inheritDoc Subscribers.update} */
export const subscribersUpdate = (...args: OperationArgs<typeof subscribersUpdateRoute>) =>
  call(subscribersUpdateRoute, args);
