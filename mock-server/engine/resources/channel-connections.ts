/**
 * Channel connections of an environment (`/v1/channel-connections`): a subscriber's (or a
 * context's) authorised link to a chat workspace through an integration, with the service's
 * rules on identifiers, uniqueness and lookups (docs/behaviour/channels.md#connections).
 *
 * @module
 */

import * as z from 'zod/mini';
import type { ChannelConnection } from '../../../src/schemas/channel-connection';
import { contextProblem } from '../../../src/schemas/trigger-context';
import type { EngineScope } from '../scope';
import type { ChannelConnectionRecord, IntegrationRecord } from '../store/state';
import { tables } from '../store/tables';
import { contextMessages } from '../wire/context-keys';
import type { CursorPage } from '../wire/cursor-page';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import {
  assertRoomFor,
  type ChannelSearch,
  listChannelRows,
  resolveContexts,
  sameContextKeys,
  sizeProblems,
} from './channel-listing';
import { findSubscriber } from './subscribers';

/**
 * A channel connection in its wire shape: the client's `ChannelConnection`, its schema's type.
 *
 * @example
 * ```ts
 * const slack: ChannelConnectionDto = engine.operations['channelConnections.retrieve'](engine.scope('Development'), {
 *   params: { identifier: 'chconn-a1b2c3' },
 * });
 * ```
 */
export type ChannelConnectionDto = ChannelConnection;

const toDto = (record: ChannelConnectionRecord): ChannelConnectionDto => ({
  identifier: record.identifier,
  channel: record.channel,
  providerId: record.providerId,
  integrationIdentifier: record.integrationIdentifier,
  subscriberId: record.subscriberId ?? null,
  contextKeys: [...record.contextKeys],
  // The bodies' schemas (`Workspace`, `Auth` below) stored only these fields.
  workspace: {
    id: record.workspace.id,
    ...optionalString('name', record.workspace['name']),
    ...optionalString('botUserId', record.workspace['botUserId']),
  },
  auth: {
    accessToken: record.auth.accessToken,
    ...optionalString('refreshToken', record.auth['refreshToken']),
    ...optionalString('expiresAt', record.auth['expiresAt']),
    ...optionalString('refreshTokenExpiresAt', record.auth['refreshTokenExpiresAt']),
  },
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** `{ [key]: value }` when a stored optional field is a string, else nothing. */
const optionalString = <K extends string>(key: K, value: unknown) =>
  (typeof value === 'string' ? { [key]: value } : {}) as { [P in K]?: string };

const Workspace = z.object({
  id: z.string(),
  name: z.optional(z.string()),
  botUserId: z.optional(z.string()),
});
const Auth = z.object({
  accessToken: z.string(),
  refreshToken: z.optional(z.string()),
  expiresAt: z.optional(z.string()),
  refreshTokenExpiresAt: z.optional(z.string()),
});
const CreateShape = z.object({
  identifier: z.optional(z.string()),
  subscriberId: z.optional(z.string()),
  context: z.optional(z.unknown()),
  connectionMode: z.optional(z.enum(['subscriber', 'shared'])),
  integrationIdentifier: z.string(),
  workspace: Workspace,
  auth: Auth,
});
const UpdateShape = z.object({ workspace: Workspace, auth: Auth });

/** An integration of the environment by identifier (deleted ones are gone), or the service's 404. */
export function integrationByIdentifier(scope: EngineScope, identifier: string): IntegrationRecord {
  const integration = tables.integrations
    .withIdentifier(scope.data, identifier)
    .find((candidate) => !candidate.deleted);
  if (!integration) throw ServiceError.http(404, `Integration not found: ${identifier}`);
  return integration;
}

/** A connection by identifier, or the service's 404. */
export function connectionOrThrow(scope: EngineScope, identifier: string): ChannelConnectionRecord {
  const connection = tables.channelConnections.get(scope.data, identifier);
  if (!connection) {
    throw ServiceError.http(404, `Channel connection with identifier '${identifier}' not found`);
  }
  return connection;
}

/**
 * `POST /v1/channel-connections`: needs a `subscriberId` or a `context` (400), an existing
 * integration and subscriber (404), and no connection of the same integration, subscriber and
 * context (409), nor one with the identifier (409). `connectionMode: 'shared'` stores no
 * subscriber.
 */
export function createChannelConnection(scope: EngineScope, body: unknown): ChannelConnectionDto {
  const contextMessage = contextMessages(body)['context'];
  if (contextMessage !== undefined) throw ServiceError.dtoValidation([contextMessage]);
  const input = validateBody(CreateShape, body);
  const problems = sizeProblems(
    { identifier: input.identifier, subscriberId: input.subscriberId },
    { workspace: input.workspace, auth: input.auth },
  );
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const subscriberId = input.connectionMode === 'shared' ? undefined : input.subscriberId;
  const hasContext = input.context !== undefined && contextProblem(input.context) === undefined;
  if (!subscriberId && !hasContext) {
    throw ServiceError.http(400, 'Either subscriberId or context must be provided');
  }
  const integration = integrationByIdentifier(scope, input.integrationIdentifier);
  if (subscriberId && !findSubscriber(scope.data, subscriberId)) {
    throw ServiceError.http(404, `Subscriber not found: ${subscriberId}`);
  }
  assertRoomFor(tables.channelConnections.size(scope.data), 'channel connections');
  const contextKeys = resolveContexts(scope, input.context);
  for (const existing of tables.channelConnections.values(scope.data)) {
    if (
      existing.integrationIdentifier === integration.identifier &&
      existing.subscriberId === subscriberId &&
      sameContextKeys(existing.contextKeys, contextKeys)
    ) {
      const subscriberPart = subscriberId ? `subscriberId "${subscriberId}"` : 'no subscriberId';
      const contextPart =
        contextKeys.length > 0 ? `context [${contextKeys.join(', ')}]` : 'no context';
      throw ServiceError.http(
        409,
        `A channel connection already exists for integration "${integration.identifier}" with ${subscriberPart} and ${contextPart}. Connection ID: ${existing.identifier}`,
      );
    }
  }
  const identifier = input.identifier || `chconn-${scope.ids.shortId(6)}`;
  if (tables.channelConnections.has(scope.data, identifier)) {
    throw ServiceError.http(
      409,
      `Channel connection with identifier "${identifier}" already exists in environment "${scope.environment._id}"`,
    );
  }
  const now = scope.iso();
  const record: ChannelConnectionRecord = {
    _id: scope.ids.objectId(),
    identifier,
    integrationIdentifier: integration.identifier,
    providerId: integration.providerId,
    channel: integration.channel,
    ...(subscriberId ? { subscriberId } : {}),
    contextKeys,
    workspace: structuredClone(input.workspace),
    auth: structuredClone(input.auth),
    createdAt: now,
    updatedAt: now,
  };
  tables.channelConnections.set(scope.data, identifier, record);
  return toDto(record);
}

/** `GET /v1/channel-connections/{identifier}`. */
export function retrieveChannelConnection(
  scope: EngineScope,
  identifier: string,
): ChannelConnectionDto {
  return toDto(connectionOrThrow(scope, identifier));
}

/** `PATCH /v1/channel-connections/{identifier}`: the given workspace and auth replace the old. */
export function updateChannelConnection(
  scope: EngineScope,
  identifier: string,
  body: unknown,
): ChannelConnectionDto {
  const input = validateBody(UpdateShape, body);
  const problems = sizeProblems({}, { workspace: input.workspace, auth: input.auth });
  if (problems.length > 0) throw ServiceError.dtoValidation(problems);
  const connection = tables.channelConnections.get(scope.data, identifier);
  if (!connection) {
    throw ServiceError.http(404, `Channel connection with identifier "${identifier}" not found`);
  }
  const now = scope.iso();
  tables.channelConnections.update(scope.data, connection, () => {
    connection.workspace = structuredClone(input.workspace);
    connection.auth = structuredClone(input.auth);
    connection.updatedAt = now;
  });
  return toDto(connection);
}

/** `DELETE /v1/channel-connections/{identifier}`: the record only; its endpoints keep its name. */
export function deleteChannelConnection(scope: EngineScope, identifier: string): undefined {
  connectionOrThrow(scope, identifier);
  tables.channelConnections.delete(scope.data, identifier);
  return undefined;
}

/** `GET /v1/channel-connections`: filters `subscriberId`, `channel`, `providerId`, `integrationIdentifier`, `contextKeys`. */
export function listChannelConnections(
  scope: EngineScope,
  search: ChannelSearch,
): CursorPage<ChannelConnectionDto> {
  const page = listChannelRows(tables.channelConnections.values(scope.data), search);
  return { ...page, data: page.data.map(toDto) };
}

/** The filters of the connections listing. */
export const CONNECTION_FILTERS = [
  'subscriberId',
  'channel',
  'providerId',
  'integrationIdentifier',
] as const;
