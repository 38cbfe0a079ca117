/**
 * Converts between node:http messages and Fetch `Request`/`Response`, which the MSW handlers and
 * the control router speak.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Reads a node:http request into a Fetch `Request` on the server's origin.
 *
 * @example
 * ```ts
 * const request = await toFetchRequest(req, 'http://127.0.0.1:4010');
 * ```
 */
export async function toFetchRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0;
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

/**
 * Writes a Fetch `Response` to a node:http response, with extra headers (CORS) underneath.
 *
 * @example
 * ```ts
 * await sendFetchResponse(res, Response.json({ ok: true }), corsHeaders());
 * ```
 */
export async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string>,
): Promise<void> {
  const headers: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}
