import * as z from 'zod/mini';

/** Parses `value` and returns the issue paths (joined with `.`), or `[]` when it parses. */
export function issuePaths(schema: z.ZodMiniType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.map(String).join('.'));
}

/** True when `value` parses. */
export function parses(schema: z.ZodMiniType, value: unknown): boolean {
  return z.safeParse(schema, value).success;
}

export const ids = {
  org: '64da692e9a94fb2e6449ad00',
  env: '64da692e9a94fb2e6449ad01',
  sub: '64da692e9a94fb2e6449ad07',
  topic: '64da692e9a94fb2e6449ad06',
};
export const ts = '2024-01-01T00:00:00.000Z';
