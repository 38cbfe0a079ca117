/**
 * Values that many records hold the same, stored once (issue 25's heap figure): frozen empty
 * containers, the plain in-app `cta`, and one copy of a workflow version's tags for all of its
 * notifications and messages. Only for fields that no code changes in place (a change replaces
 * the field); frozen, so a write that does throws instead of changing every record at once.
 * Snapshots and restores are `structuredClone`s, which give each restored record its own unfrozen
 * copy: that is fine, they are never changed in place either.
 *
 * @module
 */

/** `{}`, shared: a record's empty `controls` or `overrides`. */
export const EMPTY_OBJECT: Record<string, unknown> = Object.freeze({});

/** `[]`, shared: a record's empty `topics`, `contextKeys`, `tags` or (a subscriber's) `channels`. */
export const EMPTY_LIST: never[] = Object.freeze([]) as unknown as never[];

/** `{ type: 'redirect' }`, shared: the `cta` of an in-app message without redirect or buttons. */
export const REDIRECT_CTA: Record<string, unknown> = Object.freeze({ type: 'redirect' });

// A workflow's tags array is replaced on a change, never changed in place (workflow-upsert.ts,
// workflow-changes.ts), so one frozen copy per array serves every record of that version.
const tagCopies = new WeakMap<readonly string[], string[]>();

/**
 * The records' copy of a workflow's `tags`: one frozen copy per tags array, `EMPTY_LIST` when
 * there are none.
 *
 * @example
 * ```ts
 * const tags = sharedTags(workflow.tags); // the same array for every trigger of this version
 * ```
 */
export function sharedTags(tags: readonly string[]): string[] {
  if (tags.length === 0) return EMPTY_LIST;
  let copy = tagCopies.get(tags);
  if (copy === undefined) {
    copy = Object.freeze([...tags]) as string[];
    tagCopies.set(tags, copy);
  }
  return copy;
}

let lastInstant: readonly string[] = EMPTY_LIST;

/**
 * `[at]`, frozen, shared by the records stamped at the same instant one after another (a message's
 * `deliveredAt`; the engine's clock often stands still between writes): the last one is kept.
 *
 * @example
 * ```ts
 * const deliveredAt = instantList(scope.iso());
 * ```
 */
export function instantList(at: string): string[] {
  if (lastInstant[0] !== at) lastInstant = Object.freeze([at]);
  return lastInstant as string[];
}

/**
 * Makes the record's text fields flat strings. V8 keeps a concatenation (`a + b`, a template
 * literal) of 13 characters or more as a rope of its parts; `trim()` flattens it and answers the
 * flat string when there is nothing to trim, so the record keeps that and the rope and its parts
 * go: an email built as `` `user-${i}@example-${d}.com` `` costs 40 B instead of 128 B. A text
 * with spaces around it, or one that is flat already (JSON.parse gives flat ones), stays as it is.
 *
 * @example
 * ```ts
 * flattenTexts(record, ['email', 'firstName']);
 * ```
 */
export function flattenTexts<T extends object>(record: T, fields: readonly (keyof T)[]): void {
  for (const field of fields) {
    const value = record[field];
    if (typeof value !== 'string' || value.length < 13) continue;
    const flat = value.trim();
    if (flat.length === value.length) record[field] = flat as T[keyof T]; // the same text
  }
}
