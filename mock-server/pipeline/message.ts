/**
 * The minimal request and response every transport adapter speaks with the pipeline: no Fetch
 * objects, no msw, nothing a node:http server would have to build per request.
 *
 * @module
 */

/** One request as the pipeline reads it. */
export interface PipelineRequest {
  /** HTTP method, upper case. */
  method: string;
  /** Path and query as sent, e.g. `/v2/subscribers?limit=5` (no origin, no base path). */
  target: string;
  /** A header's value by lower-case name; `undefined` when absent. */
  header(name: string): string | undefined;
  /**
   * The body as text. Rejects with a {@link BodyTooLargeError} as soon as more than `limit` bytes
   * arrive (adapters check `Content-Length` first and stop reading there).
   */
  readBody(limit: number): Promise<string>;
  /**
   * Aborts when the client goes away before its answer (the connection closed, the fetch
   * aborted), so work held for it (a long-poll) can be freed. Absent where nothing tells.
   */
  readonly signal?: AbortSignal | undefined;
}

/**
 * What the pipeline answers: a JSON body already serialised, or a dropped connection (an
 * injected network error).
 */
export type PipelineResponse =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'network-error' };

/** Thrown by {@link PipelineRequest.readBody} when a body passes its limit. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`request entity too large (limit ${limit} bytes)`);
  }
}

/**
 * Thrown by {@link PipelineRequest.readBody} when the client went away before its body arrived:
 * nobody is left to answer, and it is no bug of the server.
 */
export class ClientAbortedError extends Error {
  override readonly name = 'ClientAbortedError';
  constructor() {
    super('the client closed the connection before sending its whole body');
  }
}

/** Reads a body from chunks with a byte limit: stops (rejecting) as soon as the limit is passed. */
export async function readLimited(
  chunks: AsyncIterable<Uint8Array> | null,
  limit: number,
): Promise<string> {
  if (chunks === null) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) throw new BodyTooLargeError(limit);
    parts.push(chunk);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.byteLength;
  }
  return new TextDecoder().decode(all);
}
