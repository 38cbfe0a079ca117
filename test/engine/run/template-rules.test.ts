// The template rules of mock-server/engine/run/templates.ts and linear-regexp.ts: the Liquid options
// and extra filters (docs/decisions/0030-runtime-rules.md, "Templates"), the no-file system, the
// plain-text shortcut, the failure paths of renderControlValues, and the RE2 pattern wrapper.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linearRegExp } from '../../../mock-server/engine/policy/linear-regexp';
import {
  createTemplateEngine,
  NO_FILE_SYSTEM,
  renderControlValues,
  renderTemplate,
  TEMPLATE_BUDGET,
} from '../../../mock-server/engine/run/templates';

/** Renders with a fresh engine, so every option and filter is read at creation time. */
const render = (template: string, scope: Record<string, unknown> = {}): string =>
  createTemplateEngine().parseAndRenderSync(template, scope) as string;

/** The error message of a template that fails with a fresh engine. */
const failureOf = (template: string, scope: Record<string, unknown> = {}): string => {
  try {
    createTemplateEngine().parseAndRenderSync(template, scope);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error(`expected ${template} to fail`);
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('template engine options', () => {
  it('renders an unknown variable empty instead of failing', () => {
    expect(render('[{{ payload.nope }}][{{ nothing.at.all }}]', { payload: {} })).toBe('[][]');
  });

  it('fails on an unknown filter', () => {
    expect(failureOf('{{ payload.x | nope }}', { payload: {} })).toBe(
      'undefined filter: nope, line:1, col:1',
    );
  });

  it('reads own properties only, never inherited ones', () => {
    const inherited: Record<string, unknown> = Object.create({ secret: 'leaked' });
    expect(render('[{{ o.secret }}]', { o: inherited })).toBe('[]');
  });

  it('treats an empty string and zero as false in conditions, as JavaScript does', () => {
    const template = '{% if v %}yes{% else %}no{% endif %}';
    expect(render(template, { v: '' })).toBe('no');
    expect(render(template, { v: 0 })).toBe('no');
    expect(render(template, { v: 'x' })).toBe('yes');
  });

  it('is created without the relative-reference warning of LiquidJS', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createTemplateEngine();
    expect(warn).not.toHaveBeenCalled();
  });

  it('fails an include: templates cannot read files', () => {
    expect(failureOf('{% include "x" %}')).toBe(
      'Templates cannot read files: {% include %}, {% render %} and {% layout %} are not available, line:1, col:1',
    );
  });
});

describe('the file system templates see', () => {
  it('holds no file and contains no path', async () => {
    expect(await NO_FILE_SYSTEM.exists('.npmrc')).toBe(false);
    expect(NO_FILE_SYSTEM.existsSync('.npmrc')).toBe(false);
    expect(await NO_FILE_SYSTEM.contains?.('/', '/.npmrc')).toBe(false);
    expect(NO_FILE_SYSTEM.containsSync?.('/', '/.npmrc')).toBe(false);
  });

  it('refuses to read or resolve a file', () => {
    const message =
      'Templates cannot read files: {% include %}, {% render %} and {% layout %} are not available';
    expect(() => NO_FILE_SYSTEM.readFileSync('.npmrc')).toThrow(message);
    expect(() => NO_FILE_SYSTEM.resolve('.', '.npmrc', '')).toThrow(message);
  });
});

describe('the json filter', () => {
  it('writes a value as compact JSON', () => {
    expect(render('{{ p | json }}', { p: { a: 1, b: ['x'] } })).toBe('{"a":1,"b":["x"]}');
  });

  it('indents by the number of spaces given', () => {
    expect(render('{{ p | json: 2 }}', { p: { a: 1 } })).toBe('{\n  "a": 1\n}');
  });

  it('ignores a spaces argument that is not a number', () => {
    expect(render("{{ p | json: 'x' }}", { p: { a: 1 } })).toBe('{"a":1}');
  });

  it('writes null for a missing value', () => {
    expect(render('{{ p.missing | json }}', { p: {} })).toBe('null');
  });
});

describe('the digest filter', () => {
  const events = [{ author: 'a' }, { author: 'b' }, { author: 'c' }];

  it('names the first items and counts the others', () => {
    expect(render("{{ e | digest: 2, 'author' }}", { e: events })).toBe('a, b, and 1 other');
    expect(render("{{ e | digest: 1, 'author' }}", { e: events })).toBe('a, and 2 others');
  });

  it('names every item when there is no limit', () => {
    expect(render("{{ e | digest: nothing, 'author' }}", { e: events })).toBe('a, b and c');
  });

  it('names every item when the limit is zero', () => {
    expect(render("{{ e | digest: 0, 'author' }}", { e: events })).toBe('a, b and c');
  });

  it('names every item when the limit is not a number', () => {
    expect(render("{{ e | digest: '2', 'author' }}", { e: events })).toBe('a, b and c');
  });

  it('names every item when the limit equals the count', () => {
    expect(render("{{ e | digest: 3, 'author' }}", { e: events })).toBe('a, b and c');
  });
});

describe('the toSentence filter', () => {
  it('joins zero, one, two and three items', () => {
    expect(render('[{{ l | toSentence }}]', { l: [] })).toBe('[]');
    expect(render('{{ l | toSentence }}', { l: ['a'] })).toBe('a');
    expect(render('{{ l | toSentence }}', { l: ['a', 'b'] })).toBe('a and b');
    expect(render('{{ l | toSentence }}', { l: ['a', 'b', 'c'] })).toBe('a, b and c');
  });

  it('reads a dotted key of each object item', () => {
    const items = [{ user: { name: 'Ada' } }, { user: { name: 'Bob' } }];
    expect(render("{{ l | toSentence: 'user.name' }}", { l: items })).toBe('Ada and Bob');
  });

  it('renders an object item that lacks the key empty', () => {
    expect(render("{{ l | toSentence: 'name' }}", { l: [{ name: 'Ada' }, {}] })).toBe('Ada and ');
  });

  it('renders a plain item as text even with a key', () => {
    expect(render("{{ l | toSentence: 'name' }}", { l: ['a', 2] })).toBe('a and 2');
  });

  it('renders an object item as text without a key', () => {
    expect(render('{{ l | toSentence }}', { l: [{ a: 1 }] })).toBe('[object Object]');
  });

  it('renders a null item as text', () => {
    expect(render("{{ l | toSentence: 'name' }}", { l: [null, 'b'] })).toBe('null and b');
  });

  it('does not read properties of a string on the key path', () => {
    expect(render("[{{ l | toSentence: 'name.length' }}]", { l: [{ name: 'abc' }] })).toBe('[]');
  });

  it('stops at a null on the key path', () => {
    expect(render("[{{ l | toSentence: 'a.b' }}]", { l: [{ a: null }] })).toBe('[]');
  });

  it('renders a value that is not a list empty', () => {
    expect(render('[{{ l | toSentence }}]', { l: 'abc' })).toBe('[]');
  });

  it('takes the limit after the key', () => {
    expect(render('{{ l | toSentence: nothing, 2 }}', { l: ['a', 'b', 'c', 'd'] })).toBe(
      'a, b, and 2 others',
    );
    expect(render('{{ l | toSentence: nothing, 0 }}', { l: ['a', 'b', 'c'] })).toBe('a, b and c');
    expect(render('{{ l | toSentence: nothing, -1 }}', { l: ['a', 'b'] })).toBe('a and b');
    expect(render("{{ l | toSentence: nothing, '1' }}", { l: ['a', 'b'] })).toBe('a and b');
  });
});

describe('the pluralize filter', () => {
  it('uses the singular for one and adds an s otherwise', () => {
    expect(render("{{ 1 | pluralize: 'item' }}", {})).toBe('1 item');
    expect(render("{{ 2 | pluralize: 'item' }}", {})).toBe('2 items');
    expect(render("{{ 0 | pluralize: 'item' }}", {})).toBe('0 items');
  });

  it('uses the plural given', () => {
    expect(render("{{ 3 | pluralize: 'person', 'people' }}", {})).toBe('3 people');
    expect(render("{{ 1 | pluralize: 'person', 'people' }}", {})).toBe('1 person');
  });

  it('counts a value that is not a number as zero', () => {
    expect(render("{{ 'x' | pluralize: 'item' }}", {})).toBe('0 items');
  });
});

describe('renderTemplate', () => {
  it('returns text without a tag as is, however long', () => {
    const text = 'x'.repeat(TEMPLATE_BUDGET.parseLength + 1);
    expect(renderTemplate(text, {})).toStrictEqual({ ok: true, value: text });
  });

  it('fails a template longer than the parse budget', () => {
    const template = `{{ payload.a }}${'x'.repeat(TEMPLATE_BUDGET.parseLength)}`;
    expect(renderTemplate(template, {}).ok).toBe(false);
  });

  it('reads actor and steps from the context', () => {
    expect(
      renderTemplate('{{ actor.firstName }}/{{ steps.chat.seen }}', {
        actor: { firstName: 'Ada' },
        steps: { chat: { seen: true } },
      }),
    ).toStrictEqual({ ok: true, value: 'Ada/true' });
  });

  it('gives the error with an empty path for a single template', () => {
    expect(renderTemplate('{{ payload.x | nope }}', {})).toStrictEqual({
      ok: false,
      error: 'undefined filter: nope, line:1, col:1',
      path: '',
    });
  });
});

describe('renderControlValues', () => {
  it('names the index of a failing item of a top-level list', () => {
    expect(renderControlValues(['ok', '{{ x | bad }}'], {})).toStrictEqual({
      ok: false,
      error: 'undefined filter: bad, line:1, col:1',
      path: '1',
    });
  });

  it('names the dotted path of a failing item of a nested list', () => {
    expect(renderControlValues({ data: { list: ['ok', '{{ x | bad }}'] } }, {})).toStrictEqual({
      ok: false,
      error: 'undefined filter: bad, line:1, col:1',
      path: 'data.list.1',
    });
  });

  it('stops at the first failing item of a list', () => {
    expect(renderControlValues({ list: ['{{ x | bad }}', '{{ y | worse }}'] }, {})).toStrictEqual({
      ok: false,
      error: 'undefined filter: bad, line:1, col:1',
      path: 'list.0',
    });
  });

  it('keeps null and other non-string values as they are', () => {
    expect(
      renderControlValues({ a: null, b: 3, c: true, d: [null], e: { f: null } }, {}),
    ).toStrictEqual({ ok: true, value: { a: null, b: 3, c: true, d: [null], e: { f: null } } });
  });

  it('renders every top-level control except skip', () => {
    const skip = { '==': [1, '{{ payload.a }}'] };
    expect(
      renderControlValues({ subject: '{{ payload.a }}', skip }, { payload: { a: 'A' } }),
    ).toStrictEqual({ ok: true, value: { subject: 'A', skip } });
  });

  it('renders a nested key named skip', () => {
    expect(
      renderControlValues({ data: { skip: '{{ payload.a }}' } }, { payload: { a: 'A' } }),
    ).toStrictEqual({ ok: true, value: { data: { skip: 'A' } } });
  });
});

describe('linearRegExp', () => {
  it('shows itself as /pattern/ and tests anywhere in the input', () => {
    const regExp = linearRegExp('^a+$');
    expect(regExp.toString()).toBe('/^a+$/');
    expect(`${linearRegExp('b')}`).toBe('/b/');
    expect(regExp.test('aaa')).toBe(true);
    expect(regExp.test('aab')).toBe(false);
    expect(linearRegExp('b').test('abc')).toBe(true);
  });

  it('names its code for AJV', () => {
    expect(linearRegExp.code).toBe('linearRegExp');
  });
});
