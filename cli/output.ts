/**
 * Where the CLI writes: results to stdout, errors to stderr, progress lines only on a terminal.
 *
 * @module
 */

/** The streams and settings a CLI run writes to (process's own, or a test's). */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** The client's fetch (tests pass their own); the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** Writes one progress line per workflow when stdout is a terminal and `--json` is off. */
export function progress(io: CliIo, json: boolean): (line: string) => void {
  if (json || io.stdout.isTTY !== true) return () => {};
  return (line) => io.stdout.write(`${line}\n`);
}
