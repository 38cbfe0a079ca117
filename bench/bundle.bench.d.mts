// Types of bundle.bench.mjs, for the size check in test/package/bundle-size.test.ts.
export declare const ENTRIES: Record<'createSvcCore + eventsTrigger' | 'whole Svc', string>;
export declare const GOALS: Record<'createSvcCore + eventsTrigger' | 'whole Svc', number>;
export declare const FLOOR_ENTRIES: Record<
  'ky alone' | 'zod/mini + trigger schemas' | 'ky + zod/mini + trigger schemas',
  string
>;
export declare function measure(
  code: string,
  options?: { external?: string[]; source?: 'dist' | 'src' },
): Promise<{ minified: number; gzip: number; inputs: string[] }>;
export interface BenchRow {
  bench: string;
  name: string;
  value: number;
  unit: string;
  detail?: string;
  goal?: number;
}
declare function run(): Promise<BenchRow[]>;
export default run;
