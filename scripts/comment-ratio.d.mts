/** The non-blank lines of a TypeScript source and how many of them hold only comment. */
export function countLines(
  text: string,
  fileName?: string,
): { lines: number; commentLines: number };
/** The comment lines of every `.ts` file under `root/src`, per file (paths relative to `root`). */
export function commentLinesOf(
  root: string,
): { file: string; lines: number; commentLines: number }[];
/** The totals of `files` grouped by `key` (a file's folder by default), and their share in percent. */
export function summarise(
  files: readonly { file: string; lines: number; commentLines: number }[],
  key?: (file: { file: string }) => string,
): Map<string, { files: number; lines: number; commentLines: number; percent: number }>;
