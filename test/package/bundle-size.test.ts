// Bundle size check (issue 3): esbuild-minified + gzip of what an app imports from the built
// package (`dist`, as users get it). Fails above the limits below; `npm run bench` prints the
// same figures and the floor they rest on. See docs/decisions/0013.
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTRIES, FLOOR_ENTRIES, GOALS, measure } from '../../bench/bundle.bench.mjs';
import { freshDist } from './fresh-dist';

const DEPENDENCIES = ['ky', 'zod', 'zod/*'];
const TRIGGER = ENTRIES['createSvcCore + eventsTrigger'];

/**
 * Limits in gzip bytes. The whole client's goal (24 KB) was set for the interface's 14
 * operations; with the 15 beyond them (subscriber lifecycle, preferences, topics: 1.4 KB) it is
 * gated by a regression ceiling of 25 KB (docs/decisions/0013). (a)'s goal (14.5 KB) sits
 * 2.3 KB above its floor (ky + zod/mini + the trigger's schemas alone, no SDK code: 12.6 KB), and
 * (a) measured 17.6 KB (17,692 B; 6,403 B SDK code alone; docs/decisions/0013 says what its SDK
 * code is and what reaching the goal would take), so (a) is gated by a regression ceiling just
 * above its figure, total and SDK code alone. Since the client checks a trigger body with the
 * engine's own schema (the service's rules, the context check included) it measures 18,160 B
 * (6,734 B SDK code alone): the ceilings moved up by that much, on purpose.
 */
// Since every function is a line over one call helper (which reads positional arguments by the
// route's shape) the trigger measures 18,311 B (6,867 B SDK code alone): the ceiling is the
// 18.5 KB the spine's issue set for one operation.
const LIMITS = {
  // One operation at most 18.5 KB (the spine's and issue 42's ceiling); since every function is a
  // line over one call helper the trigger measures 18,2xx B. The whole client at most 62 KB.
  // The quick response check (src/core/schema-check.ts, issue 42) is on every operation's path:
  // 18,821 B (7,444 B SDK code alone) for a trigger-only app.
  triggerTotal: 18.5 * 1024,
  triggerSdkOnly: 7.5 * 1024,
  wholeSvcTotal: 62 * 1024,
} as const;

beforeAll(() => freshDist(), 300_000);

describe('bundle size (from dist)', () => {
  it('createSvcCore + eventsTrigger stays within its ceilings, total and SDK code alone', async () => {
    const total = await measure(TRIGGER);
    const own = await measure(TRIGGER, { external: DEPENDENCIES });
    expect(total.gzip).toBeLessThanOrEqual(LIMITS.triggerTotal);
    expect(own.gzip).toBeLessThanOrEqual(LIMITS.triggerSdkOnly);
  });

  it("the 14.5 KB goal for (a) is above its floor (ky and zod alone), and (a)'s code is what it adds", async () => {
    const floor = await measure(FLOOR_ENTRIES['ky + zod/mini + trigger schemas']);
    const total = await measure(TRIGGER);
    // If this fails, ky or zod grew: revisit the goal and ADR 0013.
    expect(floor.gzip).toBeLessThan(GOALS['createSvcCore + eventsTrigger']);
    expect(total.gzip - floor.gzip).toBeLessThanOrEqual(LIMITS.triggerSdkOnly);
  });

  it('the whole Svc client, ky and zod included, within its 62 KB gzip ceiling', async () => {
    const total = await measure(ENTRIES['whole Svc']);
    expect(total.gzip).toBeLessThanOrEqual(LIMITS.wholeSvcTotal);
  });

  it('a trigger-only app bundles only the trigger path of the published ESM', async () => {
    const trigger = await measure(TRIGGER, { external: DEPENDENCIES });
    const whole = await measure(ENTRIES['whole Svc'], { external: DEPENDENCIES });
    expect(trigger.minified).toBeLessThan(whole.minified);
    const bundled = trigger.inputs.filter((file) => file.startsWith('dist/'));
    expect(bundled).toContain('dist/funcs/events.js');
    expect(bundled).toContain('dist/schemas/event.js');
    const unreachable = [
      /^dist\/client\.js$/,
      /^dist\/resources\//,
      /^dist\/funcs\/(?!events\.js$)/,
      /^dist\/core\/paged-call\.js$/,
      /^dist\/schemas\/(?!event\.js$|common\.js$|trigger-context\.js$)/,
      /^dist\/core\/pagination\.js$/,
      /^dist\/mock\//,
      /^dist\/chunk-/,
    ];
    for (const pattern of unreachable) {
      expect(
        bundled.filter((file) => pattern.test(file)),
        String(pattern),
      ).toEqual([]);
    }
  });
});
