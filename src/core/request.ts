import ky, { HTTPError, TimeoutError } from 'ky';
import * as z from 'zod/mini';
import type { SvcCore } from './core';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  ResponseValidationError,
} from './errors';
import type { RequestOptions } from './options';

/** HTTP methods the service uses. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** @internal What an operation asks of the transport. */
export interface RequestSpec<T> {
  /** Operation name for logs and validation warnings, e.g. `subscribers.retrieve`. */
  operation: string;
  method: HttpMethod;
  /** Path relative to the base URL, without a leading slash. */
  path: string;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  /** Schema of the (unwrapped) success body. */
  schema: z.ZodMiniType<T>;
}

/** @internal The service wraps bodies as `{data: X}`; unwrap when `data` is the only key. */
export function unwrapEnvelope(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0] === 'data') return (body as { data: unknown }).data;
  }
  return body;
}

/** @internal Encodes a query object: drops null/undefined, repeats keys for arrays. */
export function encodeQuery(query: Record<string, unknown> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params;
}

function authorization(key: string): string {
  return key.startsWith('ApiKey ') ? key : `ApiKey ${key}`;
}

function issuesOf(error: z.core.$ZodError): Array<{ path: string; message: string }> {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

function validateResponse<T>(core: SvcCore, spec: RequestSpec<T>, body: unknown): T {
  const { validation, logger } = core.options;
  if (validation === 'off') return body as T;
  const result = z.safeParse(spec.schema, body);
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  const summary = issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ');
  const message = `Response of ${spec.operation} did not match the expected shape: ${summary}`;
  if (validation === 'strict') throw new ResponseValidationError(message, body, issues);
  if (!core.warnedOperations.has(spec.operation)) {
    core.warnedOperations.add(spec.operation);
    logger.warn(`[svc] ${message}`);
  }
  return body as T;
}

async function toAPIError(error: HTTPError): Promise<APIError> {
  const rawBody = await error.response.text().catch(() => '');
  let body: unknown;
  try {
    body = rawBody ? JSON.parse(rawBody) : undefined;
  } catch {
    body = undefined;
  }
  return APIError.generate({
    status: error.response.status,
    headers: error.response.headers,
    body,
    rawBody,
  });
}

/**
 * Sends one operation's request and returns its parsed, unwrapped body.
 *
 * @internal
 */
export async function request<T>(
  core: SvcCore,
  spec: RequestSpec<T>,
  options: RequestOptions = {},
): Promise<T> {
  const resolved = core.options;
  const headers = new Headers({ ...resolved.headers, ...options.headers });
  headers.set('authorization', authorization(await resolved.secretKey()));
  headers.set('accept', 'application/json');
  const url = new URL(`${resolved.baseUrl}/${spec.path}`);
  const query = encodeQuery(spec.query);
  for (const [key, value] of query) url.searchParams.append(key, value);
  try {
    const response = await ky(url, {
      method: spec.method,
      headers,
      fetch: resolved.fetch,
      timeout: options.timeout ?? resolved.timeout,
      retry: 0,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(spec.body !== undefined ? { json: spec.body } : {}),
    });
    const text = await response.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    return validateResponse(core, spec, unwrapEnvelope(body));
  } catch (error) {
    if (error instanceof HTTPError) throw await toAPIError(error);
    if (error instanceof TimeoutError)
      throw new APIConnectionTimeoutError(undefined, { cause: error });
    if (options.signal?.aborted) throw new APIUserAbortError(undefined, { cause: error });
    if (error instanceof ResponseValidationError) throw error;
    throw new APIConnectionError(undefined, { cause: error });
  }
}
