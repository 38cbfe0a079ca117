/** The markers around the generated table in docs/client.md. */
export const OPERATIONS_START: string;
export const OPERATIONS_END: string;
/** The markdown table of the client's namespaces (sorted) and their methods (route-table order). */
export function operationsTable(routes: readonly { operation: string }[]): string;
/** `markdown` with the text between the operations markers replaced by `table`. */
export function withOperationsTable(markdown: string, table: string): string;
/** `markdown` with the text between the `start` and `end` markers replaced by `table`. */
export function replaceBetween(
  markdown: string,
  startMarker: string,
  endMarker: string,
  table: string,
): string;
/** The route table (`ROUTES` of src/routes/index.ts), read from the sources. */
export function loadRoutes(
  root: string,
): Promise<readonly { operation: string; method: string; path: string }[]>;

/** The markers around the generated namespace list in the `Svc` class's doc comment. */
export const SUMMARY_START: string;
export const SUMMARY_END: string;
/** The doc-comment lines listing the client's namespaces and their methods. */
export function svcSummary(routes: readonly { operation: string }[]): string;
/** `source` with the lines between the summary markers replaced by `summary`. */
export function withSvcSummary(source: string, summary: string): string;
