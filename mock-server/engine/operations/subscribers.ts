/**
 * The handlers of the `subscribers` routes (with credentials, preferences, subscriptions and
 * in-app messages), each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/subscribers';
import { markMessagesAs } from '../resources/messages';
import { bulkUpdatePreferences } from '../resources/preference-bulk';
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
import { listSubscriptions } from '../resources/subscriptions';
import { parseCriticality } from '../wire/preference-query';
import {
  parseSubscriberSearch,
  parseSubscriptionSearch,
  queryContextKeys,
  queryFlag,
} from '../wire/query';
import { defineOperation } from './operation';

export const subscribersSearch = defineOperation(
  routes.subscribersSearchRoute,
  (scope, { query }) => searchSubscribers(scope, parseSubscriberSearch(query)),
);

export const subscribersRetrieve = defineOperation(
  routes.subscribersRetrieveRoute,
  (scope, { params }) => retrieveSubscriber(scope, params.subscriberId),
);

export const subscribersUpdate = defineOperation(
  routes.subscribersUpdateRoute,
  (scope, { params, body }) => updateSubscriber(scope, params.subscriberId, body),
);

export const subscribersSubscriptionsList = defineOperation(
  routes.subscribersSubscriptionsListRoute,
  (scope, { params, query }) =>
    listSubscriptions(scope, params.subscriberId, parseSubscriptionSearch(query)),
);

export const subscribersCredentialsUpsert = defineOperation(
  routes.subscribersCredentialsUpsertRoute,
  (scope, { params, body }) => upsertCredentials(scope, params.subscriberId, body),
);

// PUT and PATCH share the service's usecase: both merge the channel into the stored ones.
export const subscribersCredentialsUpdate = defineOperation(
  routes.subscribersCredentialsUpdateRoute,
  (scope, { params, body }) => upsertCredentials(scope, params.subscriberId, body),
);

export const subscribersCredentialsDelete = defineOperation(
  routes.subscribersCredentialsDeleteRoute,
  (scope, { params }) => deleteCredentials(scope, params.subscriberId, params.providerId),
);

export const subscribersMessagesMarkAs = defineOperation(
  routes.subscribersMessagesMarkAsRoute,
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

export const subscribersCreate = defineOperation(
  routes.subscribersCreateRoute,
  (scope, { query, body }) =>
    createSubscriber(scope, body, { failIfExists: queryFlag(query, 'failIfExists') }),
);

export const subscribersDelete = defineOperation(
  routes.subscribersDeleteRoute,
  (scope, { params }) => deleteSubscriber(scope, params.subscriberId),
);

export const subscribersCreateBulk = defineOperation(
  routes.subscribersCreateBulkRoute,
  (scope, { body }) => bulkCreateSubscribers(scope, body),
);

export const subscribersPreferencesList = defineOperation(
  routes.subscribersPreferencesListRoute,
  (scope, { params, query }) =>
    listPreferences(
      scope,
      params.subscriberId,
      parseCriticality(query),
      queryContextKeys(query) ?? [],
    ),
);

export const subscribersPreferencesUpdate = defineOperation(
  routes.subscribersPreferencesUpdateRoute,
  (scope, { params, body }) => updatePreferences(scope, params.subscriberId, body),
);

export const subscribersPreferencesBulkUpdate = defineOperation(
  routes.subscribersPreferencesBulkUpdateRoute,
  (scope, { params, body }) => bulkUpdatePreferences(scope, params.subscriberId, body),
);
