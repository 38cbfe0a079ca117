// `npm run release:dry`: rehearse a release in a scratch copy (changeset version, version sync,
// build, npm pack --dry-run) without touching the working tree (docs/decisions/0081).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

function checkChangesets() {
  const files = run(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '.changeset'],
    root,
  )
    .split('\n')
    .filter((file) => file.endsWith('.md') && !file.endsWith('README.md'));
  const empty = files.filter((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
    return !/^\s*['"]?@svc\/api['"]?\s*:\s*(major|minor|patch)\s*$/m.test(front);
  });
  if (empty.length > 0) {
    throw new Error(
      `Changesets whose front matter names no release of @svc/api: ${empty.join(', ')}`,
    );
  }
  return files;
}

const changesets = checkChangesets();
const scratch = mkdtempSync(join(tmpdir(), 'svc-release-'));
try {
  const files = run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], root)
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(root, file), join(scratch, file));
  }
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');

  const before = JSON.parse(readFileSync(join(scratch, 'package.json'), 'utf8')).version;
  run(join(root, 'node_modules', '.bin', 'changeset'), ['version'], scratch);
  const manifest = JSON.parse(readFileSync(join(scratch, 'package.json'), 'utf8'));
  const versionFile = join(scratch, 'src', 'version.ts');
  const source = readFileSync(versionFile, 'utf8');
  const synced = source.replace(/VERSION = '[^']*'/, `VERSION = '${manifest.version}'`);
  if (synced === source && before !== manifest.version)
    throw new Error('src/version.ts has no VERSION');
  writeFileSync(versionFile, synced);

  run('npm', ['run', 'build', '--silent'], scratch);
  const packed = JSON.parse(run('npm', ['pack', '--dry-run', '--json'], scratch))[0];
  const packedFiles = new Set(packed.files.map((file) => file.path));
  const targets = JSON.stringify(manifest.exports).match(/\.\/dist\/[^"]+/g) ?? [];
  const missing = targets.map((target) => target.slice(2)).filter((path) => !packedFiles.has(path));
  if (missing.length > 0)
    throw new Error(`The package misses export targets: ${missing.join(', ')}`);

  const changelog = readFileSync(join(scratch, 'CHANGELOG.md'), 'utf8');
  console.log(`@svc/api ${before} -> ${manifest.version} (${changesets.length} changesets)`);
  console.log(`\n${changelog.trim()}\n`);
  console.log(
    `${packed.filename}: ${packed.files.length} files, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
