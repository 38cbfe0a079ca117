/**
 * The handlers of the `subscribers` routes (with credentials, preferences, subscriptions and
 * in-app messages), each beside its route.
 *
 * @module
 */

import {
  subscribersCreateBulkRoute,
  subscribersCreateRoute,
  subscribersCredentialsDeleteRoute,
  subscribersCredentialsUpdateRoute,
  subscribersCredentialsUpsertRoute,
  subscribersDeleteRoute,
  subscribersMessagesMarkAsRoute,
  subscribersPreferencesListRoute,
  subscribersPreferencesUpdateRoute,
  subscribersRetrieveRoute,
  subscribersSearchRoute,
  subscribersSubscriptionsListRoute,
  subscribersUpdateRoute,
} from '../../../src/routes/subscribers';
import { defineOperation } from '../operation';
import { markMessagesAs } from '../resources/messages';
import { listPreferences, updatePreferences } from '../resources/preferences';
import { deleteCredentials } from '../resources/subscriber-credentials';
import {
  bulkCreateSubscribers,
  createSubscriber,
  deleteSubscriber,
} from '../resources/subscriber-lifecycle';
import {
  retrieveSubscriber,
  searchSubscribers,
  updateSubscriber,
  upsertCredentials,
} from '../resources/subscribers';
import { listSubscriptions } from '../resources/topics';
import { parseCriticality } from '../wire/preference-query';
import { parseSubscriberSearch, parseSubscriptionSearch, queryFlag } from '../wire/query';

export const subscribersSearch = defineOperation(subscribersSearchRoute, (scope, { query }) =>
  searchSubscribers(scope, parseSubscriberSearch(query)),
);

export const subscribersRetrieve = defineOperation(subscribersRetrieveRoute, (scope, { params }) =>
  retrieveSubscriber(scope, params.subscriberId),
);

export const subscribersUpdate = defineOperation(
  subscribersUpdateRoute,
  (scope, { params, body }) => updateSubscriber(scope, params.subscriberId, body),
);

export const subscribersSubscriptionsList = defineOperation(
  subscribersSubscriptionsListRoute,
  (scope, { params, query }) =>
    listSubscriptions(scope, params.subscriberId, parseSubscriptionSearch(query)),
);

export const subscribersCredentialsUpsert = defineOperation(
  subscribersCredentialsUpsertRoute,
  (scope, { params, body }) => upsertCredentials(scope, params.subscriberId, body),
);

// PUT and PATCH share the service's usecase: both merge the channel into the stored ones.
export const subscribersCredentialsUpdate = defineOperation(
  subscribersCredentialsUpdateRoute,
  (scope, { params, body }) => upsertCredentials(scope, params.subscriberId, body),
);

export const subscribersCredentialsDelete = defineOperation(
  subscribersCredentialsDeleteRoute,
  (scope, { params }) => deleteCredentials(scope, params.subscriberId, params.providerId),
);

export const subscribersMessagesMarkAs = defineOperation(
  subscribersMessagesMarkAsRoute,
  (scope, { params, body }) => {
    const updated = markMessagesAs(scope, params.subscriberId, body);
    if (scope.events.observed && updated.length > 0) {
      scope.events.emit({
        type: 'messages-marked',
        environmentId: scope.environment._id,
        subscriberId: params.subscriberId,
        messageIds: updated.map((message) => message._id),
        markAs: String((body as { markAs?: unknown }).markAs),
      });
    }
    return updated;
  },
);

export const subscribersCreate = defineOperation(subscribersCreateRoute, (scope, { query, body }) =>
  createSubscriber(scope, body, { failIfExists: queryFlag(query, 'failIfExists') }),
);

export const subscribersDelete = defineOperation(subscribersDeleteRoute, (scope, { params }) =>
  deleteSubscriber(scope, params.subscriberId),
);

export const subscribersCreateBulk = defineOperation(
  subscribersCreateBulkRoute,
  (scope, { body }) => bulkCreateSubscribers(scope, body),
);

export const subscribersPreferencesList = defineOperation(
  subscribersPreferencesListRoute,
  (scope, { params, query }) =>
    listPreferences(scope, params.subscriberId, parseCriticality(query)),
);

export const subscribersPreferencesUpdate = defineOperation(
  subscribersPreferencesUpdateRoute,
  (scope, { params, body }) => updatePreferences(scope, params.subscriberId, body),
);
