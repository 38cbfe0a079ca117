// Issue 13 item 6: fault specs that would break every later request are refused when added,
// naming the field and what is allowed; item 3: path globs match in linear time.
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_FAULT_HEADERS } from '../../mock-server/engine/policy/fault-spec';
import { MAX_FAULTS } from '../../mock-server/engine/policy/faults';
import { useEngine } from '../handlers/harness';
import { nested } from './helpers';

const mock = useEngine({ seed: { subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }] } });
const add = (input: unknown) => () =>
  mock.engine.faults.add(input as Parameters<typeof mock.engine.faults.add>[0]);

describe('hostile: fault specs', () => {
  it.each([
    [
      { respond: { status: 503, headers: { 'bad name': 'x' } } },
      /respond.headers: header name "bad name" must use letters, digits/,
    ],
    [
      { respond: { status: 503, headers: { 'x-a': 'one\r\nSet-Cookie: evil=1' } } },
      /respond.headers.x-a: the value must be .*no CR, LF/,
    ],
    [
      { respond: { status: 503, headers: { 'x-a': 'nul\u0000byte' } } },
      /no CR, LF or other control characters/,
    ],
    [
      { respond: { status: 503, headers: { 'Content-Length': '5' } } },
      /Content-Length cannot be set by a fault/,
    ],
    [
      { respond: { status: 503, headers: { 'transfer-encoding': 'chunked' } } },
      /transfer-encoding cannot be set/,
    ],
    [
      { match: { headers: { 'x y': 'v' } }, respond: 'network-error' },
      /match.headers: header name "x y"/,
    ],
    [
      { match: { method: 'GET /x' }, respond: 'network-error' },
      /match.method: method must be an HTTP method/,
    ],
    [
      { match: { path: `/${'*a'.repeat(2_000)}` }, respond: 'network-error' },
      /path must be at most 2048 characters/,
    ],
    [{ respond: { status: 200 } }, /respond.status: status must be a whole number from 400 to 599/],
    [
      { match: { operation: 'subscriber.retrieve' }, respond: 'network-error' },
      /match.operation: operation must be one of .*subscribers.retrieve/,
    ],
    [
      { respond: { delayMs: -1 } },
      /respond.delayMs: delayMs must be a number of milliseconds from 0 to 600000/,
    ],
    [{ respond: 'boom' }, /respond: respond must be 'network-error', \{ delayMs \} or \{ status/],
    [{ respond: 'network-error', colour: 'red' }, /colour: unknown field/],
    [{ respond: { status: 503, body: nested(100) } }, /more than 64 levels deep/],
  ])('refuses %j', async (input, message) => {
    expect(add(input)).toThrow(TypeError);
    expect(add(input)).toThrow(message);
    expect(mock.engine.faults.list()).toEqual([]);
    expect((await mock.call('GET', '/v2/subscribers/ada')).status).toBe(200);
  });

  it('names every header it refuses', () => {
    expect(FORBIDDEN_FAULT_HEADERS).toEqual(
      expect.arrayContaining(['content-length', 'transfer-encoding']),
    );
  });

  it('a valid fault with headers still works', async () => {
    mock.engine.faults.add({
      times: 1,
      respond: { status: 503, headers: { 'Retry-After': '0', 'x-test': 'a value\twith tab' } },
    });
    const reply = await mock.call('GET', '/v2/subscribers/ada');
    expect(reply.status).toBe(503);
    expect(reply.headers.get('x-test')).toBe('a value\twith tab');
  });

  it('keeps at most MAX_FAULTS faults', () => {
    for (let index = 0; index < MAX_FAULTS; index++) {
      mock.engine.faults.add({ match: { path: `/never/${index}` }, respond: 'network-error' });
    }
    expect(add({ respond: 'network-error' })).toThrow(RangeError);
    expect(() => mock.engine.faults.addProviderFailure({ channel: 'email' })).toThrow(
      `At most ${MAX_FAULTS} faults`,
    );
    mock.engine.faults.clear();
  });
});

describe('hostile: fault path globs', () => {
  it('*a*a*a*a*a*a*a*a*a*a*a*a*b against a long path answers at once', async () => {
    mock.engine.faults.add({
      match: { path: '*a*a*a*a*a*a*a*a*a*a*a*a*b' },
      respond: { status: 418 },
    });
    const long = `/v2/subscribers/${'a'.repeat(4_000)}`;
    expect((await mock.call('GET', long)).status).toBe(404);
    expect((await mock.call('GET', `${long}b`)).status).toBe(418);
  });

  it('matches prefixes, suffixes and middles as before', async () => {
    mock.engine.faults.add({ match: { path: '/v2/*/ad*' }, respond: { status: 418 } });
    expect((await mock.call('GET', '/v2/subscribers/ada')).status).toBe(418);
    expect((await mock.call('GET', '/v2/workflows')).status).not.toBe(418);
  });
});
