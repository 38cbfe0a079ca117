/**
 * Levelled logging with redaction: the Authorization header and credential values never reach a
 * log line.
 *
 * @module
 */
import type { Logger, LogLevel } from './options';

const LEVEL_RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** Placeholder written instead of a secret. */
export const REDACTED = '[REDACTED]';

// Header names and body keys whose values are secrets (credentials, keys, tokens, webhook URLs).
const SENSITIVE_KEY =
  /authorization|credential|secret|password|passwd|token|api[-_]?key|webhook|cookie|signing/i;

/**
 * A logger filtered by level: methods below the configured level do nothing.
 *
 * @internal
 */
export interface LevelledLogger {
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
  error(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  debug(message: string, details?: unknown): void;
}

/**
 * Wraps a console-like logger so only lines at or above `level` are written, each prefixed
 * with `[svc]`.
 *
 * @example
 * ```ts
 * const log = createLevelledLogger('info', console);
 * log.debug('not written');
 * log.info('written');
 * ```
 *
 * @internal
 */
export function createLevelledLogger(level: LogLevel, logger: Logger): LevelledLogger {
  const rank = LEVEL_RANK[level] ?? 0;
  const write =
    (name: Exclude<LogLevel, 'off'>) =>
    (message: string, details?: unknown): void => {
      if (rank < LEVEL_RANK[name]) return;
      if (details === undefined) logger[name](`[svc] ${message}`);
      else logger[name](`[svc] ${message}`, details);
    };
  return {
    enabled: (name) => rank >= LEVEL_RANK[name],
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
  };
}

/**
 * Headers as a plain object with secret values replaced by {@link REDACTED}.
 *
 * @example
 * ```ts
 * redactHeaders(new Headers({ authorization: 'ApiKey sk' })); // { authorization: '[REDACTED]' }
 * ```
 *
 * @internal
 */
export function redactHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = SENSITIVE_KEY.test(name) ? REDACTED : value;
  });
  return result;
}

/**
 * A deep copy of a JSON value with the values of secret-looking keys (`credentials`, `apiKey`,
 * `password`, `token`, `webhookUrl`, ...) replaced by {@link REDACTED}.
 *
 * @example
 * ```ts
 * redactBody({ providerId: 'fcm', credentials: { deviceTokens: ['t'] } });
 * // { providerId: 'fcm', credentials: '[REDACTED]' }
 * ```
 *
 * @internal
 */
export function redactBody(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactBody(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = SENSITIVE_KEY.test(key) ? REDACTED : redactBody(item, depth + 1);
  }
  return result;
}

/**
 * A URL with secret-looking query parameters redacted (the service takes none, but a caller's
 * proxy might).
 *
 * @example
 * ```ts
 * redactUrl('https://x.test/v1?token=abc'); // 'https://x.test/v1?token=%5BREDACTED%5D'
 * ```
 *
 * @internal
 */
export function redactUrl(url: string): string {
  if (!url.includes('?')) return url;
  const parsed = new URL(url);
  for (const key of [...parsed.searchParams.keys()]) {
    if (SENSITIVE_KEY.test(key)) parsed.searchParams.set(key, REDACTED);
  }
  return parsed.toString();
}
