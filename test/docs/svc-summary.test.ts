// The `Svc` class's summary (its doc comment, what an editor shows on hover) lists every
// namespace and method, generated from the route table by scripts/client-operations.mjs, so it
// cannot go stale (issue 36).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUMMARY_START, svcSummary, withSvcSummary } from '../../scripts/client-operations.mjs';
import { ROUTES } from '../../src/routes/index';

const source = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'client.ts'), 'utf8');

describe("the Svc class's summary", () => {
  it('is the list the route table gives (run node scripts/client-operations.mjs when this fails)', () => {
    expect(source).toContain(SUMMARY_START);
    expect(withSvcSummary(source, svcSummary(ROUTES))).toBe(source);
  });

  it('names every operation, and sits in the doc comment of the class', () => {
    const comment = source.slice(source.lastIndexOf('/**', source.indexOf('export class Svc')));
    for (const { operation } of ROUTES) {
      const dot = operation.lastIndexOf('.');
      const line = comment
        .split('\n')
        .find((text) => text.startsWith(` * - \`svc.${operation.slice(0, dot)}\`:`));
      expect(line, operation).toContain(`\`${operation.slice(dot + 1)}\``);
    }
  });
});
