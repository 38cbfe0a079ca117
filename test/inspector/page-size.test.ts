import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleInspectorPage } from '../../scripts/inspector-page.mjs';

describe('the inspector page bundle', () => {
  it('stays under its 60 KB gzip budget, with no import left to fetch', async () => {
    const { script, css } = await bundleInspectorPage();
    const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
    expect(gzip(script) + gzip(css)).toBeLessThanOrEqual(60 * 1024);
    expect(script).not.toMatch(/\bimport\s*["'(]|\bfrom\s*["']/);
    expect(script).toContain('/inspector/activity'); // it reads the engine through the control API
  });
});
