/**
 * The node:http side of the pipeline: an `IncomingMessage` read as a {@link PipelineRequest}
 * (headers looked up in place, the body streamed with its limit), and a
 * {@link PipelineResponse} written with `Content-Length`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyTooLargeError,
  ClientAbortedError,
  type PipelineRequest,
  type PipelineResponse,
} from '../pipeline/message';

/**
 * A node:http request as the pipeline reads it. The body is read at most once, and reading
 * stops as soon as it passes the limit.
 */
export function fromIncoming(req: IncomingMessage): PipelineRequest {
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    header(name) {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    readBody: (limit) => readIncoming(req, limit),
  };
}

// Read by events rather than `for await`: leaving a for-await loop early destroys the request,
// and with it the socket, so a client past the limit would get a reset instead of its 413.
function readIncoming(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (done: () => void) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      done();
    };
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > limit) {
        // The rest is read and dropped, so the 413 can still be written on this socket.
        finish(() => reject(new BodyTooLargeError(limit)));
        req.resume();
        return;
      }
      parts.push(chunk);
    }
    function onEnd() {
      finish(() => resolve(Buffer.concat(parts).toString('utf8')));
    }
    function onGone() {
      finish(() => reject(new ClientAbortedError()));
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}

/**
 * Writes a pipeline response (an injected network error destroys the socket), with extra
 * headers (CORS) underneath its own.
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
    // A body refused past its limit is not read to its end: close rather than keep the socket.
    ...(response.status === 413 ? { connection: 'close' } : {}),
  });
  res.end(response.body);
}
