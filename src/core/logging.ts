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
 * @internal
 */
export function redactHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    result[name] = SENSITIVE_KEY.test(name) ? REDACTED : value;
  });
  return result;
}

const MAX_REDACT_DEPTH = 20;

/**
 * A deep copy of a JSON value with the values of secret-looking keys (`credentials`, `apiKey`,
 * `password`, `token`, `webhookUrl`, ...) replaced by {@link REDACTED}.
 *
 * @internal
 */
export function redactBody(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  // Deeper than the walk goes, a whole sub-tree is hidden: it could hold a secret.
  if (depth > MAX_REDACT_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactBody(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] = SENSITIVE_KEY.test(key) ? REDACTED : redactBody(item, depth + 1);
  }
  return result;
}

/**
 * A URL with secret-looking query parameters redacted (the service takes none, but a caller's
 * proxy might). Absolute or relative (`/api/v1?token=…`, a browser app's `baseUrl`); a URL with no
 * secret parameter comes back unchanged.
 *
 * @internal
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const hashAt = url.indexOf('#', queryAt);
  const queryEnd = hashAt === -1 ? url.length : hashAt;
  const params = new URLSearchParams(url.slice(queryAt + 1, queryEnd));
  const secrets = [...new Set(params.keys())].filter((key) => SENSITIVE_KEY.test(key));
  if (secrets.length === 0) return url;
  for (const key of secrets) params.set(key, REDACTED);
  return `${url.slice(0, queryAt)}?${params.toString()}${url.slice(queryEnd)}`;
}
