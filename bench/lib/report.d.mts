// Types of report.mjs, for test/bench.
export interface BenchRow {
  bench: string;
  name: string;
  value: number | null;
  unit: string;
  goal?: number;
  better?: 'lower' | 'higher';
  detail?: string;
  skipped?: string;
}
export type Verdict = 'pass' | 'fail' | 'skipped' | 'no goal';
export declare function evaluate(row: Partial<BenchRow>): {
  verdict: Verdict;
  ratio: number | null;
};
export declare function formatTable(rows: BenchRow[]): string;
export declare function machine(): {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
};
