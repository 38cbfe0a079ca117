// Fault rules checked when they are added (mock-server/engine/policy/fault-spec.ts,
// docs/fault-injection.md): each problem names its field and what is allowed, every problem of a
// rule is listed, and the bounds hold exactly at their edge.
import { describe, expect, it } from 'vitest';
import {
  FORBIDDEN_FAULT_HEADERS,
  faultInputProblems,
  providerFailureProblems,
} from '../../../mock-server/engine/policy/fault-spec';
import { MAX_JSON_DEPTH } from '../../../mock-server/engine/wire/json-depth';

const OPERATIONS = ['subscribers.retrieve', 'events.trigger'];
const problems = (input: unknown) => faultInputProblems(input, OPERATIONS);
const RESPOND_RULE =
  "respond: respond must be 'network-error', { delayMs } or { status: 400-599, headers?, body? }";
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

describe('faultInputProblems', () => {
  it('accepts each kind of answer and a full match', () => {
    expect(problems({ respond: 'network-error' })).toEqual([]);
    expect(problems({ respond: { delayMs: 0 } })).toEqual([]);
    expect(problems({ respond: { delayMs: 600_000 } })).toEqual([]);
    expect(
      problems({ respond: { status: 400, headers: { 'x-a': 'b' }, body: { any: 1 } } }),
    ).toEqual([]);
    expect(
      problems({
        match: {
          operation: 'events.trigger',
          method: 'POST',
          path: '/v1/*',
          headers: { 'content-length': '12' },
        },
        times: 1,
        respond: { status: 599 },
        after: 'commit',
      }),
    ).toEqual([]);
  });

  it.each([null, 'fault', 3, [{ respond: 'network-error' }]])('refuses %j as the rule', (input) => {
    expect(problems(input)).toEqual([
      '(root): a fault must be an object { match?, times?, respond, after? }',
    ]);
  });

  it('refuses a rule nested past the depth bound, and takes one at it', () => {
    // The rule object is a level of its own, and so are respond and body.
    expect(problems({ respond: { status: 503, body: nested(MAX_JSON_DEPTH - 2) } })).toEqual([]);
    expect(problems({ respond: { status: 503, body: nested(MAX_JSON_DEPTH - 1) } })).toEqual([
      `(root): a fault nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
    ]);
  });

  it('lists every problem of a rule, each under its field', () => {
    expect(
      problems({
        match: { operation: 'nope', method: 'GE T', path: '' },
        times: 0,
        after: 'before',
        extra: true,
      }),
    ).toEqual([
      'extra: unknown field (a fault has match, times, respond and after)',
      'match.operation: operation must be one of subscribers.retrieve, events.trigger',
      "match.method: method must be an HTTP method (letters, digits and !#$%&'*+-.^_`|~ only (an RFC 7230 token: no spaces, colons or line breaks))",
      'match.path: path must be a URL path, with * for any characters',
      'times: times must be a whole number >= 1 (omit it for every request)',
      RESPOND_RULE,
      "after: must be 'commit' (or omitted: the fault answers before the operation)",
    ]);
  });

  it.each([
    [
      { method: 5 },
      "match.method: method must be an HTTP method (letters, digits and !#$%&'*+-.^_`|~ only (an RFC 7230 token: no spaces, colons or line breaks))",
    ],
    [{ path: 5 }, 'match.path: path must be a URL path, with * for any characters'],
    [{ headers: { 'x-a': 5 } }, 'match.headers.x-a: a header value must be a string'],
    [
      { headers: 'x-a: 1' },
      'match.headers: headers must be an object of header names to string values',
    ],
  ])('refuses the match %j', (match, problem) => {
    expect(problems({ match, respond: 'network-error' })).toEqual([problem]);
  });

  it.each([
    [undefined, RESPOND_RULE],
    [null, `${RESPOND_RULE}, got null`],
    ['drop', `${RESPOND_RULE}, got "drop"`],
    [[503], `${RESPOND_RULE}, got [503]`],
    [{ status: 503.5 }, 'respond.status: status must be a whole number from 400 to 599'],
    [{ status: 600 }, 'respond.status: status must be a whole number from 400 to 599'],
    [
      { delayMs: 600_001 },
      'respond.delayMs: delayMs must be a number of milliseconds from 0 to 600000',
    ],
    [{ delayMs: 5, status: 503 }, 'respond: Unrecognized key: "status" (allowed keys: delayMs)'],
  ])('refuses the answer %j', (respond, problem) => {
    const found = problems(respond === undefined ? {} : { respond });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(problem);
  });

  it('forbids framing headers in an answer but lets a match look at them', () => {
    for (const name of FORBIDDEN_FAULT_HEADERS) {
      expect(
        problems({ respond: { status: 503, headers: { [name.toUpperCase()]: '1' } } }),
      ).toEqual([
        `respond.headers: ${name.toUpperCase()} cannot be set by a fault (the server sets content-length, transfer-encoding, connection, keep-alive, upgrade, trailer)`,
      ]);
      expect(problems({ match: { headers: { [name]: '1' } }, respond: 'network-error' })).toEqual(
        [],
      );
    }
  });

  it('takes header values up to 8192 characters, tabs and Latin-1 included', () => {
    const value = (length: number) => 'v'.repeat(length);
    expect(problems({ respond: { status: 503, headers: { 'x-a': value(8_192) } } })).toEqual([]);
    expect(problems({ respond: { status: 503, headers: { 'x-a': 'a\tb é' } } })).toEqual([]);
    expect(problems({ respond: { status: 503, headers: { 'x-a': value(8_193) } } })).toEqual([
      'respond.headers.x-a: the value must be at most 8192 visible characters, spaces or tabs (no CR, LF or other control characters)',
    ]);
    expect(problems({ match: { headers: { 'x-a': 'a\nb' } }, respond: 'network-error' })).toEqual([
      'match.headers.x-a: the value must be at most 8192 visible characters, spaces or tabs (no CR, LF or other control characters)',
    ]);
  });

  it('a bad header name is named once, not also as a framing header', () => {
    expect(problems({ respond: { status: 503, headers: { 'content length': '1' } } })).toEqual([
      `respond.headers: header name "content length" must use letters, digits and !#$%&'*+-.^_\`|~ only (an RFC 7230 token: no spaces, colons or line breaks)`,
    ]);
  });
});

describe('providerFailureProblems', () => {
  it('accepts a full rule and a channel alone', () => {
    expect(providerFailureProblems({ channel: 'push' })).toEqual([]);
    expect(
      providerFailureProblems({
        channel: 'email',
        providerId: 'sendgrid',
        times: 3,
        errorText: 'Mailbox full',
        errorId: 'mail_full',
      }),
    ).toEqual([]);
  });

  it('names each bad field without a prefix', () => {
    expect(
      providerFailureProblems({ channel: 'in_app', providerId: '', times: -1, errorText: 5 }),
    ).toEqual([
      'channel: channel must be one of email, sms, chat, push (in_app has no provider)',
      'providerId: providerId must be a non-empty string',
      'times: times must be a whole number >= 1 (omit it for every request)',
      'errorText: errorText must be a non-empty string',
    ]);
  });
});
