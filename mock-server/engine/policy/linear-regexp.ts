/**
 * A linear-time regular expression engine for the patterns users put in a workflow's
 * `payloadSchema` (`pattern`, `patternProperties`). JavaScript's own engine backtracks, so a
 * pattern such as `^(a+)+$` can take exponential time on one short payload and freeze the
 * server; RE2 (through its JavaScript port `re2js`) matches in time linear in the input. RE2 has
 * no lookarounds or backreferences: a schema that uses them is refused when it is compiled
 * (docs/engine-differences.md).
 *
 * @module
 */

import { RE2JS } from 're2js';

/** What AJV needs from a compiled pattern. */
export interface LinearRegExp {
  /** Whether the pattern matches anywhere in `input` (JavaScript's `RegExp#test`). */
  test(input: string): boolean;
  /** `/pattern/`, as a `RegExp` shows itself: AJV keys its compiled patterns by this text. */
  toString(): string;
}

/**
 * Compiles a JSON Schema `pattern` with RE2: the `code.regExp` engine of AJV. The flags AJV
 * passes (`u`) need nothing: RE2 always reads Unicode.
 *
 * @throws Error naming the unsupported syntax (lookarounds, backreferences).
 */
export function linearRegExp(pattern: string, _flags?: string): LinearRegExp {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (error) {
    throw new Error(
      `pattern ${JSON.stringify(pattern)} is not supported: ${(error as Error).message} (patterns run on a linear-time engine without lookarounds or backreferences)`,
    );
  }
  return { test: (input) => compiled.test(input), toString: () => `/${pattern}/` };
}
// AJV reads `code` to write standalone validators; it never does so here.
linearRegExp.code = 'linearRegExp';
