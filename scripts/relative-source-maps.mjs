// The CommonJS build's source maps name their own file by its absolute path on the build
// machine (tsup's CommonJS pass): rewritten relative to the map, so the published maps carry no
// build directory (issue 36).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

/** Every `.map` file under a folder. */
function mapFiles(folder, suffix) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return mapFiles(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/**
 * Rewrites the absolute `sources`, `sourceRoot` and `file` of every source map under `folder`
 * whose name ends with `suffix`, relative to the map's own folder; returns how many changed.
 *
 * @example
 * relativeSourceMaps('dist', '.cjs.map'); // 22
 */
export function relativeSourceMaps(folder, suffix = '.map') {
  let changed = 0;
  for (const path of mapFiles(folder, suffix)) {
    const map = JSON.parse(readFileSync(path, 'utf8'));
    const here = dirname(path);
    const toRelative = (source) =>
      typeof source === 'string' && isAbsolute(source)
        ? relative(here, source).split(sep).join('/')
        : source;
    const sources = (map.sources ?? []).map(toRelative);
    const file =
      typeof map.file === 'string' && isAbsolute(map.file) ? basename(map.file) : map.file;
    const sourceRoot =
      typeof map.sourceRoot === 'string' && isAbsolute(map.sourceRoot) ? '' : map.sourceRoot;
    if (
      sources.some((source, index) => source !== map.sources[index]) ||
      file !== map.file ||
      sourceRoot !== map.sourceRoot
    ) {
      writeFileSync(path, JSON.stringify({ ...map, sources, file, sourceRoot }));
      changed += 1;
    }
  }
  return changed;
}
