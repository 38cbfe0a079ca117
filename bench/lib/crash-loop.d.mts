// Types of crash-loop.mjs, for test/bench.
export declare function crashLoop(options: {
  cli: string;
  directory: string;
  kills: number;
  workers?: number;
  minMs?: number;
  maxMs?: number;
}): Promise<{ kills: number; acknowledged: number; unanswered: number; problems: string[] }>;
