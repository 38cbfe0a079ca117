/**
 * The transport: one place that builds the request, drives the attempts (ky with `retry: 0`
 * under our own retry loop), maps failures to the error classes, and parses the body.
 *
 * @module
 */
import ky, { TimeoutError } from 'ky';
import type * as z from 'zod/mini';
import { encodeQuery, type HttpMethod } from '../routes/route';
import { VERSION } from '../version';
import { APIPromise, type PendingRequest, type RawResponse } from './api-promise';
import type { SvcCore } from './core';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  connectionErrorMessage,
  ResponseValidationError,
  SvcError,
} from './errors';
import { redactBody, redactHeaders, redactUrl } from './logging';
import { lowerCaseKeys, type RequestOptions } from './options';
import {
  backoffDelay,
  isIdempotentReplay,
  isRetryableRequest,
  isRetryableStatus,
  retryAfterDelay,
  sleep,
} from './retry';
import { uuidV4 } from './uuid';
import { type RequestCheck, validateRequest, validateResponse } from './validation';

export type { HttpMethod } from '../routes/route';

/** @internal What an operation asks of the transport. */
export interface RequestSpec<T> {
  /** Operation name for logs and validation messages, e.g. `subscribers.retrieve`. */
  operation: string;
  method: HttpMethod;
  /** Path relative to the base URL, without a leading slash. */
  path: string;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  /** Schema of the (unwrapped) success body. */
  schema: z.ZodMiniType<T>;
  /** Inputs checked before anything is sent. */
  checks?: readonly RequestCheck[];
  /** Encodes the body when it is not JSON (`./multipart`): the platform sets its content type. */
  encodeBody?: ((body: unknown) => BodyInit) | undefined;
}

// ky's timer is a setTimeout: larger values overflow it.
const MAX_TIMEOUT_MS = 2_147_483_647;

/** @internal The service wraps bodies as `{data: X}`; unwrap when `data` is the only key. */
export function unwrapEnvelope(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length === 1 && keys[0] === 'data') return (body as { data: unknown }).data;
  }
  return body;
}

function authorization(key: string): string {
  const trimmed = key.trim();
  return trimmed.startsWith('ApiKey ') ? trimmed : `ApiKey ${trimmed}`;
}

async function toAPIError(response: Response): Promise<APIError> {
  const rawBody = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = rawBody ? JSON.parse(rawBody) : undefined;
  } catch {
    body = undefined;
  }
  return APIError.generate({ status: response.status, headers: response.headers, body, rawBody });
}

function toTransportError(error: unknown, signal: AbortSignal | undefined, url: string): SvcError {
  if (error instanceof SvcError) return error;
  if (signal?.aborted) return new APIUserAbortError(undefined, { cause: error });
  if (error instanceof TimeoutError) {
    return new APIConnectionTimeoutError(undefined, { cause: error });
  }
  // The host of an absolute URL; a browser-relative base URL (`/api`) is named whole.
  const host = /^https?:\/\/([^/?#]*)/i.exec(url)?.[1] ?? url;
  return new APIConnectionError(connectionErrorMessage(host, error), { cause: error });
}

/** The outcome of one attempt: a success, or an error and whether it may be retried. */
type Attempt =
  | { ok: true; raw: RawResponse }
  | { ok: false; error: SvcError; retryable: boolean; delay: number | undefined };

/**
 * Builds the request once (URL, headers, one idempotency key, serialised body) and sends it,
 * retrying as the policy in `retry.ts` allows.
 */
async function send(
  core: SvcCore,
  spec: RequestSpec<unknown>,
  options: RequestOptions,
): Promise<RawResponse> {
  const { options: resolved, log } = core;
  if (spec.checks) {
    validateRequest(
      spec.operation,
      spec.checks,
      options.allowUnknownKeys ?? resolved.allowUnknownKeys,
    );
  }
  const { method } = spec;

  const key = resolved.secretKey();
  // Assigned, not spread: a spread of the client's headers with fields added to it costs V8
  // (Node 20) microseconds a call.
  const headers: Record<string, string> = Object.assign(
    {},
    resolved.headers,
    lowerCaseKeys(options.headers),
    {
      authorization: authorization(typeof key === 'string' ? key : await key),
      accept: 'application/json',
      'x-svc-sdk-version': VERSION,
    },
  );
  let idempotencyKey: string | undefined;
  if (method !== 'GET' && options.idempotencyKey !== null) {
    idempotencyKey = options.idempotencyKey ?? headers['idempotency-key'];
    if (idempotencyKey === undefined && (method === 'POST' || method === 'PATCH')) {
      idempotencyKey = uuidV4();
    }
  }
  if (idempotencyKey === undefined) delete headers['idempotency-key'];
  else headers['idempotency-key'] = idempotencyKey;

  let body: BodyInit | undefined;
  if (spec.encodeBody) body = spec.encodeBody(spec.body);
  else if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['content-type'] = 'application/json';
  }
  // No URLSearchParams for an operation without a query (most of them).
  const query = spec.query ? encodeQuery(spec.query).toString() : '';
  const url = `${resolved.baseUrl}/${spec.path}${query ? `?${query}` : ''}`;
  const maxRetries = options.maxRetries ?? resolved.maxRetries;
  const timeout = Math.min(options.timeout ?? resolved.timeout, MAX_TIMEOUT_MS);
  const mayRetry = isRetryableRequest(method, idempotencyKey);
  const { signal } = options;

  for (let attempt = 0; ; attempt++) {
    if (log.enabled('debug')) {
      log.debug(`→ ${method} ${redactUrl(url)}`, {
        attempt: attempt + 1,
        headers: redactHeaders(new Headers(headers)),
        ...(spec.body !== undefined ? { body: redactBody(spec.body) } : {}),
      });
    }
    // Timing and the log line are only worked out when someone reads them (the hot path).
    const started = log.enabled('info') ? Date.now() : undefined;
    const outcome = await attemptOnce();
    if (outcome.ok) {
      if (started !== undefined) {
        log.info(
          `← ${outcome.raw.response.status} ${method} ${redactUrl(url)} (${Date.now() - started} ms)`,
        );
      }
      return outcome.raw;
    }
    if (!outcome.retryable || !mayRetry || attempt >= maxRetries) {
      log.error(`${method} ${redactUrl(url)} failed: ${outcome.error.message}`);
      throw outcome.error;
    }
    const delay = outcome.delay ?? backoffDelay(attempt);
    log.warn(
      `retrying ${method} ${redactUrl(url)} in ${Math.round(delay)} ms (attempt ${attempt + 2} of ${maxRetries + 1}): ${outcome.error.message}`,
    );
    try {
      await sleep(delay, signal);
    } catch (error) {
      throw new APIUserAbortError(undefined, { cause: error });
    }
  }

  async function attemptOnce(): Promise<Attempt> {
    if (signal?.aborted) {
      return { ok: false, error: new APIUserAbortError(), retryable: false, delay: undefined };
    }
    try {
      const response = await ky(url, {
        method,
        timeout,
        retry: 0,
        throwHttpErrors: false,
        // Called as a plain function: browsers reject `fetch` invoked as a method of another
        // object ("Illegal invocation"), which is how ky calls the `fetch` option. The body and
        // the headers are put on here rather than given to ky: ky clones its request before
        // every fetch for retries of its own (a tee of the body stream), and it copies headers
        // given to it six times (two merges, its Request, the clone): 8-20 µs a header on
        // Node 20 (issue 42's profile). Our retries send the serialised body again instead.
        fetch: (input, init) => {
          const request = body === undefined ? (input as Request) : new Request(input, { body });
          for (const name in headers) request.headers.set(name, headers[name] as string);
          return resolved.fetch()(request, init);
        },
        ...(signal ? { signal } : {}),
      });
      if (response.ok) {
        return { ok: true, raw: { response } };
      }
      const error = await toAPIError(response);
      const delay = retryAfterDelay(response.headers);
      return {
        ok: false,
        error,
        retryable:
          isRetryableStatus(response.status, delay) && !isIdempotentReplay(response.headers),
        delay,
      };
    } catch (cause) {
      const error = toTransportError(cause, signal, url);
      return { ok: false, error, retryable: error instanceof APIConnectionError, delay: undefined };
    }
  }
}

async function parse<T>(core: SvcCore, spec: RequestSpec<T>, raw: RawResponse): Promise<T> {
  const text = await raw.response.text();
  let body: unknown;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ResponseValidationError(`Response of ${spec.operation} is not JSON`, text);
    }
  }
  if (core.log.enabled('debug')) {
    core.log.debug(`response body of ${spec.operation}`, redactBody(body));
  }
  return validateResponse(core, spec.operation, spec.schema, unwrapEnvelope(body));
}

/**
 * Sends one operation's request and returns an {@link APIPromise} of its parsed, unwrapped body.
 *
 * @internal
 */
export function request<T>(
  core: SvcCore,
  spec: RequestSpec<T>,
  options: RequestOptions = {},
): APIPromise<T> {
  const pending = startRequest(core, spec, options);
  return new APIPromise(pending.raw, pending.parse);
}

/**
 * Starts the request now and returns it with its parser (for pagination).
 *
 * @internal
 */
export function startRequest<T>(
  core: SvcCore,
  spec: RequestSpec<T>,
  options: RequestOptions = {},
): PendingRequest<T> {
  return { raw: send(core, spec, options), parse: (raw) => parse(core, spec, raw) };
}
