// One ObjectId rule (issue 35): only src/schemas/common.ts spells what an ObjectId is
// (`ObjectIdPattern`); the engine asks `isObjectId` / `storedObjectId` (store/ids.ts, over that
// pattern), so the engine cannot hold two variants (one case-sensitive, one not) again.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const RULE_HOME = 'src/schemas/common.ts';
// A regular expression (or its source text) that matches exactly 24 hex digits.
const SPELLED_RULE = /\[0-9a-f(?:A-F)?\]\{24\}/;
// Labels the engine itself writes (`resume-delay <id>`) are parsed, not validated.
const PARSES_OWN_LABELS = new Set(['mock-server/inspector/views/state.ts']);

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`);
}

describe('the ObjectId rule', () => {
  it('is spelled once, in src/schemas/common.ts', () => {
    const spelled = [...sources('mock-server'), ...sources('src'), ...sources('cli')].filter(
      (file) => SPELLED_RULE.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(spelled.filter((file) => !PARSES_OWN_LABELS.has(file))).toEqual([RULE_HOME]);
  });
});
