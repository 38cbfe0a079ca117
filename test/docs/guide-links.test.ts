// The guides index must list every guide, and no link of the README or a guide may point at a
// file or a heading that does not exist (docs/decisions/0110-guides-form.md). The README is also
// the npm page, where `docs/` is not shipped: its links into the repository are absolute, to the
// repository package.json names.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchors, relativeLinks } from './markdown-links';
import { documentationFiles } from './snippets';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('docs/README.md', () => {
  it('links every guide of docs/', () => {
    const guides = readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .sort();
    const linked = new Set(relativeLinks(read('docs/README.md')).map((link) => link.path));
    expect(guides.filter((guide) => !linked.has(guide))).toEqual([]);
  });
});

describe('links of README.md and the guides', () => {
  const files = [...documentationFiles(root), 'docs/decisions/README.md'];
  for (const file of files) {
    it(`${file} links only existing files and headings`, () => {
      const broken: string[] = [];
      for (const link of relativeLinks(read(file))) {
        const target = link.path === '' ? file : normalize(join(dirname(file), link.path));
        if (!existsSync(join(root, target))) {
          broken.push(`${link.raw}: no file ${target}`);
        } else if (link.anchor && target.endsWith('.md')) {
          if (!headingAnchors(read(target)).has(link.anchor)) {
            broken.push(`${link.raw}: no heading #${link.anchor} in ${target}`);
          }
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('README.md on npm (issue 27)', () => {
  const pkg = JSON.parse(read('package.json')) as {
    repository?: { url?: string };
    homepage?: string;
    bugs?: { url?: string };
  };
  const repository = (pkg.repository?.url ?? '').replace(/^git\+/, '').replace(/\.git$/, '');
  const base = `${repository}/blob/main/`;

  it('package.json names the repository, its home page and where to report bugs', () => {
    expect(repository).toMatch(/^https:\/\/github\.com\/[\w-]+\/[\w-]+$/);
    expect(pkg.homepage).toBe(`${repository}#readme`);
    expect(pkg.bugs?.url).toBe(`${repository}/issues`);
  });

  it('links no file by a relative path (only same-page headings), so no link breaks on npm', () => {
    const relative = relativeLinks(read('README.md')).filter((link) => link.path !== '');
    expect(relative.map((link) => link.raw)).toEqual([]);
  });

  it('links files of the repository that exist, and headings they have', () => {
    const links = [...read('README.md').matchAll(/\]\((https:\/\/github\.com\/[^)\s]+)\)/g)]
      .map((match) => match[1] ?? '')
      .filter((url) => url.startsWith('https://github.com/svc-dev/') || url.startsWith(repository));
    expect(links.length).toBeGreaterThan(10);
    const broken: string[] = [];
    for (const url of links) {
      if (!url.startsWith(base)) {
        broken.push(`${url}: not under ${base}`);
        continue;
      }
      const [path = '', anchor] = url.slice(base.length).split('#');
      if (!existsSync(join(root, path))) broken.push(`${url}: no file ${path}`);
      else if (anchor && path.endsWith('.md') && !headingAnchors(read(path)).has(anchor)) {
        broken.push(`${url}: no heading #${anchor} in ${path}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
