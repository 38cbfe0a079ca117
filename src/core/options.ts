/** Where the service runs when no `baseUrl` is given. */
export const REGION_BASE_URLS = {
  us: 'https://api.svc.co',
  eu: 'https://eu.api.svc.co',
} as const;

/** A service region. */
export type Region = keyof typeof REGION_BASE_URLS;

/** How response bodies are checked against the schemas. */
export type ValidationMode = 'strict' | 'warn' | 'off';

/** Log levels, from quietest to loudest. */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** Anything with console-like methods (console, pino, winston...). */
export interface Logger {
  /** Writes an `error` line. */
  error(message: string, ...rest: unknown[]): void;
  /** Writes a `warn` line. */
  warn(message: string, ...rest: unknown[]): void;
  /** Writes an `info` line. */
  info(message: string, ...rest: unknown[]): void;
  /** Writes a `debug` line. */
  debug(message: string, ...rest: unknown[]): void;
}

/**
 * Options of {@link Svc} and {@link createSvcCore}.
 *
 * @example
 * ```ts
 * const svc = new Svc({
 *   secretKey: process.env.SVC_SECRET_KEY ?? '',
 *   region: 'eu',
 *   timeout: 10_000,
 * });
 * ```
 */
export interface SvcOptions {
  /** The environment's API key, or a function returning it (sync or async). `ApiKey ` is added if missing. */
  secretKey: string | (() => string | Promise<string>);
  /** Base URL of the service; wins over `region`. */
  baseUrl?: string;
  /** `us` (default) or `eu`. */
  region?: Region;
  /** Per-attempt timeout in milliseconds. Default 60 000. */
  timeout?: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** A `fetch` implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Response validation: `warn` (default) logs once per operation, `strict` throws, `off` skips. */
  validation?: ValidationMode;
  /** Log level; default `off`. */
  logLevel?: LogLevel;
  /** Where log lines go; default `console`. */
  logger?: Logger;
  /**
   * Send request fields this release does not know, as given, instead of rejecting them with
   * {@link SvcValidationError} (default `false`). For a field the service added after this
   * release; the per-call option of the same name applies to one call.
   */
  allowUnknownKeys?: boolean;
}

/**
 * Options accepted by every call, after its own arguments.
 *
 * @example
 * ```ts
 * await svc.events.trigger(body, { idempotencyKey: 'order-42', timeout: 5_000 });
 * ```
 */
export interface RequestOptions {
  /**
   * Idempotency key for POST and PATCH, identical on every retry. A UUID v4 is generated when
   * omitted; `null` sends none (and then the call is never retried, since a repeat could act
   * twice).
   */
  idempotencyKey?: string | null;
  /** Per-attempt timeout in milliseconds for this call. */
  timeout?: number;
  /** Retries for this call. */
  maxRetries?: number;
  /** Aborts the call, including any wait between retries. */
  signal?: AbortSignal;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
  /**
   * Send fields of this call's body or query that this release does not know, as given (a field
   * the service added later), instead of rejecting them. Overrides the client option.
   */
  allowUnknownKeys?: boolean;
}

/** @internal Options after defaults are applied. */
export interface ResolvedOptions {
  /** Returns the key synchronously when it is a string (no promise hop on the hot path). */
  secretKey: () => string | Promise<string>;
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  /** The caller's `fetch`, or a getter of the global one at call time (so MSW can patch it). */
  fetch: () => typeof fetch;
  headers: Record<string, string>;
  validation: ValidationMode;
  logLevel: LogLevel;
  logger: Logger;
  allowUnknownKeys: boolean;
}

/** @internal */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** @internal */
export const DEFAULT_MAX_RETRIES = 2;

/** @internal Applies defaults and checks the options once, at construction. */
export function resolveOptions(options: SvcOptions): ResolvedOptions {
  const { secretKey } = options;
  if (
    secretKey === undefined ||
    secretKey === null ||
    (typeof secretKey === 'string' && secretKey.trim() === '')
  ) {
    throw new TypeError(
      'The `secretKey` option is missing: pass your environment API key, e.g. new Svc({ secretKey: process.env.SVC_SECRET_KEY }).',
    );
  }
  if (typeof secretKey !== 'string' && typeof secretKey !== 'function') {
    throw new TypeError('The `secretKey` option must be a string or a function returning one.');
  }
  const region = checkOneOf('region', options.region ?? 'us', ['us', 'eu']);
  const fetchImpl = options.fetch;
  if (fetchImpl !== undefined && typeof fetchImpl !== 'function') {
    throw new TypeError('The `fetch` option must be a fetch function.');
  }
  if (fetchImpl === undefined && typeof globalThis.fetch !== 'function') {
    throw new TypeError('No global `fetch` in this runtime: pass one with the `fetch` option.');
  }
  const validation = checkOneOf('validation', options.validation ?? 'warn', [
    'strict',
    'warn',
    'off',
  ]);
  const logLevel = checkOneOf('logLevel', options.logLevel ?? 'off', [
    'off',
    'error',
    'warn',
    'info',
    'debug',
  ]);
  checkCount('timeout', options.timeout, 1);
  checkCount('maxRetries', options.maxRetries, 0);
  return {
    secretKey: typeof secretKey === 'string' ? () => secretKey : secretKey,
    baseUrl: checkBaseUrl(options.baseUrl ?? REGION_BASE_URLS[region]).replace(/\/+$/, ''),
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    fetch: fetchImpl ? () => fetchImpl : () => globalThis.fetch,
    headers: lowerCaseKeys(options.headers),
    validation,
    logLevel,
    logger: options.logger ?? console,
    allowUnknownKeys: options.allowUnknownKeys === true,
  };
}

/**
 * Returns `baseUrl` when it is an absolute `http:` or `https:` URL (or, in a browser, a path such
 * as `/api` on the page's origin); otherwise throws a TypeError naming it, so a URL without a
 * scheme fails at construction instead of on the first call after its retries.
 *
 * @internal
 */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl === 'string') {
    const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
    const base = typeof origin === 'string' && baseUrl.startsWith('/') ? origin : undefined;
    let protocol = '';
    try {
      protocol = new URL(baseUrl, base).protocol;
    } catch {}
    if (protocol === 'http:' || protocol === 'https:') return baseUrl;
  }
  throw new TypeError(
    `The \`baseUrl\` option ${JSON.stringify(baseUrl)} is not an http(s) URL: give the scheme and host, e.g. https://api.svc.co or http://127.0.0.1:4010.`,
  );
}

/** Returns `value` when it is one of `allowed`; otherwise throws a TypeError listing them. */
function checkOneOf<T extends string>(name: string, value: T, allowed: readonly T[]): T {
  if (allowed.includes(value)) return value;
  throw new TypeError(
    `The \`${name}\` option must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}.`,
  );
}

/**
 * Throws a clear TypeError when a numeric option is not a finite integer >= `minimum`.
 *
 * @internal
 */
export function checkCount(name: string, value: number | undefined, minimum: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < minimum) {
    throw new TypeError(
      `The \`${name}\` option must be an integer >= ${minimum}, got ${String(value)}.`,
    );
  }
}

/**
 * Copies a headers record with lower-case names, so later merges replace instead of duplicate.
 *
 * @internal
 */
export function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers)
    for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}
