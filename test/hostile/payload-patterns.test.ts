// Issue 13 item 3: payloadSchema patterns run on a linear-time engine (RE2), so a pattern that
// backtracks exponentially in JavaScript answers at once.
import { describe, expect, it } from 'vitest';
import { engineWith } from './helpers';

const schema = (pattern: string) => ({
  type: 'object',
  properties: { code: { type: 'string', pattern } },
});

describe('hostile: payload schema patterns', () => {
  it('^(a+)+$ against 50,000 a and a b answers the 400 without backtracking', () => {
    const { trigger, engine } = engineWith(
      [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
      { payloadSchema: schema('^(a+)+$') },
    );
    expect(() => trigger({ code: `${'a'.repeat(50_000)}b` })).toThrow(
      /Payload validation failed: code: must match pattern/,
    );
    expect(trigger({ code: 'aaaa' }).status).toBe('processed');
    expect(engine.outbox.count()).toBe(1);
  });

  it('patternProperties run on the same engine', () => {
    const { trigger } = engineWith(
      [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
      { payloadSchema: { type: 'object', patternProperties: { '^x(a+)+$': { type: 'number' } } } },
    );
    expect(trigger({ [`x${'a'.repeat(40_000)}b`]: 'ignored', xa: 1 }).status).toBe('processed');
    expect(() => trigger({ xaa: 'not a number' })).toThrow(/xaa: must be number/);
  });

  it('a pattern RE2 cannot run (a lookahead) is a 400 naming it', () => {
    const { trigger } = engineWith(
      [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'hi' } }],
      { payloadSchema: schema('^(?=a)a$') },
    );
    expect(() => trigger({ code: 'a' })).toThrow(/pattern "\^\(\?=a\)a\$" is not supported/);
  });
});
