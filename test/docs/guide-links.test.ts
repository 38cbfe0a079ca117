// The guides index must list every guide, and no link of the README or a guide may point at a
// file or a heading that does not exist (docs/decisions/0110-guides-form.md).
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
