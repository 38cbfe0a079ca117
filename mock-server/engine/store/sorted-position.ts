/**
 * The one binary search of the engine: where an item goes in an array kept sorted, so every
 * sorted index (by `_id`, by due time, by slot) finds and inserts in `log n` with the same code.
 *
 * @module
 */

/**
 * The first position in `items` whose item does not come before the one sought: `comesBefore`
 * holds for a prefix of `items` (they are sorted) and fails from the answer on. An item equal to
 * the one sought, when there is one, is at the answer.
 *
 * @example
 * ```ts
 * const at = sortedPosition(data.messages, (message) => message._id < id);
 * ```
 */
export function sortedPosition<T>(items: readonly T[], comesBefore: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comesBefore(items[middle] as T)) low = middle + 1;
    else high = middle;
  }
  return low;
}
