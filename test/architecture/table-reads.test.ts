// Tables own their reads (docs/decisions/0140-one-declaration-per-operation.md#tables-that-own-their-writes,
// issue 35): outside mock-server/engine/store/ the state's collections are read through their
// table (`tables.agents.get(data, id)`, `tables.messages.values(data)`), never as
// `data.agents` / `state.scheduled`. The files not moved yet are listed with how many lines read a
// collection directly: a count may only go down (lower it here when you move a reader), and no
// other file may start reading one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEnvironmentData, createState } from '../../mock-server/engine/store/state';

const root = join(import.meta.dirname, '..', '..');

// Every collection of EnvironmentData and EngineState, read off fresh ones: a collection added to
// mock-server/engine/store/state.ts is covered without a second list here.
const isCollection = (value: unknown) =>
  value instanceof Map || value instanceof Set || Array.isArray(value);
const COLLECTIONS = [
  ...new Set(
    [...Object.entries(createEnvironmentData()), ...Object.entries(createState())]
      .filter(([, value]) => isCollection(value))
      .map(([name]) => name),
  ),
];
const DIRECT_READ = new RegExp(`\\b(?:data|state)\\.(?:${COLLECTIONS.join('|')})\\b`);

// Where the state's collections live, and the inspector page, whose `data` is a view answer.
const EXEMPT = ['mock-server/engine/store/', 'mock-server/inspector/page/'];

/** Lines reading a collection directly, per file (not moved to the table API yet). */
const NOT_MOVED_YET: Record<string, number> = {
  'mock-server/engine/authenticators.ts': 1,
  'mock-server/engine/background-work.ts': 11,
  'mock-server/engine/durability.ts': 2,
  'mock-server/engine/engine-core.ts': 1,
  'mock-server/engine/engine-scopes.ts': 2,
  'mock-server/engine/inbox/sessions.ts': 1,
  'mock-server/engine/organizations.ts': 2,
  'mock-server/engine/policy/auth.ts': 2,
  'mock-server/engine/policy/idempotency.ts': 4,
  'mock-server/engine/policy/rate-limit.ts': 1,
  'mock-server/engine/resources/agent-activity.ts': 1,
  'mock-server/engine/resources/domain-route-test.ts': 1,
  'mock-server/engine/resources/domains.ts': 1,
  'mock-server/engine/resources/subscriptions.ts': 1,
  'mock-server/pipeline/mistake-hints.ts': 1,
};

function directReads(): Record<string, number> {
  const counts: Record<string, number> = {};
  const files = readdirSync(join(root, 'mock-server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `mock-server/${file}`)
    .filter((file) => !EXEMPT.some((folder) => file.startsWith(folder)));
  for (const file of files.sort()) {
    const text = readFileSync(join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const lines = text.split('\n').filter((line) => DIRECT_READ.test(line)).length;
    if (lines > 0) counts[file] = lines;
  }
  return counts;
}

describe('tables own their reads', () => {
  const found = directReads();

  it('no file outside store/ reads a state collection directly, but those not moved yet', () => {
    const newcomers = Object.keys(found).filter((file) => NOT_MOVED_YET[file] === undefined);
    expect(newcomers).toEqual([]);
  });

  it('a file not moved yet reads no more collections than it did', () => {
    const grown = Object.entries(found)
      .filter(([file, count]) => count > (NOT_MOVED_YET[file] ?? 0))
      .map(([file, count]) => `${file}: ${count} (listed: ${NOT_MOVED_YET[file] ?? 0})`);
    expect(grown).toEqual([]);
  });

  it('the list shrinks as readers move: a file that reads fewer has its count lowered', () => {
    const stale = Object.entries(NOT_MOVED_YET)
      .filter(([file, count]) => (found[file] ?? 0) < count)
      .map(([file, count]) => `${file}: ${found[file] ?? 0} (listed: ${count})`);
    expect(stale).toEqual([]);
  });
});
