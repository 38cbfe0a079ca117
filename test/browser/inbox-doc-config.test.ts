// Every Inbox configuration the docs show (docs/inbox.md and the README, JavaScript and React)
// points both the API and the real-time socket at the engine, the configuration the browser
// tests run (examples/inbox/app.ts): without `socketUrl` the client opens the service's cloud
// socket and new notifications never appear (issue 36).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The code blocks of a markdown file that configure the Inbox client or component. */
function inboxConfigurations(markdown: string): string[] {
  return [...markdown.matchAll(/```(?:ts|tsx|js|jsx)\n([\s\S]*?)```/g)]
    .map((match) => match[1] as string)
    .filter((code) => /new Novu\(\{|<Inbox\b/.test(code));
}

/** `apiUrl`/`backendUrl` and `socketUrl` as the snippet sets them. */
function urls(code: string): { api?: string; socket?: string } {
  const value = (name: string) => new RegExp(`${name}(?::\\s*|=)['"]([^'"]+)['"]`).exec(code)?.[1];
  const api = value('apiUrl') ?? value('backendUrl');
  const socket = value('socketUrl');
  return { ...(api === undefined ? {} : { api }), ...(socket === undefined ? {} : { socket }) };
}

describe('the Inbox configurations in the docs', () => {
  const snippets = [
    ...inboxConfigurations(read('docs/inbox.md')),
    ...inboxConfigurations(read('README.md')),
  ];

  it('are found (JavaScript and React)', () => {
    expect(snippets.some((code) => code.includes('new Novu('))).toBe(true);
    expect(snippets.some((code) => code.includes('<Inbox'))).toBe(true);
  });

  it('each set the API and the socket to the same server', () => {
    const incomplete = snippets
      .map((code) => ({ code: code.split('\n').slice(0, 3).join(' '), ...urls(code) }))
      .filter((found) => found.api === undefined || found.socket !== found.api);
    expect(incomplete).toEqual([]);
  });

  it('are what the browser tests run: examples/inbox/app.ts sets both to the server', () => {
    const app = read('examples/inbox/app.ts');
    expect(app).toMatch(/apiUrl: api,/);
    expect(app).toMatch(/socketUrl: api,/);
  });
});
