/**
 * The handlers of the `topics` routes and their subscriptions, each beside its route.
 *
 * @module
 */

import * as routes from '../../../src/routes/topics';
import {
  deleteTopic,
  listTopics,
  retrieveTopic,
  updateTopic,
  upsertTopic,
} from '../resources/topic-management';
import {
  retrieveTopicSubscriber,
  retrieveTopicSubscription,
  updateTopicSubscription,
} from '../resources/topic-subscription-details';
import {
  createTopicSubscriptions,
  deleteTopicSubscriptions,
  listTopicSubscriptions,
} from '../resources/topic-subscriptions';
import { queryFlag } from '../wire/query';
import { parseTopicSearch, parseTopicSubscriptionSearch } from '../wire/topic-query';
import { defineOperation, StatusAnswer } from './operation';

// An upsert: 201 when it created the topic, 200 when it updated one.
export const topicsCreate = defineOperation(routes.topicsCreateRoute, (scope, { query, body }) => {
  const { topic, created } = upsertTopic(scope, body, {
    failIfExists: queryFlag(query, 'failIfExists'),
  });
  return created ? topic : new StatusAnswer(200, topic);
});

export const topicsList = defineOperation(routes.topicsListRoute, (scope, { query }) =>
  listTopics(scope, parseTopicSearch(query)),
);

export const topicsRetrieve = defineOperation(routes.topicsRetrieveRoute, (scope, { params }) =>
  retrieveTopic(scope, params.topicKey),
);

export const topicsUpdate = defineOperation(routes.topicsUpdateRoute, (scope, { params, body }) =>
  updateTopic(scope, params.topicKey, body),
);

export const topicsDelete = defineOperation(routes.topicsDeleteRoute, (scope, { params }) =>
  deleteTopic(scope, params.topicKey),
);

export const topicsSubscriptionsList = defineOperation(
  routes.topicsSubscriptionsListRoute,
  (scope, { params, query }) =>
    listTopicSubscriptions(scope, params.topicKey, parseTopicSubscriptionSearch(query)),
);

export const topicsSubscriptionsCreate = defineOperation(
  routes.topicsSubscriptionsCreateRoute,
  (scope, { params, body }) => createTopicSubscriptions(scope, params.topicKey, body),
);

export const topicsSubscriptionsDelete = defineOperation(
  routes.topicsSubscriptionsDeleteRoute,
  (scope, { params, body }) => deleteTopicSubscriptions(scope, params.topicKey, body),
);

// The service answers 204 with no body when the topic has no subscription with the identifier.
export const topicsSubscriptionsRetrieve = defineOperation(
  routes.topicsSubscriptionsRetrieveRoute,
  (scope, { params }) =>
    retrieveTopicSubscription(scope, params.topicKey, params.identifier) ??
    new StatusAnswer(204, undefined),
);

export const topicsSubscriptionsUpdate = defineOperation(
  routes.topicsSubscriptionsUpdateRoute,
  (scope, { params, body }) =>
    updateTopicSubscription(scope, params.topicKey, params.identifier, body),
);

export const topicsSubscribersRetrieve = defineOperation(
  routes.topicsSubscribersRetrieveRoute,
  (scope, { params }) =>
    retrieveTopicSubscriber(scope, params.topicKey, params.externalSubscriberId),
);
