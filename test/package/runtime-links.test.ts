// Runtime messages (error bodies, hints, --help, the workflow file's schema) send users to the
// guides by the repository's URL, as `docs/` is not in the package (issue 36): each link is
// followed to a file (and heading) of this repository, and no shipped code names a `docs/` file
// by a bare path.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCS_URL } from '../../src/core/docs-url';
import { headingAnchors } from '../docs/markdown-links';
import { freshDist, root } from './fresh-dist';

beforeAll(() => freshDist(), 300_000);

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  repository: { url: string };
};

function files(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'deps' ? [] : files(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** The shipped code: the built JavaScript and the workflow file's schema (not maps, not types). */
const shipped = () =>
  files(join(root, 'dist'), (name) => /\.(c?js|json)$/.test(name) && !name.endsWith('.map'));

describe('links in runtime messages', () => {
  it('are under the repository package.json names', () => {
    const repository = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(DOCS_URL).toBe(`${repository}/blob/main/docs/`);
  });

  it('lead to files and headings that exist in the repository', () => {
    const pages = new Set<string>();
    for (const path of [
      ...files(join(root, 'src'), (name) => name.endsWith('.ts')),
      ...files(join(root, 'mock-server'), (name) => name.endsWith('.ts')),
      ...files(join(root, 'cli'), (name) => name.endsWith('.ts')),
    ]) {
      for (const match of readFileSync(path, 'utf8').matchAll(/docsUrl\(\s*'([^']+)'\s*\)/g)) {
        pages.add(match[1] as string);
      }
    }
    for (const path of shipped()) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(
        /https:\/\/github\.com\/svc-dev\/svc-api\/blob\/main\/docs\/([\w./-]*[\w-](?:#[\w-]+)?)/g,
      )) {
        pages.add(match[1] as string);
      }
    }
    expect(pages.size).toBeGreaterThanOrEqual(4);
    const broken = [...pages].filter((page) => {
      const [file = '', anchor] = page.split('#');
      const path = join(root, 'docs', file);
      if (!existsSync(path)) return true;
      return anchor !== undefined && !headingAnchors(readFileSync(path, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('never name a docs/ file by a bare path in shipped code (comments aside)', () => {
    const bare = shipped().flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .flatMap((line) =>
          [...line.matchAll(/(.{0,40})\bdocs\/[\w-]+\.md/g)]
            .filter((match) => !(match[1] ?? '').endsWith('blob/main/'))
            .map((match) => `${path.slice(root.length)}: ${match[0]}`),
        ),
    );
    expect(bare).toEqual([]);
  });
});
