/** The markers around the generated table in docs/api-coverage.md. */
export const COVERAGE_START: string;
export const COVERAGE_END: string;
/** One operation of the service's public API (scripts/data/service-operations.json). */
export interface ServiceOperation {
  method: string;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
}
/** `METHOD /path/{}` with every path parameter blanked, in lower case. */
export function routeKey(method: string, path: string): string;
/** The markdown table of every operation of the service and what serves it. */
export function coverageTable(
  operations: readonly ServiceOperation[],
  routes: readonly { operation: string; method: string; path: string }[],
): string;
/** The operations of the service's public API. */
export function serviceOperations(root: string): ServiceOperation[];
