/**
 * What each kind of channel endpoint holds, as the service's `validateEndpointForTypeFromSchema`
 * checks it: the required text fields, the optional ones, and the few special rules (a Webex
 * person by exactly one of id or email, a PagerDuty or Opsgenie region `us` or `eu`)
 * (docs/behaviour/channels.md#endpoint-types).
 *
 * @module
 */

import type { ChannelEndpointType } from '../../../src/schemas/channel-endpoint';

interface EndpointShape {
  required: readonly string[];
  optional: readonly string[];
  /** Fields whose value is one of a closed set. */
  enums?: Readonly<Record<string, readonly string[]>>;
  /** Exactly one of these fields (Webex person). */
  oneOf?: readonly string[];
  /** Fields that are objects rather than text. */
  objects?: readonly string[];
}

const REGIONS = ['us', 'eu'] as const;

/** The fields of each endpoint kind. */
export const ENDPOINT_SHAPES: Readonly<Record<ChannelEndpointType, EndpointShape>> = {
  slack_channel: { required: ['channelId'], optional: [] },
  slack_user: { required: ['userId'], optional: [] },
  webhook: { required: ['url'], optional: ['channel'] },
  phone: { required: ['phoneNumber'], optional: [] },
  ms_teams_channel: { required: ['teamId', 'channelId'], optional: [] },
  ms_teams_user: { required: ['userId'], optional: [] },
  telegram_chat: { required: ['chatId'], optional: [] },
  webex_room: { required: ['roomId'], optional: ['parentId'] },
  webex_person: { required: [], optional: [], oneOf: ['personId', 'personEmail'] },
  line_user: { required: ['userId'], optional: [] },
  pagerduty_service: {
    required: ['routingKey', 'region'],
    optional: [],
    enums: { region: REGIONS },
  },
  opsgenie_integration: {
    required: ['apiKey', 'region'],
    optional: [],
    enums: { region: REGIONS },
  },
  grafana_oncall_integration: { required: ['url'], optional: ['authToken'] },
  tool_webhook: {
    required: ['url'],
    optional: ['method'],
    enums: { method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    objects: ['headers'],
  },
};

/** Whether `type` is an endpoint kind the service knows. */
export function isEndpointType(type: string): type is ChannelEndpointType {
  return Object.hasOwn(ENDPOINT_SHAPES, type);
}

const isText = (value: unknown) => typeof value === 'string' && value !== '';

/**
 * Whether `endpoint` is what `type` requires: every required field a non-empty text, each
 * present optional field a text (or its object), closed values among theirs, and no field the
 * kind does not know.
 *
 * @example
 * ```ts
 * endpointMatches('slack_channel', { channelId: 'C123' }); // true
 * endpointMatches('slack_channel', { url: 'https://x' }); // false
 * ```
 */
export function endpointMatches(type: ChannelEndpointType, endpoint: unknown): boolean {
  if (endpoint === null || typeof endpoint !== 'object' || Array.isArray(endpoint)) return false;
  const shape = ENDPOINT_SHAPES[type];
  const value = endpoint as Record<string, unknown>;
  const known = new Set([
    ...shape.required,
    ...shape.optional,
    ...(shape.oneOf ?? []),
    ...(shape.objects ?? []),
  ]);
  for (const key of Object.keys(value)) if (!known.has(key)) return false;
  if (!shape.required.every((field) => isText(value[field]))) return false;
  for (const field of shape.optional) {
    if (value[field] !== undefined && typeof value[field] !== 'string') return false;
  }
  for (const [field, allowed] of Object.entries(shape.enums ?? {})) {
    if (value[field] !== undefined && !allowed.includes(value[field] as string)) return false;
  }
  for (const field of shape.objects ?? []) {
    const object = value[field];
    if (object === undefined) continue;
    if (object === null || typeof object !== 'object' || Array.isArray(object)) return false;
    if (!Object.values(object).every((header) => typeof header === 'string')) return false;
  }
  if (shape.oneOf !== undefined) {
    const given = shape.oneOf.filter((field) => value[field] !== undefined);
    if (given.length !== 1 || !isText(value[given[0] as string])) return false;
  }
  return true;
}
