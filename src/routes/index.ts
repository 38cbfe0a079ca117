// Every route of the service's API that this package speaks, in one table. The client's
// functions import single routes (so an app bundles only the schemas of what it calls); the
// engine's router, the fault matcher and docs/api-coverage.md read the whole table.
import * as agents from './agents';
import * as bridge from './bridge';
import * as channelConnections from './channel-connections';
import * as channelEndpoints from './channel-endpoints';
import * as contexts from './contexts';
import * as deliveryWebhooks from './delivery-webhooks';
import * as domains from './domains';
import * as environmentVariables from './environment-variables';
import * as environments from './environments';
import * as events from './events';
import * as integrations from './integrations';
import * as layouts from './layouts';
import * as messages from './messages';
import * as notifications from './notifications';
import type { Route } from './route';
import * as subscriberNotifications from './subscriber-notifications';
import * as subscriberNotificationsV1 from './subscriber-notifications-v1';
import * as subscribers from './subscribers';
import * as topics from './topics';
import * as translations from './translations';
import * as workflows from './workflows';

/**
 * The route module of each namespace, by the namespace's name: each module exports only its
 * routes, so a new route is listed by being declared there, and a new namespace adds its module
 * here (one line). The engine's handler modules are keyed by the same names
 * (`mock-server/engine/operations/index.ts`), and the compiler fails there when a namespace has
 * no handler module or a handler module no namespace.
 */
export const NAMESPACES = {
  subscribers,
  topics,
  integrations,
  workflows,
  events,
  notifications,
  messages,
  bridge,
  contexts,
  subscriberNotifications,
  subscriberNotificationsV1,
  layouts,
  environmentVariables,
  translations,
  channelConnections,
  channelEndpoints,
  deliveryWebhooks,
  environments,
  domains,
  agents,
};

/** The name of a namespace of routes, e.g. `topics`: a key of {@link NAMESPACES}. */
export type NamespaceName = keyof typeof NAMESPACES;

type RouteOf<M> = M extends unknown ? M[keyof M] : never;

/** A route of {@link ROUTES}. */
export type AnyRoute = RouteOf<(typeof NAMESPACES)[NamespaceName]>;

/** Every route the client speaks, with its method, path, status and schemas, by operation name. */
export const ROUTES: readonly AnyRoute[] = Object.values(NAMESPACES)
  .flatMap((namespace) => Object.values(namespace) as AnyRoute[])
  // Sorted: the order of a module's exports differs between bundlers.
  .sort((a, b) => (a.operation < b.operation ? -1 : 1)) satisfies readonly Route[];

/**
 * The client's name of an operation, e.g. `events.trigger`: the `operation` of one of its
 * routes.
 */
export type OperationName = AnyRoute['operation'];

export type { HttpMethod, PathParams, RateLimitCategory, Route } from './route';
export { BULK_COST, DEFAULT_BODY_LIMIT, fillPath, LARGE_BODY_LIMIT } from './route';
