// Tables own their reads (docs/decisions/0140-one-declaration-per-operation.md#tables-that-own-their-writes,
// issue 35): outside mock-server/engine/store/ the state's collections are read through their
// table (`tables.agents.get(data, id)`, `tables.messages.values(data)`), never as
// `data.agents` / `state.scheduled`, and no file is let off (a collection can then change its shape
// or gain an index behind its table).
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
// `owner` is what the integration resources call the environment data that holds a record.
const DIRECT_READ = new RegExp(`\\b(?:data|state|owner)\\.(?:${COLLECTIONS.join('|')})\\b`);

// Where the state's collections live, and the inspector page, whose `data` is a view answer.
const EXEMPT = ['mock-server/engine/store/', 'mock-server/inspector/page/'];

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
  it('no file outside store/ reads a state collection directly', () => {
    expect(directReads()).toEqual({});
  });

  it('the rule sees a direct read (a line like `data.workflows.map` counts)', () => {
    expect(DIRECT_READ.test('const ids = scope.data.workflows.map((w) => w.workflowId);')).toBe(
      true,
    );
    expect(DIRECT_READ.test('const entry = state.idempotency.get(key);')).toBe(true);
    expect(DIRECT_READ.test('for (const row of owner.integrations) edit(row);')).toBe(true);
    expect(DIRECT_READ.test('tables.workflows.values(scope.data).map((w) => w.workflowId);')).toBe(
      false,
    );
  });
});
