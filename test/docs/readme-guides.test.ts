// The README is where a package user starts (and the npm page): it links every guide of docs/,
// and it opens with the package user's paths, not this repository's `npm ci && npm start`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README.md for the package user', () => {
  it('links every guide of docs/', () => {
    const guides = readdirSync(join(root, 'docs')).filter(
      (name) => name.endsWith('.md') && name !== 'README.md',
    );
    const missing = guides.filter((guide) => !readme.includes(`/blob/main/docs/${guide})`));
    expect(missing).toEqual([]);
  });

  it("opens with the package user's paths, then the contributor's", () => {
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings.slice(0, 5)).toEqual([
      'Install',
      'Mock mode in a test',
      'The local server, from any language',
      'The Inbox against the local server',
      'Workflows as code',
    ]);
    const contributor = readme.indexOf('npm ci && npm start');
    expect(contributor).toBeGreaterThan(readme.indexOf('## Working on this repository'));
    for (const user of [
      'npx -p @svc/api svc-mock',
      '--data <dir>',
      'socketUrl=',
      'npx -p @svc/api svc-workflows',
    ]) {
      const at = readme.indexOf(user);
      expect(at, user).toBeGreaterThan(0);
      expect(at, user).toBeLessThan(contributor);
    }
  });
});
