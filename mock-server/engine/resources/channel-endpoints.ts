/**
 * Channel endpoints of an environment (`/v1/channel-endpoints`): a subscriber's destinations
 * (a Slack channel, a webhook URL, a phone number) reached through an integration and, for chat
 * workspaces, a connection (docs/behaviour/channels.md#endpoints).
 *
 * @module
 */

import * as z from 'zod/mini';
import {
  CHANNEL_ENDPOINT_TYPES,
  type ChannelEndpoint,
} from '../../../src/schemas/channel-endpoint';
import type { EngineScope } from '../scope';
import type { ChannelEndpointRecord } from '../store/state';
import { tables } from '../store/tables';
import { contextMessages } from '../wire/context-keys';
import type { CursorPage } from '../wire/cursor-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { connectionOrThrow, integrationByIdentifier } from './channel-connections';
import { endpointMatches, isEndpointType } from './channel-endpoint-shapes';
import {
  assertRoomFor,
  type ChannelSearch,
  listChannelRows,
  resolveContexts,
  sizeProblems,
} from './channel-listing';
import { newSubscriberRecord } from './subscriber-lifecycle';
import { findSubscriber, putSubscriber } from './subscribers';

/**
 * A channel endpoint in its wire shape.
 *
 * @example
 * ```ts
 * const endpoint: ChannelEndpointDto = engine.operations['channelEndpoints.retrieve'](engine.scope('Development'), {
 *   params: { identifier: 'slack-ada' },
 * });
 * ```
 */
export type ChannelEndpointDto = ChannelEndpoint;

const toDto = (record: ChannelEndpointRecord): ChannelEndpointDto => ({
  identifier: record.identifier,
  channel: record.channel,
  providerId: record.providerId,
  integrationIdentifier: record.integrationIdentifier,
  connectionIdentifier: record.connectionIdentifier ?? null,
  subscriberId: record.subscriberId,
  contextKeys: [...record.contextKeys],
  type: record.type,
  endpoint: structuredClone(record.endpoint),
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

const CreateShape = z.object({
  identifier: z.optional(z.string()),
  subscriberId: z.string(),
  createSubscriberIfMissing: z.optional(z.boolean()),
  context: z.optional(z.unknown()),
  integrationIdentifier: z.string(),
  connectionIdentifier: z.optional(z.string()),
  type: z.string(),
  endpoint: z.unknown(),
});
const UpdateShape = z.object({ endpoint: z.unknown() });

const formatProblem = (type: string) =>
  `Endpoint must match the required format for type "${type}"`;

function endpointOrThrow(scope: EngineScope, identifier: string): ChannelEndpointRecord {
  const endpoint = tables.channelEndpoints.get(scope.data, identifier);
  if (!endpoint) {
    throw ServiceError.http(404, `Channel endpoint with identifier '${identifier}' not found`);
  }
  return endpoint;
}

/**
 * `POST /v1/channel-endpoints`: `endpoint` must match `type` (422); the integration, the
 * subscriber (unless `createSubscriberIfMissing`) and a named connection must exist (404); the
 * identifier must be free (409).
 */
export function createChannelEndpoint(scope: EngineScope, body: unknown): ChannelEndpointDto {
  const contextMessage = contextMessages(body)['context'];
  if (contextMessage !== undefined) throw ServiceError.dtoValidation([contextMessage]);
  const input = validateBody(CreateShape, body);
  if (!isEndpointType(input.type)) {
    throw ServiceError.dtoValidation([
      `type must be one of the following values: ${CHANNEL_ENDPOINT_TYPES.join(', ')}`,
    ]);
  }
  const problems = [
    ...(endpointMatches(input.type, input.endpoint) ? [] : [formatProblem(input.type)]),
    ...sizeProblems(
      {
        identifier: input.identifier,
        subscriberId: input.subscriberId,
        connectionIdentifier: input.connectionIdentifier,
      },
      { endpoint: input.endpoint },
    ),
  ];
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const integration = integrationByIdentifier(scope, input.integrationIdentifier);
  let subscriber = findSubscriber(scope.data, input.subscriberId);
  if (!subscriber && !input.createSubscriberIfMissing) {
    throw ServiceError.http(404, `Subscriber not found: ${input.subscriberId}`);
  }
  if (input.connectionIdentifier !== undefined) {
    connectionOrThrow(scope, input.connectionIdentifier);
  }
  const identifier =
    input.identifier || `${integration.identifier}-${input.subscriberId}-${scope.ids.shortId(6)}`;
  if (tables.channelEndpoints.has(scope.data, identifier)) {
    throw ServiceError.http(
      409,
      `Channel endpoint with identifier "${identifier}" already exists in environment "${scope.environment._id}"`,
    );
  }
  assertRoomFor(tables.channelEndpoints.size(scope.data), 'channel endpoints');
  if (!subscriber) {
    subscriber = newSubscriberRecord(scope, input.subscriberId);
    putSubscriber(scope.data, subscriber);
  }
  const contextKeys = resolveContexts(scope, input.context);
  const now = scope.iso();
  const record: ChannelEndpointRecord = {
    _id: scope.ids.objectId(),
    identifier,
    integrationIdentifier: integration.identifier,
    providerId: integration.providerId,
    channel: integration.channel,
    ...(input.connectionIdentifier === undefined
      ? {}
      : { connectionIdentifier: input.connectionIdentifier }),
    subscriberId: subscriber.subscriberId,
    contextKeys,
    type: input.type,
    endpoint: structuredClone(input.endpoint as Record<string, unknown>),
    createdAt: now,
    updatedAt: now,
  };
  tables.channelEndpoints.set(scope.data, identifier, record);
  return toDto(record);
}

/** `GET /v1/channel-endpoints/{identifier}`. */
export function retrieveChannelEndpoint(
  scope: EngineScope,
  identifier: string,
): ChannelEndpointDto {
  return toDto(endpointOrThrow(scope, identifier));
}

/** `PATCH /v1/channel-endpoints/{identifier}`: a new destination of the endpoint's own type. */
export function updateChannelEndpoint(
  scope: EngineScope,
  identifier: string,
  body: unknown,
): ChannelEndpointDto {
  const input = validateBody(UpdateShape, body);
  const endpoint = tables.channelEndpoints.get(scope.data, identifier);
  if (!endpoint) {
    throw ServiceError.http(
      404,
      `Channel endpoint with identifier "${identifier}" not found in environment "${scope.environment._id}"`,
    );
  }
  const type = endpoint.type;
  const problems = [
    ...(isEndpointType(type) && endpointMatches(type, input.endpoint) ? [] : [formatProblem(type)]),
    ...sizeProblems({}, { endpoint: input.endpoint }),
  ];
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const now = scope.iso();
  tables.channelEndpoints.update(scope.data, endpoint, () => {
    endpoint.endpoint = structuredClone(input.endpoint as Record<string, unknown>);
    endpoint.updatedAt = now;
  });
  return toDto(endpoint);
}

/** `DELETE /v1/channel-endpoints/{identifier}`. */
export function deleteChannelEndpoint(scope: EngineScope, identifier: string): undefined {
  endpointOrThrow(scope, identifier);
  tables.channelEndpoints.delete(scope.data, identifier);
  return undefined;
}

/** `GET /v1/channel-endpoints`. */
export function listChannelEndpoints(
  scope: EngineScope,
  search: ChannelSearch,
): CursorPage<ChannelEndpointDto> {
  const page = listChannelRows(tables.channelEndpoints.values(scope.data), search);
  return { ...page, data: page.data.map(toDto) };
}

/** The filters of the endpoints listing. */
export const ENDPOINT_FILTERS = [
  'subscriberId',
  'channel',
  'providerId',
  'integrationIdentifier',
  'connectionIdentifier',
] as const;
