/**
 * The engine's type of what a response schema describes: the schema's input (what the engine
 * hands to the wire), its named fields only.
 *
 * @module
 */

import type * as z from 'zod/mini';
import type { KnownFields } from '../../../src/schemas/common';

/**
 * What a response schema accepts, without the index signatures of its loose objects: the type
 * of an engine answer (`TopicDto = WireInput<typeof Topic>`), so a field added to or dropped from
 * the schema changes the engine's type with it (docs/decisions/0150).
 *
 * @example
 * ```ts
 * const topic: WireInput<typeof Topic> = { _id: '64da692e9a94fb2e6449ad07', key: 'news' };
 * ```
 */
export type WireInput<S extends z.ZodMiniType> = KnownFields<z.input<S>>;
