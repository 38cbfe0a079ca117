/**
 * Every operation of the engine, keyed by its route's operation name: what the pipeline
 * dispatches on and what `engine.operations` exposes.
 *
 * @module
 */

import type { NamespaceName, OperationName } from '../../../src/routes/index';
import type { PathParams } from '../../../src/routes/route';
import type { EnvironmentScope } from '../scope';
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
import type { OperationCall, OperationDefinition } from './operation';
import * as subscriberNotifications from './subscriber-notifications';
import * as subscriberNotificationsV1 from './subscriber-notifications-v1';
import * as subscribers from './subscribers';
import * as topics from './topics';
import * as translations from './translations';
import * as workflows from './workflows';

/**
 * The handler module of each namespace of `NAMESPACES` (src/routes/index.ts), by the same name.
 * The `satisfies` fails to compile when a namespace has no handler module here, or a module here
 * names no namespace; `test/routes/table.test.ts` checks each module handles its namespace's
 * routes.
 */
export const HANDLER_MODULES = {
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
} satisfies { readonly [N in NamespaceName]: object };

type HandlerModules = typeof HANDLER_MODULES;

/** Every operation definition of every handler module. */
type Definition = {
  [N in keyof HandlerModules]: HandlerModules[N][keyof HandlerModules[N]];
}[keyof HandlerModules];

/**
 * The definition (route and handler) of each operation name, as its module declares it.
 *
 * @example
 * ```ts
 * type Retrieve = OperationDefinitions['subscribers.retrieve']['route']['path']; // '/v2/subscribers/:subscriberId'
 * ```
 */
export type OperationDefinitions = {
  [D in Definition as D['route']['operation']]: D;
};

const definitions = Object.values(HANDLER_MODULES)
  .flatMap((module) => Object.values(module) as OperationDefinition[])
  .map((definition) => [definition.route.operation, definition] as const);

/**
 * The definition of every operation, by name. A route without a handler fails to compile here
 * (the `satisfies`) and in `test/routes/table.test.ts`.
 */
export const OPERATIONS = Object.fromEntries(definitions) as OperationDefinitions satisfies {
  readonly [K in OperationName]: OperationDefinition;
};

/**
 * The engine's operations without HTTP, one per route, keyed by the route's operation name: each
 * takes the environment to act in and the request's params, query and body, and returns what the
 * service answers inside its `data` envelope. Each is all or nothing, as over HTTP.
 *
 * @example
 * ```ts
 * const development = engine.scope('Development');
 * const subscriber = engine.operations['subscribers.retrieve'](development, {
 *   params: { subscriberId: 'user-1' },
 * });
 * const page = engine.operations['subscribers.search'](development, { query: { limit: 10 } });
 * ```
 */
export type EngineOperations = {
  readonly [K in OperationName]: (
    scope: EnvironmentScope,
    ...call: keyof PathParams<OperationDefinitions[K]['route']['path']> extends never
      ? [call?: OperationCall<OperationDefinitions[K]['route']>]
      : [call: OperationCall<OperationDefinitions[K]['route']>]
  ) => ReturnType<OperationDefinitions[K]['handle']>;
};
