/**
 * A command line's unknown option, told in one line with the nearest known option ("did you
 * mean"), instead of the whole usage.
 *
 * @module
 */

/** Edit distance between two short strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The message for a `node:util` parseArgs error: for an unknown option, `unknown option --prot;
 * did you mean --port? (<bin> --help lists every option)`; other errors as they are. `undefined`
 * when the error is not about an unknown option.
 *
 * @example
 * ```ts
 * unknownOptionMessage(new Error("Unknown option '--prot'"), ['port', 'host'], 'svc-mock');
 * // "unknown option --prot; did you mean --port? (svc-mock --help lists every option)"
 * ```
 */
export function unknownOptionMessage(
  error: unknown,
  known: readonly string[],
  bin: string,
): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^Unknown option '(-{1,2})([^']*)'/.exec(message);
  if (match === null) return undefined;
  const given = (match[2] ?? '').slice(0, 100);
  const nearest = known
    .map((option) => ({ option, cost: distance(given.toLowerCase(), option) }))
    .sort((a, b) => a.cost - b.cost)[0];
  const close = nearest !== undefined && nearest.cost <= Math.max(2, Math.floor(given.length / 3));
  return (
    `unknown option ${match[1]}${given}` +
    (close ? `; did you mean --${nearest.option}?` : '') +
    ` (${bin} --help lists every option)`
  );
}
