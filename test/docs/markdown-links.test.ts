import { describe, expect, it } from 'vitest';
import { headingAnchors, relativeLinks } from './markdown-links';

describe('relativeLinks', () => {
  it('reads paths and anchors, and leaves out external links and code', () => {
    const markdown = [
      'See [time](virtual-clock.md#timed-digests), [here](#settle) and [site](https://x.dev/a).',
      '```ts',
      "const text = '[not](a-link.md)';",
      '```',
      '[ADR](decisions/0050-trigger-runtime.md)',
    ].join('\n');
    expect(relativeLinks(markdown)).toEqual([
      { raw: 'virtual-clock.md#timed-digests', path: 'virtual-clock.md', anchor: 'timed-digests' },
      { raw: '#settle', path: '', anchor: 'settle' },
      { raw: 'decisions/0050-trigger-runtime.md', path: 'decisions/0050-trigger-runtime.md' },
    ]);
  });
});

describe('headingAnchors', () => {
  it('builds GitHub anchors: lower case, punctuation dropped, repeats numbered', () => {
    const markdown = [
      '# Time: the virtual clock',
      '## settle: run what is waiting',
      '## Setup',
      '## Setup',
      '```sh',
      '# not a heading',
      '```',
    ].join('\n');
    expect([...headingAnchors(markdown)]).toEqual([
      'time-the-virtual-clock',
      'settle-run-what-is-waiting',
      'setup',
      'setup-1',
    ]);
  });
});
