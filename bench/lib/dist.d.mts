// Types of dist.mjs, for test/bench.
export declare const BUILD_INPUTS: string[];
export declare const BUILD_OUTPUTS: string[];
export declare function distStatus(
  root: string,
  options?: { inputs?: string[]; outputs?: string[] },
): { stale: boolean; reason: string };
export declare function ensureFreshDist(root: string): string;
