/**
 * Validation of fault rules when they are added (docs/fault-injection.md): every field is
 * checked, and a rule that could break every later request (a header name with a space, CRLF in
 * a header value, a `content-length` override, a glob too long) is refused with a `TypeError`
 * that names the field and says what is allowed (a 400 through the control API).
 *
 * @module
 */

import * as z from 'zod/mini';
import { jsonDepth, MAX_JSON_DEPTH } from '../wire/json-depth';
import { describeIssues } from '../wire/validation';
import { compilePathGlob, MAX_PATH_GLOB_LENGTH } from './path-glob';

/**
 * Headers a fault may not set: they decide how the response is framed or how the connection is
 * used, and the server sets them itself.
 */
export const FORBIDDEN_FAULT_HEADERS: readonly string[] = [
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
];

/** RFC 7230 §3.2.6 `token`: the characters of a header name or method. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 7230 §3.2 `field-value` without obs-fold: visible characters, spaces and tabs. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const MAX_HEADER_VALUE_LENGTH = 8_192;

const TOKEN_RULE =
  "letters, digits and !#$%&'*+-.^_`|~ only (an RFC 7230 token: no spaces, colons or line breaks)";

/** Checks header names and values; `what` is the field path (`respond.headers`). */
function headerProblems(
  headers: Record<string, string> | undefined,
  what: string,
  forbidFraming: boolean,
): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!TOKEN.test(name)) {
      problems.push(`${what}: header name ${JSON.stringify(name)} must use ${TOKEN_RULE}`);
    } else if (forbidFraming && FORBIDDEN_FAULT_HEADERS.includes(name.toLowerCase())) {
      problems.push(
        `${what}: ${name} cannot be set by a fault (the server sets ${FORBIDDEN_FAULT_HEADERS.join(', ')})`,
      );
    }
    if (!FIELD_VALUE.test(value) || value.length > MAX_HEADER_VALUE_LENGTH) {
      problems.push(
        `${what}.${name}: the value must be at most ${MAX_HEADER_VALUE_LENGTH} visible characters, spaces or tabs (no CR, LF or other control characters)`,
      );
    }
  }
  return problems;
}

const HeaderMap = z.record(z.string(), z.string({ error: 'a header value must be a string' }), {
  error: 'headers must be an object of header names to string values',
});
const Times = z.optional(
  z
    .int({ error: 'times must be a whole number >= 1 (omit it for every request)' })
    .check(z.positive({ error: 'times must be a whole number >= 1 (omit it for every request)' })),
);

const StatusRespond = z.strictObject({
  status: z
    .int({ error: 'status must be a whole number from 400 to 599' })
    .check(
      z.gte(400, { error: 'status must be a whole number from 400 to 599' }),
      z.lte(599, { error: 'status must be a whole number from 400 to 599' }),
    ),
  headers: z.optional(HeaderMap),
  body: z.optional(z.unknown()),
});
const DelayRespond = z.strictObject({
  delayMs: z
    .number({ error: 'delayMs must be a number of milliseconds from 0 to 600000' })
    .check(
      z.nonnegative({ error: 'delayMs must be a number of milliseconds from 0 to 600000' }),
      z.lte(600_000, { error: 'delayMs must be a number of milliseconds from 0 to 600000' }),
    ),
});

const RESPOND_RULE =
  "respond must be 'network-error', { delayMs } or { status: 400-599, headers?, body? }";

function parseWith<T extends z.ZodMiniType>(
  schema: T,
  input: unknown,
  prefix: string,
  problems: string[],
): z.infer<T> | undefined {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  problems.push(...describeIssues(schema, result.error.issues, prefix));
  return undefined;
}

function checkRespond(respond: unknown, problems: string[]): void {
  if (respond === 'network-error') return;
  if (respond === null || typeof respond !== 'object' || Array.isArray(respond)) {
    problems.push(`respond: ${RESPOND_RULE}, got ${JSON.stringify(respond) ?? 'nothing'}`);
    return;
  }
  const schema = 'delayMs' in respond ? DelayRespond : StatusRespond;
  const parsed = parseWith(schema, respond, 'respond', problems);
  if (parsed !== undefined && 'status' in parsed) {
    problems.push(...headerProblems(parsed.headers, 'respond.headers', true));
  }
}

/**
 * Checks an HTTP fault rule: returns the problems, each naming its field and what is allowed
 * (empty when the rule is fine).
 */
export function faultInputProblems(input: unknown, operations: readonly string[]): string[] {
  const problems: string[] = [];
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return ['(root): a fault must be an object { match?, times?, respond, after? }'];
  }
  if (jsonDepth(input, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    return [`(root): a fault nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`];
  }
  const { match, times, respond, after, ...rest } = input as Record<string, unknown>;
  for (const key of Object.keys(rest)) {
    problems.push(`${key}: unknown field (a fault has match, times, respond and after)`);
  }
  if (match !== undefined) {
    const operationRule = `operation must be one of ${operations.join(', ')}`;
    const Match = z.strictObject({
      operation: z.optional(z.enum(operations as [string, ...string[]], { error: operationRule })),
      method: z.optional(
        z
          .string({ error: `method must be an HTTP method (${TOKEN_RULE})` })
          .check(z.regex(TOKEN, { error: `method must be an HTTP method (${TOKEN_RULE})` })),
      ),
      path: z.optional(
        z.string({ error: 'path must be a URL path, with * for any characters' }).check(
          z.minLength(1, { error: 'path must be a URL path, with * for any characters' }),
          z.maxLength(MAX_PATH_GLOB_LENGTH, {
            error: `path must be at most ${MAX_PATH_GLOB_LENGTH} characters`,
          }),
        ),
      ),
      headers: z.optional(HeaderMap),
    });
    const parsed = parseWith(Match, match, 'match', problems);
    if (parsed !== undefined) {
      problems.push(...headerProblems(parsed.headers, 'match.headers', false));
      if (parsed.path !== undefined) compilePathGlob(parsed.path);
    }
  }
  parseWith(Times, times, 'times', problems);
  if (respond === undefined) problems.push(`respond: ${RESPOND_RULE}`);
  else checkRespond(respond, problems);
  if (after !== undefined && after !== 'commit') {
    problems.push(`after: must be 'commit' (or omitted: the fault answers before the operation)`);
  }
  return problems;
}

const ProviderFailureSchema = z.strictObject({
  channel: z.enum(['email', 'sms', 'chat', 'push'], {
    error: 'channel must be one of email, sms, chat, push (in_app has no provider)',
  }),
  providerId: z.optional(
    z
      .string({ error: 'providerId must be a non-empty string' })
      .check(z.minLength(1, { error: 'providerId must be a non-empty string' })),
  ),
  times: Times,
  errorText: z.optional(
    z
      .string({ error: 'errorText must be a non-empty string' })
      .check(z.minLength(1, { error: 'errorText must be a non-empty string' })),
  ),
  errorId: z.optional(
    z
      .string({ error: 'errorId must be a non-empty string' })
      .check(z.minLength(1, { error: 'errorId must be a non-empty string' })),
  ),
});

/**
 * Checks a provider failure rule: returns the problems, each naming its field and what is
 * allowed (empty when the rule is fine).
 */
export function providerFailureProblems(input: unknown): string[] {
  const problems: string[] = [];
  parseWith(ProviderFailureSchema, input, '', problems);
  return problems;
}
