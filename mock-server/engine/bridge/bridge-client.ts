/**
 * One request to an app's bridge endpoint, as the service's `ExecuteBridgeRequest` makes it:
 * `?action=…&workflowId=…&stepId=…`, signed (signature.ts), JSON in and out, a 5 s timeout, retries
 * on 408/413/429/5xx and network errors `2^n` s apart, and the service's error codes when it fails
 * (bridge-errors.ts). The answer is read up to a byte cap: a hostile bridge cannot fill memory.
 *
 * @module
 */

import { BRIDGE_ERRORS, type BridgeErrorCode, FRAMEWORK_ERROR_CODES } from './bridge-errors';
import { bridgeSignature } from './signature';

/** The framework's protocol version, sent as the service sends it. */
const RETRYABLE_STATUS = new Set([408, 413, 429, 500, 502, 503, 504, 521, 522, 524]);

/**
 * How the engine reaches bridges: the transport (`fetch`, or an app's handler called in-process),
 * the timeout, the retry delay's base and the answer's byte cap.
 *
 * @example
 * ```ts
 * const transport: BridgeTransport = { fetch: globalThis.fetch, timeoutMs: 5000, retryDelayMs: 1000, maxAnswerBytes: 1 << 20 };
 * ```
 */
export interface BridgeTransport {
  fetch(request: Request): Promise<Response>;
  timeoutMs: number;
  /** Attempt `n` (1-based) that failed is retried after `2^n × retryDelayMs` (the service: 1000). */
  retryDelayMs: number;
  maxAnswerBytes: number;
}

/** A bridge request that failed, as the service records it (`raw` of its execution detail). */
export interface BridgeFailure {
  url: string;
  statusCode: number;
  message: string;
  code: string;
  data?: unknown;
}

/** What a bridge call gave: the parsed JSON answer, or the failure. */
export type BridgeResult =
  | { ok: true; body: unknown; url: string; ms: number; attempts: number }
  | { ok: false; failure: BridgeFailure; url: string; ms: number; attempts: number };

/**
 * One bridge call: the action, the target workflow and step, the body for a POST, and how many
 * attempts the service makes (its retries limit: 3 for a step's execute, 1 for a sync).
 *
 * @example
 * ```ts
 * const call: BridgeCall = { bridgeUrl: 'http://localhost:4000/api/novu', action: 'discover', secretKey, attempts: 1 };
 * ```
 */
export interface BridgeCall {
  bridgeUrl: string;
  action: 'discover' | 'execute' | 'preview' | 'health-check';
  workflowId?: string;
  stepId?: string;
  body?: Record<string, unknown>;
  secretKey: string;
  attempts: number;
}

/** The request's URL: the bridge URL with the action and ids in its query. */
export function bridgeActionUrl(
  call: Pick<BridgeCall, 'bridgeUrl' | 'action' | 'workflowId' | 'stepId'>,
): string {
  const url = new URL(call.bridgeUrl);
  url.searchParams.set('action', call.action);
  if (call.workflowId !== undefined) url.searchParams.set('workflowId', call.workflowId);
  if (call.stepId !== undefined) url.searchParams.set('stepId', call.stepId);
  return url.toString();
}

const failure = (
  url: string,
  statusCode: number,
  code: BridgeErrorCode,
  data?: unknown,
): BridgeFailure => ({
  url,
  statusCode,
  message: BRIDGE_ERRORS[code](url),
  code,
  ...(data === undefined ? {} : { data }),
});

class AnswerTooLarge extends Error {}
class TimedOut extends Error {}

/** Reads a response's text, refusing more than `max` bytes. */
async function readCapped(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

type Attempt =
  | { kind: 'answer'; status: number; text: string }
  | { kind: 'timeout' }
  | { kind: 'network'; error: unknown }
  | { kind: 'too-large' };

async function attemptOnce(
  transport: BridgeTransport,
  request: (signal: AbortSignal) => Promise<Request>,
): Promise<Attempt> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimedOut());
    }, transport.timeoutMs);
  });
  try {
    const sent = await request(controller.signal);
    return await Promise.race([
      (async (): Promise<Attempt> => {
        const response = await transport.fetch(sent);
        const text = await readCapped(response, transport.maxAnswerBytes);
        return { kind: 'answer', status: response.status, text };
      })(),
      timeout,
    ]);
  } catch (error) {
    if (error instanceof TimedOut) return { kind: 'timeout' };
    if (error instanceof AnswerTooLarge) return { kind: 'too-large' };
    return { kind: 'network', error };
  } finally {
    clearTimeout(timer);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The service's reading of a non-2xx answer (its `ExecuteBridgeRequest` error branches). */
function failedAnswer(url: string, status: number, text: string): BridgeFailure {
  let body: unknown = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = {};
  }
  if (
    isObject(body) &&
    typeof body['code'] === 'string' &&
    FRAMEWORK_ERROR_CODES.has(body['code'])
  ) {
    return {
      url,
      statusCode: status,
      message: typeof body['message'] === 'string' ? body['message'] : String(body['code']),
      code: body['code'],
      ...(body['data'] === undefined ? {} : { data: body['data'] }),
    };
  }
  if (status === 404) return failure(url, 404, 'BRIDGE_ENDPOINT_NOT_FOUND');
  if (status === 405) return failure(url, 400, 'BRIDGE_METHOD_NOT_CONFIGURED');
  if (status === 502) return failure(url, 400, 'BRIDGE_ENDPOINT_UNAVAILABLE');
  return failure(url, status, 'UNKNOWN_BRIDGE_REQUEST_ERROR');
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Makes one bridge call (with the service's retries) and answers its parsed JSON or its failure.
 * Never throws: every way a bridge can fail is a {@link BridgeFailure}.
 *
 * @example
 * ```ts
 * const result = await callBridge(transport, { bridgeUrl, action: 'discover', secretKey, attempts: 1 });
 * if (result.ok) console.log(result.body);
 * ```
 */
export async function callBridge(
  transport: BridgeTransport,
  call: BridgeCall,
): Promise<BridgeResult> {
  const started = Date.now();
  let url: string;
  try {
    url = bridgeActionUrl(call);
  } catch {
    const result = failure(call.bridgeUrl, 400, 'INVALID_BRIDGE_URL');
    return { ok: false, failure: result, url: call.bridgeUrl, ms: 0, attempts: 0 };
  }
  const isPost = call.action === 'execute' || call.action === 'preview';
  const build = async (signal: AbortSignal) => {
    const signature = await bridgeSignature(
      call.secretKey,
      isPost ? call.body : undefined,
      Date.now(),
    );
    return new Request(url, {
      method: isPost ? 'POST' : 'GET',
      signal,
      headers: {
        // Also given to an in-process handler, which reads the URL's host from it (Remix's serve).
        host: new URL(url).host,
        'content-type': 'application/json',
        'bypass-tunnel-reminder': 'true',
        'novu-signature': signature,
        'x-novu-signature': signature,
      },
      ...(isPost ? { body: JSON.stringify(call.body ?? {}) } : {}),
    });
  };
  let last: BridgeFailure = failure(url, 400, 'BRIDGE_ENDPOINT_UNAVAILABLE');
  let attempts = 0;
  for (let attempt = 1; attempt <= Math.max(1, call.attempts); attempt++) {
    attempts = attempt;
    const outcome = await attemptOnce(transport, build);
    let retryable = false;
    if (outcome.kind === 'answer') {
      if (outcome.status >= 200 && outcome.status < 300) {
        try {
          const body: unknown = JSON.parse(outcome.text);
          return { ok: true, body, url, ms: Date.now() - started, attempts };
        } catch {
          last = failure(url, 400, 'BRIDGE_PARSE_ERROR');
        }
      } else {
        last = failedAnswer(url, outcome.status, outcome.text);
        retryable = RETRYABLE_STATUS.has(outcome.status);
      }
    } else if (outcome.kind === 'timeout') {
      last = failure(url, 408, 'BRIDGE_REQUEST_TIMEOUT');
      retryable = true;
    } else if (outcome.kind === 'too-large') {
      last = failure(url, 413, 'UNKNOWN_BRIDGE_REQUEST_ERROR', {
        reason: `The answer is larger than ${transport.maxAnswerBytes} bytes`,
      });
    } else {
      last = failure(url, 400, 'BRIDGE_ENDPOINT_UNAVAILABLE');
      retryable = true;
    }
    if (!retryable || attempt >= call.attempts) break;
    await wait(2 ** attempt * transport.retryDelayMs);
  }
  return { ok: false, failure: last, url, ms: Date.now() - started, attempts };
}
