/**
 * The handlers of the `topics` routes and their subscriptions, each beside its route.
 *
 * @module
 */

import {
  topicsCreateRoute,
  topicsDeleteRoute,
  topicsListRoute,
  topicsRetrieveRoute,
  topicsSubscriptionsCreateRoute,
  topicsSubscriptionsDeleteRoute,
  topicsSubscriptionsListRoute,
  topicsUpdateRoute,
} from '../../../src/routes/topics';
import { defineOperation, StatusAnswer } from '../operation';
import {
  deleteTopic,
  listTopics,
  retrieveTopic,
  updateTopic,
  upsertTopic,
} from '../resources/topic-management';
import {
  createTopicSubscriptions,
  deleteTopicSubscriptions,
  listTopicSubscriptions,
} from '../resources/topic-subscriptions';
import { queryFlag } from '../wire/query';
import { parseTopicSearch, parseTopicSubscriptionSearch } from '../wire/topic-query';

// An upsert: 201 when it created the topic, 200 when it updated one.
export const topicsCreate = defineOperation(topicsCreateRoute, (scope, { query, body }) => {
  const { topic, created } = upsertTopic(
    scope.data,
    scope.ids,
    body,
    { failIfExists: queryFlag(query, 'failIfExists') },
    scope.iso(),
  );
  return created ? topic : new StatusAnswer(200, topic);
});

export const topicsList = defineOperation(topicsListRoute, (scope, { query }) =>
  listTopics(scope.data, parseTopicSearch(query)),
);

export const topicsRetrieve = defineOperation(topicsRetrieveRoute, (scope, { params }) =>
  retrieveTopic(scope.data, params.topicKey),
);

export const topicsUpdate = defineOperation(topicsUpdateRoute, (scope, { params, body }) =>
  updateTopic(scope.data, params.topicKey, body, scope.iso()),
);

export const topicsDelete = defineOperation(topicsDeleteRoute, (scope, { params }) =>
  deleteTopic(scope.data, params.topicKey),
);

export const topicsSubscriptionsList = defineOperation(
  topicsSubscriptionsListRoute,
  (scope, { params, query }) =>
    listTopicSubscriptions(scope.data, params.topicKey, parseTopicSubscriptionSearch(query)),
);

export const topicsSubscriptionsCreate = defineOperation(
  topicsSubscriptionsCreateRoute,
  (scope, { params, body }) =>
    createTopicSubscriptions(scope.data, scope.ids, params.topicKey, body, scope.iso()),
);

export const topicsSubscriptionsDelete = defineOperation(
  topicsSubscriptionsDeleteRoute,
  (scope, { params, body }) => deleteTopicSubscriptions(scope.data, params.topicKey, body),
);
