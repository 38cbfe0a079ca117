import { call, type OperationArgs } from '../core/call';
import { cursorPages } from '../core/paged-call';
import {
  topicsCreateRoute,
  topicsDeleteRoute,
  topicsListRoute,
  topicsRetrieveRoute,
  topicsSubscribersRetrieveRoute,
  topicsSubscriptionsCreateRoute,
  topicsSubscriptionsDeleteRoute,
  topicsSubscriptionsListRoute,
  topicsSubscriptionsRetrieveRoute,
  topicsSubscriptionsUpdateRoute,
  topicsUpdateRoute,
} from '../routes/topics';

/** {@inheritDoc Topics.create} */
export const topicsCreate = (...args: OperationArgs<typeof topicsCreateRoute>) =>
  call(topicsCreateRoute, args);

/** {@inheritDoc Topics.delete} */
export const topicsDelete = (...args: OperationArgs<typeof topicsDeleteRoute>) =>
  call(topicsDeleteRoute, args);

/** {@inheritDoc Topics.list} */
export const topicsList = (...args: OperationArgs<typeof topicsListRoute>) =>
  cursorPages(topicsListRoute, args);

/** {@inheritDoc Topics.retrieve} */
export const topicsRetrieve = (...args: OperationArgs<typeof topicsRetrieveRoute>) =>
  call(topicsRetrieveRoute, args);

/** {@inheritDoc TopicSubscriptions.create} */
export const topicsSubscriptionsCreate = (
  ...args: OperationArgs<typeof topicsSubscriptionsCreateRoute>
) => call(topicsSubscriptionsCreateRoute, args);

/** {@inheritDoc TopicSubscriptions.delete} */
export const topicsSubscriptionsDelete = (
  ...args: OperationArgs<typeof topicsSubscriptionsDeleteRoute>
) => call(topicsSubscriptionsDeleteRoute, args);

/** {@inheritDoc TopicSubscriptions.list} */
export const topicsSubscriptionsList = (
  ...args: OperationArgs<typeof topicsSubscriptionsListRoute>
) => cursorPages(topicsSubscriptionsListRoute, args);

/** {@inheritDoc Topics.update} */
export const topicsUpdate = (...args: OperationArgs<typeof topicsUpdateRoute>) =>
  call(topicsUpdateRoute, args);

/** {@inheritDoc TopicSubscriptions.retrieve} */
export const topicsSubscriptionsRetrieve = (
  ...args: OperationArgs<typeof topicsSubscriptionsRetrieveRoute>
) => call(topicsSubscriptionsRetrieveRoute, args);

/** {@inheritDoc TopicSubscriptions.update} */
export const topicsSubscriptionsUpdate = (
  ...args: OperationArgs<typeof topicsSubscriptionsUpdateRoute>
) => call(topicsSubscriptionsUpdateRoute, args);

/** {@inheritDoc TopicSubscribers.retrieve} */
export const topicsSubscribersRetrieve = (
  ...args: OperationArgs<typeof topicsSubscribersRetrieveRoute>
) => call(topicsSubscribersRetrieveRoute, args);
