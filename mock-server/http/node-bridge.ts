/**
 * The node:http side of the pipeline: an `IncomingMessage` read as a {@link PipelineRequest}
 * (headers looked up in place, the body streamed with its limit), and a
 * {@link PipelineResponse} written with `Content-Length`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ClientAbortedError,
  type PipelineRequest,
  type PipelineResponse,
  readLimited,
} from '../pipeline/message';

/**
 * A node:http request as the pipeline reads it. The body is read at most once, and reading
 * stops as soon as it passes the limit.
 *
 * @example
 * ```ts
 * const response = await pipeline.handle(fromIncoming(req));
 * ```
 */
export function fromIncoming(req: IncomingMessage): PipelineRequest {
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    header(name) {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    async readBody(limit) {
      try {
        return await readLimited(req, limit);
      } catch (error) {
        if (req.destroyed || (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
          throw new ClientAbortedError();
        }
        throw error;
      }
    },
  };
}

/**
 * Writes a pipeline response (an injected network error destroys the socket), with extra
 * headers (CORS) underneath its own.
 *
 * @example
 * ```ts
 * sendResponse(res, response, corsHeaders());
 * ```
 */
export function sendResponse(
  res: ServerResponse,
  response: PipelineResponse,
  extraHeaders: Record<string, string>,
): void {
  if (response.kind === 'network-error') {
    res.destroy();
    return;
  }
  res.writeHead(response.status, {
    ...extraHeaders,
    ...response.headers,
    'content-length': Buffer.byteLength(response.body),
  });
  res.end(response.body);
}
