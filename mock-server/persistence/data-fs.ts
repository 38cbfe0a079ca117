/**
 * The file-system calls a data directory makes, so a test can make one fail (a full disk)
 * without filling a disk.
 *
 * @module
 */

import * as nodeFs from 'node:fs';

/** The calls of `node:fs` a data directory uses. */
export type DataFs = Pick<
  typeof nodeFs,
  | 'openSync'
  | 'closeSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'fsync'
  | 'fdatasync'
  | 'ftruncateSync'
  | 'readFileSync'
  | 'renameSync'
  | 'linkSync'
  | 'unlinkSync'
  | 'readdirSync'
  | 'mkdirSync'
  | 'statSync'
  | 'lstatSync'
  | 'existsSync'
>;

/**
 * The real file system, with any call replaced by `overrides`.
 *
 * @example
 * ```ts
 * const fs = dataFs({ writeSync: () => { throw Object.assign(new Error('full'), { code: 'ENOSPC' }); } });
 * ```
 */
export function dataFs(overrides: Partial<DataFs> = {}): DataFs {
  return {
    openSync: nodeFs.openSync,
    closeSync: nodeFs.closeSync,
    writeSync: nodeFs.writeSync,
    fsyncSync: nodeFs.fsyncSync,
    fsync: nodeFs.fsync,
    fdatasync: nodeFs.fdatasync,
    ftruncateSync: nodeFs.ftruncateSync,
    readFileSync: nodeFs.readFileSync,
    renameSync: nodeFs.renameSync,
    linkSync: nodeFs.linkSync,
    unlinkSync: nodeFs.unlinkSync,
    readdirSync: nodeFs.readdirSync,
    mkdirSync: nodeFs.mkdirSync,
    statSync: nodeFs.statSync,
    lstatSync: nodeFs.lstatSync,
    existsSync: nodeFs.existsSync,
    ...overrides,
  } as DataFs;
}
