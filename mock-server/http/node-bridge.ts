/**
 * The node:http side of the pipeline: an `IncomingMessage` read as a {@link PipelineRequest}
 * (headers looked up in place, the body streamed with its limit), and a
 * {@link PipelineResponse} written with `Content-Length`.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  BodyTooLargeError,
  ClientAbortedError,
  type PipelineRequest,
  type PipelineResponse,
} from '../pipeline/message';

/**
 * A node:http request as the pipeline reads it. The body is read at most once, and reading
 * stops as soon as it passes the limit. Its `signal` aborts when the response closes before it
 * was written (the client hung up); it is made only when asked for, as few routes need it.
 */
export function fromIncoming(req: IncomingMessage, res?: ServerResponse): PipelineRequest {
  let hangUp: AbortController | undefined;
  return {
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    header(name) {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    readBody: (limit) => readIncoming(req, limit),
    get signal() {
      if (res === undefined) return undefined;
      if (hangUp === undefined) {
        const controller = new AbortController();
        hangUp = controller;
        if (res.closed && !res.writableFinished) controller.abort();
        else res.once('close', () => res.writableFinished || controller.abort());
      }
      return hangUp.signal;
    },
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
  // A body refused before its end: read and drop the rest (started before the answer, so node
  // does not discard it on its own) up to a bound, so a client still writing gets its 413; the
  // answer says the connection closes, so no client sends its next request on it.
  const draining = response.status === 413 && !res.req.complete;
  if (draining) drainThenClose(res);
  res.writeHead(response.status, {
    ...extraHeaders,
    ...response.headers,
    'content-length': Buffer.byteLength(response.body),
    ...(draining ? { connection: 'close' } : {}),
  });
  res.end(response.body);
}

/**
 * How many more bytes of a refused body are read and dropped after its 413, so a client still
 * writing gets the answer instead of a broken pipe; past them the connection is cut.
 */
export const REFUSED_BODY_DRAIN_BYTES = 32 * 1024 * 1024;

// The rest of the body is read and dropped up to the bound, then the connection closes (a
// refused body is never followed by another request on its socket).
function drainThenClose(res: ServerResponse): void {
  const req = res.req;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // node closes a `connection: close` answer's socket once the answer is written, which would cut
  // the client's upload (a broken pipe instead of its 413), and even a half-close makes most
  // clients stop writing: the socket stays open until the drain below closes it.
  socket.destroySoon = () => {};
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > REFUSED_BODY_DRAIN_BYTES) req.socket.destroy();
  });
  req.once('end', () => {
    if (res.writableFinished) req.socket.end();
    else res.once('finish', () => req.socket.end());
  });
  req.resume();
}
