/**
 * How the engine declares an operation, for every surface (the admin API and the Inbox): a route
 * and the handler that answers it, side by side, in the style of msw's `http.get(path, resolver)`.
 * The route says how a caller authenticates and how its answer is shaped; `perform` runs every
 * operation under one protocol (docs/decisions/0146-one-operation-kind.md).
 *
 * @module
 */

import type * as z from 'zod/mini';
import type { HttpMethod, PathParams, RateLimitCategory } from '../../../src/routes/route';
import { withOperationBudget } from '../run/work-budget';
import type { EngineScope } from '../scope';
import type { SubscriberRecord } from '../store/state';
import type { WireInput } from '../wire/wire-input';

/**
 * How a request of a route proves who it is (`policy/authenticators.ts`): an API key
 * (`Authorization: ApiKey …`, the admin API), an Inbox session token (`Authorization: Bearer …`),
 * the `applicationIdentifier` of the body (the Inbox's session route), or the path's
 * `environmentId` (the delivery-provider webhook).
 *
 * @example
 * ```ts
 * const auth: Authentication = 'inbox-session';
 * ```
 */
export type Authentication =
  | 'api-key'
  | 'inbox-session'
  | 'application-identifier'
  | 'environment-path';

/**
 * How a route's result is answered: inside the service's `{ data }` envelope, whole (a page or a
 * list that carries its own `data`), or as the service's response interceptor decides from the
 * value (`interceptor`: whole when it has a truthy `data` and no `_id`, else in `{ data }`; an
 * entity with an optional `data` field, such as an Inbox notification, is answered either way).
 *
 * @example
 * ```ts
 * const answer: AnswerShape = 'whole'; // GET /v1/inbox/notifications: { data, hasMore, filter }
 * ```
 */
export type AnswerShape = 'envelope' | 'whole' | 'interceptor';

/**
 * What the engine reads of a route: the admin API's routes (`src/routes/`) are ones, and so are
 * the Inbox's (`operations/inbox.ts`), which add how they authenticate and answer.
 *
 * @example
 * ```ts
 * const route: OperationRoute = {
 *   operation: 'inbox.notifications.count',
 *   method: 'GET',
 *   path: '/v1/inbox/notifications/count',
 *   status: 200,
 *   category: 'global',
 *   auth: 'inbox-session',
 *   answer: 'whole',
 *   idempotent: false,
 * };
 * ```
 */
export interface OperationRoute {
  readonly operation: string;
  readonly method: HttpMethod;
  /** Path with `:name` parameters. */
  readonly path: string;
  readonly status: number;
  readonly category: RateLimitCategory;
  /** Rate-limit tokens a request takes (default 1). */
  readonly cost?: number;
  /** Largest accepted body in bytes (default 100 kB). */
  readonly bodyLimit?: number;
  /** How the body is read: JSON (default) or `multipart/form-data` (`pipeline/multipart-body.ts`). */
  readonly bodyType?: 'json' | 'multipart';
  readonly query?: z.ZodMiniType;
  /** Schema of the (unwrapped) success body, when the route has one. */
  readonly response?: z.ZodMiniType;
  /** Default `'api-key'`. */
  readonly auth?: Authentication;
  /**
   * Default: for a response schema with `data` and no `_id`, `'whole'` when `data` is a list (a
   * page), else `'interceptor'`; `'envelope'` for the others.
   */
  readonly answer?: AnswerShape;
  /** Whether `Idempotency-Key` is honoured on its POST and PATCH (default true). */
  readonly idempotent?: boolean;
}

/**
 * What a handler reads of its request: the decoded path parameters, the raw query and the parsed
 * JSON body (`undefined` when there is none); a route authenticated by an Inbox session also gets
 * the session's subscriber. Query and body are read by the handler's own rules, because the
 * service answers their mistakes with its own messages.
 *
 * @example
 * ```ts
 * // What the handler of `GET /v2/subscribers/user-1` reads:
 * const input = { params: { subscriberId: 'user-1' }, query: new URLSearchParams(), body: undefined };
 * ```
 */
export type OperationInput<R extends OperationRoute> = {
  params: PathParams<R['path']>;
  query: URLSearchParams;
  body: unknown;
  /**
   * What the operation's `prepare` gathered outside the engine before it ran (a bridge's
   * discover answer), or `undefined` for an operation without one. A data directory keeps it
   * with the operation, so a replay does not ask again.
   */
  prepared?: unknown;
} & (R extends { auth: 'inbox-session' } ? { subscriber: SubscriberRecord } : unknown);

/**
 * A handler's answer with another success status than its route's: an upsert answers 201 when
 * it created and 200 when it updated.
 *
 * @example
 * ```ts
 * return created ? topic : new StatusAnswer(200, topic);
 * ```
 */
export class StatusAnswer<T> {
  constructor(
    readonly status: number,
    readonly value: T,
  ) {}
}

/**
 * One operation: its route and its handler.
 *
 * @example
 * ```ts
 * // engine.operations runs a definition through the engine's one protocol:
 * engine.operations['subscribers.retrieve'](engine.scope('Development'), {
 *   params: { subscriberId: 'user-1' },
 * });
 * ```
 */
export interface OperationDefinition<R extends OperationRoute = OperationRoute, T = unknown> {
  readonly route: R;
  /** Answers one request of the route in the caller's scope. */
  readonly handle: (scope: EngineScope, input: OperationInput<R>) => T;
  /**
   * Gathers what the handler needs from outside the engine (the network) before the handler
   * runs in its journal; a `ServiceError` it throws is the answer, and nothing changes.
   */
  readonly prepare?: (scope: EngineScope, input: OperationInput<R>) => Promise<unknown>;
}

/**
 * What a route's handler answers: the input of the route's response schema (the unwrapped body,
 * before `perform` puts it in its envelope), its named fields only (the schemas are loose
 * objects; their index signature would let any record through). A route without a response
 * schema (the Inbox's) answers anything.
 *
 * @example
 * ```ts
 * const topic: WireAnswer<typeof routes.topicsRetrieveRoute> = { _id: '…', key: 'news' };
 * ```
 */
export type WireAnswer<R extends OperationRoute> = R extends {
  readonly response: infer S extends z.ZodMiniType;
}
  ? WireInput<S>
  : unknown;

/**
 * What a handler of a route may return: its {@link WireAnswer}, or one with another success
 * status ({@link StatusAnswer}; `undefined` for a 204), or nothing where the route answers nothing.
 *
 * @example
 * ```ts
 * const answer: HandlerResult<typeof routes.topicsCreateRoute> = new StatusAnswer(200, topic);
 * ```
 */
export type HandlerResult<R extends OperationRoute> =
  | WireAnswer<R>
  | StatusAnswer<WireAnswer<R>>
  | StatusAnswer<undefined>
  // biome-ignore lint/suspicious/noConfusingVoidType: a route that answers nothing takes a `void` writer's result
  | (undefined extends WireAnswer<R> ? void : never);

type Primitive = string | number | boolean | bigint | symbol | null | undefined;
type Depth = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The value type of key `K` in any object member of `W` (a record's values for any key). */
type FieldOf<W, K extends string> = W extends unknown
  ? K extends keyof W
    ? W[K]
    : string extends keyof W
      ? W[string & keyof W]
      : never
  : never;

/** `a.b`: a field's path under its parent's. */
type FieldPath<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

/**
 * The paths (`steps[].extra`) of the named fields of `T` that `W` does not name, at every depth:
 * a value assignable to the schema's type may still carry fields the schema lacks (a record's
 * internal `_organizationId`), which TypeScript lets through unless the value is a literal. A
 * free-form record of `T` (an index signature) is not checked.
 *
 * @example
 * ```ts
 * type Extra = FieldsTheSchemaLacks<{ key: string; secret: string }, { key: string }>; // 'secret'
 * ```
 */
export type FieldsTheSchemaLacks<T, W, P extends string = '', D extends number = 10> = [D] extends [
  never,
]
  ? never
  : 0 extends 1 & T
    ? never // any
    : unknown extends W
      ? never // the schema says nothing (`z.unknown()`, a record's values)
      : T extends Primitive
        ? never
        : T extends readonly (infer Item)[]
          ? FieldsTheSchemaLacks<Item, Extract<W, readonly unknown[]>[number], `${P}[]`, Depth[D]>
          : T extends object
            ? {
                [K in keyof T & string]-?: string extends K
                  ? never
                  : [FieldOf<Exclude<W, Primitive>, K>] extends [never]
                    ? FieldPath<P, K>
                    : FieldsTheSchemaLacks<
                        T[K],
                        FieldOf<Exclude<W, Primitive>, K>,
                        FieldPath<P, K>,
                        Depth[D]
                      >;
              }[keyof T & string]
            : never;

/** The value a handler answers, out of its `StatusAnswer`. */
type AnsweredValue<T> = T extends StatusAnswer<infer V> ? V : T;

/**
 * Nothing when a handler's answers name only fields of the route's response schema; else one
 * more argument, which no caller passes, so `defineOperation` fails to compile and its error
 * names the fields (`fieldsTheSchemaLacks: "environmentId"`).
 */
type SchemaFieldsOnly<R extends OperationRoute, T> = [
  FieldsTheSchemaLacks<AnsweredValue<T>, WireAnswer<R>>,
] extends [never]
  ? []
  : [fieldsTheSchemaLacks: FieldsTheSchemaLacks<AnsweredValue<T>, WireAnswer<R>>];

/**
 * Declares an operation: `perform` runs the handler inside one journal (a throw undoes its
 * writes) with the caller's scope, and answers its value the way the route says. The handler
 * returns its route's {@link WireAnswer}: a missing or mistyped field fails to compile here, and
 * so does a field the response schema lacks (docs/decisions/0150-handler-returns-tied-to-the-wire.md).
 *
 * @example
 * ```ts
 * export const topicsRetrieve = defineOperation(routes.topicsRetrieveRoute, (scope, { params }) =>
 *   retrieveTopic(scope, params.topicKey),
 * );
 * ```
 */
export function defineOperation<const R extends OperationRoute, T extends HandlerResult<R>>(
  route: R,
  handle: (scope: EngineScope, input: OperationInput<R>) => T,
  ..._fieldsTheSchemaLacks: SchemaFieldsOnly<R, T>
): OperationDefinition<R, T> {
  // Each operation's renders share one budget (run/work-budget.ts).
  return { route, handle: (scope, input) => withOperationBudget(() => handle(scope, input)) };
}

/**
 * Declares an operation that first gathers data outside the engine (`prepare`, asynchronous,
 * outside the journal), then answers from it (`handle`, as {@link defineOperation}'s handler,
 * reading `input.prepared`).
 *
 * @example
 * ```ts
 * export const bridgeSync = definePreparedOperation(bridgeSyncRoute, discover, applySync);
 * ```
 */
export function definePreparedOperation<const R extends OperationRoute, T extends HandlerResult<R>>(
  route: R,
  prepare: (scope: EngineScope, input: OperationInput<R>) => Promise<unknown>,
  handle: (scope: EngineScope, input: OperationInput<R>) => T,
  ...fieldsTheSchemaLacks: SchemaFieldsOnly<R, T>
): OperationDefinition<R, T> {
  return { ...defineOperation(route, handle, ...fieldsTheSchemaLacks), prepare };
}

/**
 * What a caller of `engine.operations` passes: path parameters typed from the route, the query
 * as the client sends it (or as raw `URLSearchParams`) and the body.
 *
 * @example
 * ```ts
 * engine.operations['subscribers.search'](engine.scope('Development'), { query: { limit: 10 } });
 * ```
 */
export type OperationCall<R extends OperationRoute> = (keyof PathParams<R['path']> extends never
  ? { params?: PathParams<R['path']> }
  : { params: PathParams<R['path']> }) & {
  query?: QueryOf<R> | URLSearchParams;
  body?: unknown;
};

/**
 * The query object the client sends for a route (its zod query schema's input).
 *
 * @example
 * ```ts
 * const query: QueryOf<(typeof ROUTES)[2]> = { limit: 10, email: 'ada@example.com' }; // subscribers.search
 * ```
 */
export type QueryOf<R extends OperationRoute> = R extends { query: infer Q extends z.ZodMiniType }
  ? z.input<Q>
  : Record<string, string | number | boolean | undefined>;

/**
 * How a route answers: its own `answer`, or what its response schema says (a page carries its
 * own `data` and is no entity; another object with `data` and no `_id` is answered as the
 * service's interceptor decides from the value).
 *
 * @example
 * ```ts
 * answerShapeOf(routes.topicsListRoute); // 'whole'
 * ```
 */
export function answerShapeOf(route: OperationRoute): AnswerShape {
  if (route.answer !== undefined) return route.answer;
  type Def = { _zod?: { def?: { type?: string; shape?: Record<string, Def> } } };
  const shape = (route.response as Def | undefined)?._zod?.def?.shape;
  if (shape === undefined || !('data' in shape) || '_id' in shape) return 'envelope';
  return shape['data']?._zod?.def?.type === 'array' ? 'whole' : 'interceptor';
}
