/**
 * A data directory must be private to the user svc-mock runs as: another user who can write in
 * it could plant a symlink where svc-mock writes (its API keys would land outside) or swap its
 * files (docs/security.md, "Running it on a shared network").
 *
 * @module
 */

import type { DataFs } from './data-fs';

/**
 * Creates `directory` (mode 700) when missing, then throws unless it is a directory owned by
 * this process's user that neither its group nor others may write to.
 *
 * @example
 * ```ts
 * ensurePrivateDirectory(fs, '/data');
 * ```
 */
export function ensurePrivateDirectory(fs: DataFs, directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(directory);
  if (!stat.isDirectory()) throw new Error(`${directory} is not a directory`);
  // Windows has neither owners nor modes of this kind: it relies on the folder's ACL.
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return;
  const uid = process.getuid();
  if (stat.uid !== uid) {
    throw new Error(
      `${directory} belongs to user ${stat.uid}, not to the user svc-mock runs as (${uid}): another user could change its files; use a directory of your own`,
    );
  }
  if ((stat.mode & 0o022) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
    throw new Error(
      `${directory} can be written by other users (mode ${mode}): they could plant files svc-mock would write through; run \`chmod go-w ${directory}\` or use a private directory`,
    );
  }
}
