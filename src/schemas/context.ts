import * as z from 'zod/mini';
import { Timestamp, type WireShape } from './common';
import { CURSOR_QUERY } from './order';

/** What a context's `type` and `id` may hold: letters, digits, `-` and `_`, 1 to 100 of them. */
export const CONTEXT_PART_PATTERN: RegExp = /^[a-zA-Z0-9_-]+$/;

/** The longest `type` or `id` of a context. */
export const CONTEXT_PART_MAX_LENGTH = 100;

/**
 * A context: a named scope (`tenant:acme`) that triggers, preferences and subscriptions can
 * carry, with its custom data.
 */
export const Context = z.looseObject({
  /** The context's type (`tenant`, `app`, `workspace`, ...). */
  type: z.string(),
  /** Its id within the type. */
  id: z.string(),
  /** Custom data (`{}` when none was given). */
  data: z.record(z.string(), z.unknown()),
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** When it was last updated (ISO 8601). */
  updatedAt: Timestamp,
});
export interface Context extends WireShape<typeof Context> {}

const contextPart = z
  .string()
  .check(z.minLength(1), z.maxLength(CONTEXT_PART_MAX_LENGTH), z.regex(CONTEXT_PART_PATTERN));

/** Body of `POST /v2/contexts`. */
export const ContextCreateBody = z.object({
  /** The context's type: letters, digits, `-`, `_`; 1 to 100 characters. */
  type: contextPart,
  /** Its id: letters, digits, `-`, `_`; 1 to 100 characters. */
  id: contextPart,
  /** Custom data (at most 64 KB as JSON). */
  data: z.optional(z.record(z.string(), z.unknown())),
});
export type ContextCreateBody = z.input<typeof ContextCreateBody>;

/** Body of `PATCH /v2/contexts/{type}/{id}`: the new data, which replaces the old whole. */
export const ContextUpdateBody = z.object({
  /** The context's new data (at most 64 KB as JSON). */
  data: z.record(z.string(), z.unknown()),
});
export type ContextUpdateBody = z.input<typeof ContextUpdateBody>;

/**
 * Query of `GET /v2/contexts`: the cursor options, `id` (exact) and `search` (part of
 * `type:id`, any case).
 */
export const ContextListQuery = z.object({
  ...CURSOR_QUERY,
  /** Only contexts with this id (of any type). */
  id: z.optional(z.string()),
  /** Only contexts whose `type:id` contains this text, in any case. */
  search: z.optional(z.string()),
});
export type ContextListQuery = z.infer<typeof ContextListQuery>;
