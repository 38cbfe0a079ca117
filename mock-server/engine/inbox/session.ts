/**
 * `POST /v1/inbox/session`: the Inbox's sign-in. The environment comes from its
 * `applicationIdentifier` (no API key); the subscriber is created or updated as the service's
 * session does; with HMAC on (the active in-app integration's `credentials.hmac`), the
 * `subscriberHash` (and the `contextHash` of a context) must match.
 *
 * @module
 */

import { newestActiveIntegration } from '../resources/integrations';
import { createSubscriber } from '../resources/subscriber-lifecycle';
import { findSubscriber, updateSubscriber } from '../resources/subscribers';
import type { EngineScope } from '../scope';
import { type EngineState, type EnvironmentRecord, PROFILE_FIELDS } from '../store/state';
import { tables } from '../store/tables';
import { checkJsonDepth } from '../wire/json-depth';
import { ServiceError } from '../wire/service-error';
import { constantTimeEqual, hmacSha256Hex } from './hmac-sha256';
import { inboxCounts } from './inbox-counts';
import { updateInboxPreferences } from './inbox-preferences';
import { MAX_SNOOZE_HOURS } from './notification-actions';
import { MAX_COUNT } from './notification-filter';
import type { UnreadCount } from './notification-shapes';

/**
 * What `POST /v1/inbox/session` answers inside `data`.
 *
 * @example
 * ```ts
 * const { data }: { data: InboxSessionAnswer } = await response.json();
 * fetch(`${apiUrl}/v1/inbox/notifications`, { headers: { Authorization: `Bearer ${data.token}` } });
 * ```
 */
export interface InboxSessionAnswer {
  token: string;
  totalUnreadCount: number;
  unreadCount: UnreadCount;
  removeNovuBranding: boolean;
  maxSnoozeDurationHours: number;
  isDevelopmentMode: boolean;
  contextKeys?: string[];
}

const PROFILE = [...PROFILE_FIELDS, 'data'] as const;

/** The environment whose `identifier` the request names: 400 as the service answers otherwise. */
export function environmentByIdentifier(state: EngineState, body: unknown): EnvironmentRecord {
  const identifier =
    body !== null && typeof body === 'object'
      ? (body as Record<string, unknown>)['applicationIdentifier']
      : undefined;
  if (typeof identifier !== 'string' || identifier === '') {
    throw ServiceError.dtoValidation(['applicationIdentifier should not be empty']);
  }
  for (const environment of tables.environments.values(state)) {
    if (environment.identifier === identifier) return environment;
  }
  throw ServiceError.http(400, 'Please provide a valid application identifier');
}

/**
 * Canonical JSON (keys sorted at every level, no spaces): what the service hashes a context as.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: { d: 2, c: 3 } }); // '{"a":{"c":3,"d":2},"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A session context's keys (`type:id`), checked: each value a non-empty id or `{ id, data? }`. */
function contextKeysOf(context: unknown): string[] {
  if (context === undefined || context === null) return [];
  if (typeof context !== 'object' || Array.isArray(context)) {
    throw ServiceError.dtoValidation(['context must be an object']);
  }
  checkJsonDepth(context, 'The context');
  const entries = Object.entries(context as Record<string, unknown>);
  if (entries.length > 5) throw ServiceError.dtoValidation(['context must have at most 5 entries']);
  return entries.map(([type, value]) => {
    const id =
      typeof value === 'string'
        ? value
        : value && typeof value === 'object'
          ? (value as { id?: unknown }).id
          : undefined;
    if (typeof id !== 'string' || id === '' || !/^[\w.-]{1,100}$/.test(type) || id.length > 200) {
      throw ServiceError.dtoValidation([`context.${type} must be an id or an object with an id`]);
    }
    return `${type}:${id}`;
  });
}

function subscriberInputOf(body: Record<string, unknown>): Record<string, unknown> {
  const given = body['subscriber'];
  if (given !== undefined && given !== null) {
    if (typeof given === 'string') return { subscriberId: given };
    if (typeof given !== 'object' || Array.isArray(given)) {
      throw ServiceError.dtoValidation(['subscriber must be an object']);
    }
    return given as Record<string, unknown>;
  }
  return { subscriberId: body['subscriberId'] };
}

/** The in-app integration's HMAC rule: the hashes must be those of the environment's API key. */
function checkHashes(
  scope: EngineScope,
  subscriberId: string,
  body: Record<string, unknown>,
): void {
  const key = scope.environment.apiKey;
  const given = body['subscriberHash'];
  if (typeof given !== 'string' || !constantTimeEqual(hmacSha256Hex(key, subscriberId), given)) {
    throw ServiceError.http(400, 'Please provide a valid HMAC hash');
  }
  const context = body['context'];
  if (context !== undefined && context !== null && Object.keys(context).length > 0) {
    const contextHash = body['contextHash'];
    if (
      typeof contextHash !== 'string' ||
      !constantTimeEqual(hmacSha256Hex(key, canonicalJson(context)), contextHash)
    ) {
      throw ServiceError.http(400, 'Please provide a valid context HMAC hash');
    }
  }
}

/**
 * `POST /v1/inbox/session` in the environment the `applicationIdentifier` named: checks the HMAC
 * when the in-app integration asks for it, creates or updates the subscriber, applies a
 * `defaultSchedule` to a subscriber without one, and issues a token.
 */
export function startSession(scope: EngineScope, body: unknown): InboxSessionAnswer {
  const input = (body ?? {}) as Record<string, unknown>;
  const subscriberInput = subscriberInputOf(input);
  const subscriberId = subscriberInput['subscriberId'];
  if (typeof subscriberId !== 'string' || subscriberId.trim() === '') {
    throw ServiceError.dtoValidation(['subscriberId should not be empty']);
  }
  const contextKeys = contextKeysOf(input['context']);
  const integration = newestActiveIntegration(
    scope.data,
    (candidate) => candidate.channel === 'in_app',
  );
  if (!integration)
    throw ServiceError.http(404, 'The active in-app integration could not be found');
  if (integration.credentials['hmac'] === true) checkHashes(scope, subscriberId, input);
  const profile = Object.fromEntries(
    PROFILE.filter((field) => subscriberInput[field] !== undefined).map((field) => [
      field,
      subscriberInput[field],
    ]),
  );
  const existing = findSubscriber(scope.data, subscriberId);
  if (!existing) createSubscriber(scope, { subscriberId, ...profile }, { failIfExists: false });
  else if (Object.keys(profile).length > 0) updateSubscriber(scope, subscriberId, profile);
  const subscriber = findSubscriber(scope.data, subscriberId);
  if (!subscriber) throw ServiceError.http(404, `Subscriber ${subscriberId} not found`);
  const defaultSchedule = input['defaultSchedule'];
  if (defaultSchedule !== undefined && defaultSchedule !== null) {
    updateInboxPreferences(
      scope,
      subscriber,
      undefined,
      { schedule: defaultSchedule },
      { onlyWhenUnset: true },
    );
  }
  const { unreadCount } = inboxCounts(scope.data, subscriber, scope.now());
  const token = scope.inbox.sessions.issue(scope.environment, subscriber, contextKeys);
  return {
    token,
    totalUnreadCount: Math.min(unreadCount.total, MAX_COUNT),
    unreadCount,
    removeNovuBranding: false,
    maxSnoozeDurationHours: MAX_SNOOZE_HOURS,
    isDevelopmentMode: scope.environment.name === 'Development',
    ...(contextKeys.length > 0 ? { contextKeys } : {}),
  };
}
