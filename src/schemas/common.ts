import * as z from 'zod/mini';

/**
 * An enum that stays open for forward compatibility: known values are suggested by the type,
 * and any other string still parses (typed `Known | (string & {})`), so a new server-side value
 * never breaks a response.
 *
 * Use it for response fields. Request fields use a closed `z.enum` so bad input is caught
 * before it is sent.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  _values: T,
): z.ZodMiniType<T[number] | (string & {})> {
  return z.string() as z.ZodMiniType<T[number] | (string & {})>;
}

/**
 * A wire type without the index signatures zod gives a loose object, at every depth. A record
 * (`data`, `payload`: only an index signature) keeps its keys; its values lose theirs.
 *
 * @example
 * ```ts
 * type Loose = { subscriberId: string; [key: string]: unknown };
 * const known: KnownFields<Loose> = { subscriberId: 'user-1' }; // `.emial` no longer compiles
 * ```
 */
export type KnownFields<T> = T extends
  | string
  | number
  | boolean
  | bigint
  | symbol
  | null
  | undefined
  ? T // an open enum (`'processed' | (string & {})`) included
  : T extends readonly (infer Item)[]
    ? KnownFields<Item>[]
    : T extends object
      ? [keyof { [K in keyof T as string extends K ? never : K]: 0 }] extends [never]
        ? { [K in keyof T]: KnownFields<T[K]> } // a record: its values' fields only
        : { [K in keyof T as string extends K ? never : K]: KnownFields<T[K]> }
      : T;

/**
 * What a response schema promises: the fields it names, at every depth, and no index signature.
 * Response schemas are loose (a field the service adds is kept at run time and never fails a
 * response), but their types do not promise unknown fields, so `subscriber.emial` is a compile
 * error. Each wire type is a named interface declared from its schema
 * (`interface Subscriber extends WireShape<typeof Subscriber> {}`): the schema is the one
 * declaration, each field's doc comment is on the schema's key, and hover shows the name.
 *
 * @example
 * ```ts
 * const TriggerAnswer = z.looseObject({ transactionId: z.string() });
 * interface TriggerAnswer extends WireShape<typeof TriggerAnswer> {}
 * ```
 */
export type WireShape<S extends z.ZodMiniType> = KnownFields<z.output<S>>;

/** An ISO 8601 timestamp string as the service sends it (not re-validated on responses). */
export const Timestamp = z.string();

/**
 * A 24-hex ObjectId-style identifier as the service generates for every `_id`, in either case (the
 * service's `IsMongoId`): the one ObjectId rule of the client, the CLI and the engine
 * (test/architecture/object-id-rule.test.ts keeps it one).
 */
export const ObjectIdPattern: RegExp = /^[0-9a-f]{24}$/i;

/** A free-form JSON object (custom data, payloads, overrides). */
export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;

/** Message channels a workflow step can deliver through. */
export const CHANNEL_TYPES = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
/** A message channel. */
export type ChannelType = (typeof CHANNEL_TYPES)[number];

/** Every step type of a workflow. */
export const STEP_TYPES = [
  'in_app',
  'email',
  'sms',
  'chat',
  'push',
  'digest',
  'trigger',
  'delay',
  'throttle',
  'custom',
] as const;
/** A workflow step type. */
export type StepType = (typeof STEP_TYPES)[number];

/**
 * Chat and push provider ids a subscriber can hold channel credentials for (kept here, with no
 * schema beside it, so a trigger-only bundle does not carry the subscriber schemas).
 */
export const CHAT_PUSH_PROVIDER_IDS = [
  'slack',
  'discord',
  'msteams',
  'mattermost',
  'ryver',
  'zulip',
  'grafana-on-call',
  'getstream',
  'rocket-chat',
  'whatsapp-business',
  'chat-webhook',
  'svc-slack',
  'fcm',
  'apns',
  'expo',
  'one-signal',
  'pushpad',
  'push-webhook',
  'pusher-beams',
] as const;
/** A chat or push provider id. */
export type ChatPushProviderId = (typeof CHAT_PUSH_PROVIDER_IDS)[number];

/** The (empty) answer of a 204 No Content (the message and workflow deletes). */
export const NoContent = z.undefined();
export type NoContent = z.infer<typeof NoContent>;
