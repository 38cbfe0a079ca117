// The bins are named so `npx` cannot run another package's: `svc` is an unrelated npm package
// (and npx assumes `--yes` in CI), so the workflows CLI is `svc-workflows`, a name no npm package
// held when it was chosen (issue 36). Every doc and --help runs the bins as
// `npx -p @svc/api <bin>` (or through a package.json script), never a bare `npx <bin>`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../cli/run';
import { root } from './fresh-dist';

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
};
const BINS = Object.keys(manifest.bin);

function markdownFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'api' ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** `npx <bin>` with no `-p @svc/api` before the bin. */
const bareNpx = (text: string) =>
  [...text.matchAll(/npx\s+(?:(?:--?[\w-]+)\s+)*([\w@/.-]+)/g)]
    .filter((match) => BINS.includes(match[1] ?? '') || match[1] === 'svc')
    .map((match) => match[0]);

describe('bin names', () => {
  it('are svc-mock and svc-workflows, and no bare `svc`', () => {
    expect(BINS.sort()).toEqual(['svc-mock', 'svc-workflows']);
  });

  it('every doc runs them as `npx -p @svc/api <bin>`', () => {
    const found = ['README.md', ...markdownFiles('docs')]
      .filter((file) => !file.startsWith('docs/decisions/'))
      .flatMap((file) =>
        bareNpx(readFileSync(join(root, file), 'utf8')).map((hit) => `${file}: ${hit}`),
      );
    expect(found).toEqual([]);
  });

  it('both --help texts name the bin and the safe npx form', () => {
    const svcMockUsage = readFileSync(join(root, 'mock-server/http/cli.ts'), 'utf8');
    expect(USAGE).toMatch(/^Usage: svc-workflows /);
    expect(USAGE).toContain('npx -p @svc/api svc-workflows');
    expect(svcMockUsage).toContain('npx -p @svc/api svc-mock');
  });
});
