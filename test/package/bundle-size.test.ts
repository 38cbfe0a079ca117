// Bundle size check (issue 3): esbuild-minified + gzip of what an app imports. Fails above the
// limits below; `npm run bench` prints the same figures. See docs/decisions/0013.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRIES, GOALS, measure } from '../../bench/bundle.bench.mjs';

const root = join(import.meta.dirname, '..', '..');
// `npm test` builds first, so this measures the published files; alone it falls back to src.
const source = existsSync(join(root, 'dist', 'index.js')) ? 'dist' : 'src';
const DEPENDENCIES = ['ky', 'zod', 'zod/*'];

/**
 * Ceilings on the full bundle (ky and zod included). The trigger-only goal of 12 KB cannot be
 * met with ky and zod bundled (ky + zod/mini + the trigger schemas alone are 13.7 KB), so the
 * 12 KB goal applies to the SDK's own code and the full bundle gets a regression ceiling.
 */
const TOTAL_CEILING = {
  'createSvcCore + eventsTrigger': 22.5 * 1024,
  'whole Svc': GOALS['whole Svc'],
} as const;

describe(`bundle size (from ${source})`, () => {
  it('createSvcCore + eventsTrigger: SDK code within 12 KB gzip, full bundle within its ceiling', async () => {
    const code = ENTRIES['createSvcCore + eventsTrigger'];
    const own = await measure(code, { external: DEPENDENCIES, source });
    const total = await measure(code, { source });
    expect(own.gzip).toBeLessThanOrEqual(GOALS['createSvcCore + eventsTrigger']);
    expect(total.gzip).toBeLessThanOrEqual(TOTAL_CEILING['createSvcCore + eventsTrigger']);
  });

  it('the whole Svc client, ky and zod included, within 30 KB gzip', async () => {
    const total = await measure(ENTRIES['whole Svc'], { source });
    expect(total.gzip).toBeLessThanOrEqual(TOTAL_CEILING['whole Svc']);
  });

  it('a trigger-only app does not bundle the other operations', async () => {
    const trigger = await measure(ENTRIES['createSvcCore + eventsTrigger'], { source: 'src' });
    const whole = await measure(ENTRIES['whole Svc'], { source: 'src' });
    expect(trigger.minified).toBeLessThan(whole.minified);
    const { build } = await import('esbuild');
    const result = await build({
      stdin: { contents: ENTRIES['createSvcCore + eventsTrigger'], resolveDir: root, loader: 'ts' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      alias: { '@svc/api': join(root, 'src', 'index.ts') },
      external: DEPENDENCIES,
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]?.text ?? '';
    for (const other of [
      'subscribers.search',
      'workflows.list',
      'notifications.list',
      'integrations.create',
    ]) {
      expect(text, other).not.toContain(`'${other}'`);
      expect(text, other).not.toContain(`"${other}"`);
    }
    expect(text).toContain('events.trigger');
  });
});
