// The fault registry directly (mock-server/engine/policy/faults.ts, docs/fault-injection.md):
// which requests a rule matches, how `times` is spent, the before/commit phases, provider
// failures, and the error an injected status answers.
import { describe, expect, it } from 'vitest';
import {
  createFaults,
  type FaultRequest,
  faultError,
  takeProviderFailure,
} from '../../../mock-server/engine/policy/faults';
import { createState } from '../../../mock-server/engine/store/state';

const request = (overrides: Partial<FaultRequest> & { header?: Record<string, string> } = {}) => {
  const { header = {}, ...rest } = overrides;
  const headers = new Headers(header);
  return {
    operation: 'subscribers.retrieve',
    method: 'GET',
    path: '/v2/subscribers/ada',
    headers,
    ...rest,
  } satisfies FaultRequest;
};

describe('createFaults: matching', () => {
  it('a rule without match hits every request', () => {
    const faults = createFaults();
    faults.add({ respond: { status: 503 } });
    expect(faults.take(request(), 'before')).toEqual({ respond: { status: 503 } });
    expect(faults.take(request({ method: 'POST', path: '/x' }), 'before')).toEqual({
      respond: { status: 503 },
    });
  });

  it('each given field must match: operation, method in any case, path glob, headers', () => {
    const faults = createFaults();
    const match = {
      operation: 'subscribers.retrieve' as const,
      method: 'get',
      path: '/v2/subscribers/*',
      headers: { 'x-tenant': 'blue' },
    };
    faults.add({ match, respond: 'network-error' });
    const hit = request({ header: { 'X-Tenant': 'blue' } });
    expect(faults.take(hit, 'before')).toEqual({ respond: 'network-error', match });
    expect(faults.take({ ...hit, operation: 'subscribers.delete' }, 'before')).toBeUndefined();
    expect(faults.take({ ...hit, operation: undefined }, 'before')).toBeUndefined();
    expect(faults.take({ ...hit, method: 'DELETE' }, 'before')).toBeUndefined();
    expect(faults.take({ ...hit, path: '/v1/subscribers/ada' }, 'before')).toBeUndefined();
    expect(faults.take(request({ header: { 'x-tenant': 'red' } }), 'before')).toBeUndefined();
    expect(faults.take(request(), 'before')).toBeUndefined();
    expect(faults.take({ ...hit, method: 'Get' }, 'before')).toEqual({
      respond: 'network-error',
      match,
    });
  });

  it('the first live rule of the phase answers; later ones wait', () => {
    const faults = createFaults();
    faults.add({ match: { path: '/other' }, respond: { status: 500 } });
    faults.add({ respond: { status: 502 }, times: 1 });
    faults.add({ respond: { status: 503 } });
    expect(faults.take(request(), 'before')?.respond).toEqual({ status: 502 });
    expect(faults.take(request(), 'before')?.respond).toEqual({ status: 503 });
    expect(faults.take(request({ path: '/other' }), 'before')?.respond).toEqual({ status: 500 });
  });

  it('a commit rule answers only after the operation, a plain one only before it', () => {
    const faults = createFaults();
    faults.add({ respond: { status: 502 }, after: 'commit' });
    expect(faults.take(request(), 'before')).toBeUndefined();
    expect(faults.take(request(), 'commit')?.respond).toEqual({ status: 502 });
    faults.clear();
    faults.add({ respond: { status: 503 } });
    expect(faults.take(request(), 'commit')).toBeUndefined();
    expect(faults.take(request(), 'before')?.respond).toEqual({ status: 503 });
  });
});

describe('createFaults: bookkeeping', () => {
  it('counts hits and spends times; a spent rule stays listed', () => {
    const faults = createFaults();
    const added = faults.add({ respond: { status: 503 }, times: 2 });
    expect(added).toEqual({
      id: 'fault-1',
      kind: 'http',
      respond: { status: 503 },
      times: 2,
      remaining: 2,
      hits: 0,
    });
    faults.take(request(), 'before');
    expect(faults.list()).toEqual([{ ...added, remaining: 1, hits: 1 }]);
    faults.take(request(), 'before');
    expect(faults.take(request(), 'before')).toBeUndefined();
    expect(faults.list()).toEqual([{ ...added, remaining: 0, hits: 2 }]);
  });

  it('a rule without times never runs out', () => {
    const faults = createFaults();
    faults.add({ respond: 'network-error' });
    for (let index = 0; index < 3; index++) faults.take(request(), 'before');
    expect(faults.list()[0]).toMatchObject({ remaining: null, hits: 3 });
  });

  it('ids count up across both kinds; remove takes one, clear takes all', () => {
    const faults = createFaults();
    const first = faults.add({ respond: { status: 503 } });
    const second = faults.addProviderFailure({ channel: 'sms' });
    const third = faults.add({ respond: { delayMs: 10 } });
    expect([first.id, second.id, third.id]).toEqual(['fault-1', 'fault-2', 'fault-3']);
    expect(faults.remove('fault-2')).toBe(true);
    expect(faults.remove('fault-2')).toBe(false);
    expect(faults.remove('fault-9')).toBe(false);
    expect(faults.list().map((view) => view.id)).toEqual(['fault-1', 'fault-3']);
    faults.clear();
    expect(faults.list()).toEqual([]);
    expect(faults.add({ respond: { status: 503 } }).id).toBe('fault-4');
  });

  it('hands out copies: changing what it answered changes no rule', () => {
    const input = { match: { headers: { 'x-a': '1' } }, respond: { status: 503 } };
    const faults = createFaults();
    const view = faults.add(input);
    input.respond.status = 400;
    if (view.kind === 'http' && typeof view.respond === 'object' && 'status' in view.respond) {
      view.respond.status = 401;
    }
    for (const listed of faults.list()) listed.hits = 99;
    const taken = faults.take(request({ header: { 'x-a': '1' } }), 'before');
    if (taken && typeof taken.respond === 'object' && 'status' in taken.respond) {
      taken.respond.status = 402;
    }
    expect(faults.list()[0]).toMatchObject({ respond: { status: 503 }, hits: 1 });
  });

  it('refuses a bad rule with a TypeError naming it, and adds nothing', () => {
    const faults = createFaults();
    expect(() => faults.add({ respond: { status: 200 } })).toThrow(
      new TypeError('Invalid fault: respond.status: status must be a whole number from 400 to 599'),
    );
    expect(() => faults.addProviderFailure({ channel: 'in_app' as 'email' })).toThrow(
      /^Invalid provider failure: channel: channel must be one of email, sms, chat, push/,
    );
    expect(faults.list()).toEqual([]);
  });
});

describe('takeProviderFailure', () => {
  it('takes the first live failure of the channel and provider a bound state sees', () => {
    const faults = createFaults();
    const state = createState();
    expect(takeProviderFailure(state, 'email', 'sendgrid')).toBeUndefined();
    faults.bind(state);
    faults.add({ respond: { status: 503 } });
    faults.addProviderFailure({ channel: 'email', providerId: 'mailgun', times: 1 });
    faults.addProviderFailure({ channel: 'sms', times: 1, errorText: 'No signal', errorId: 'e1' });
    expect(takeProviderFailure(state, 'email', 'sendgrid')).toBeUndefined();
    expect(takeProviderFailure(state, 'chat', 'slack')).toBeUndefined();
    expect(takeProviderFailure(state, 'email', 'mailgun')).toEqual({
      errorId: 'mail_unexpected_error',
      errorText: 'Unexpected provider error',
    });
    expect(takeProviderFailure(state, 'email', 'mailgun')).toBeUndefined();
    expect(takeProviderFailure(state, 'sms', 'twilio')).toEqual({
      errorId: 'e1',
      errorText: 'No signal',
    });
    expect(faults.list().map((view) => [view.remaining, view.hits])).toEqual([
      [null, 0],
      [0, 1],
      [0, 1],
    ]);
  });

  it.each([
    ['email', 'mail_unexpected_error'],
    ['sms', 'sms_unexpected_error'],
    ['chat', 'chat_unexpected_error'],
    ['push', 'push_unexpected_error'],
  ] as const)('a %s failure defaults to %s', (channel, errorId) => {
    const faults = createFaults();
    const state = createState();
    faults.bind(state);
    faults.addProviderFailure({ channel });
    expect(takeProviderFailure(state, channel, 'any')?.errorId).toBe(errorId);
    expect(takeProviderFailure(state, channel, 'any')?.errorId).toBe(errorId);
  });

  it('an HTTP rule is never taken for a delivery, nor a provider failure for a request', () => {
    const faults = createFaults();
    const state = createState();
    faults.bind(state);
    faults.addProviderFailure({ channel: 'email' });
    expect(faults.take(request(), 'before')).toBeUndefined();
    faults.clear();
    faults.add({ respond: { status: 503 } });
    expect(takeProviderFailure(state, 'email', 'sendgrid')).toBeUndefined();
  });
});

describe('faultError', () => {
  it("429 is the rate limiter's answer for the route's category", () => {
    const error = faultError(429, 'trigger', () => 'id');
    expect(error.status).toBe(429);
    expect(error.message).toBe('API rate limit exceeded');
    expect(error.headers['Retry-After']).toBe('1');
    expect(error.headers['RateLimit-Policy']).toContain('category="trigger"');
  });

  it("500 is the exception filter's, with a fresh errorId", () => {
    const error = faultError(500, 'global', () => 'err-7');
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      'Internal server error, contact support and provide them with the errorId',
    );
    expect(error.extra).toEqual({ errorId: 'err-7' });
  });

  it.each([
    [503, 'Service Unavailable'],
    [404, 'Not Found'],
    [418, 'Error'],
  ])('%i is an HTTP exception with the reason %j', (status, message) => {
    const error = faultError(status, 'global', () => 'id');
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.headers).toEqual({});
  });
});
