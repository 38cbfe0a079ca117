/**
 * Path globs of fault rules (`/v2/subscribers/*`): `*` matches any run of characters, everything
 * else matches itself. Matched without regular expressions, in time linear in the path and the
 * glob: a glob such as `*a*a*a*a*a*a*a*a*b` cannot make a backtracking engine freeze every
 * request (docs/security.md).
 *
 * @module
 */

/** The longest glob a fault may carry. */
export const MAX_PATH_GLOB_LENGTH = 2_048;

/** A compiled glob. */
export interface PathGlob {
  /** Whether the whole `path` matches the glob. */
  matches(path: string): boolean;
}

/**
 * Compiles a glob. The literal parts between stars are matched in order, each at its leftmost
 * place after the previous one (which is enough for `*`-only globs: a later place never helps),
 * the first part anchored at the start and the last at the end.
 *
 * @throws RangeError when the glob is longer than {@link MAX_PATH_GLOB_LENGTH}.
 */
export function compilePathGlob(glob: string): PathGlob {
  if (glob.length > MAX_PATH_GLOB_LENGTH) {
    throw new RangeError(
      `a path glob is at most ${MAX_PATH_GLOB_LENGTH} characters, got ${glob.length}`,
    );
  }
  const parts = glob.split('*');
  const first = parts[0] ?? '';
  if (parts.length === 1) return { matches: (path) => path === glob };
  const last = parts[parts.length - 1] ?? '';
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  const fixedLength = first.length + last.length;
  return {
    matches(path) {
      if (path.length < fixedLength || !path.startsWith(first) || !path.endsWith(last)) {
        return false;
      }
      let from = first.length;
      const end = path.length - last.length;
      for (const part of middle) {
        const at = path.indexOf(part, from);
        if (at === -1 || at + part.length > end) return false;
        from = at + part.length;
      }
      return true;
    },
  };
}
