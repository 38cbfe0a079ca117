// The block email body of mock-server/engine/run/email-body.ts: how each Maily/TipTap node and mark
// becomes HTML, how attributes fall back, and which body text is read as a block document
// (docs/decisions/0030-runtime-rules.md, "Templates").
import { describe, expect, it } from 'vitest';
import {
  type BlockNode,
  blockToHtml,
  emailBodySource,
  parseBlockDocument,
  renderEmailBody,
} from '../../../mock-server/engine/run/email-body';

const text = (value: string, marks?: BlockNode['marks']): BlockNode =>
  marks === undefined ? { type: 'text', text: value } : { type: 'text', text: value, marks };
const paragraph = (...content: BlockNode[]): BlockNode => ({ type: 'paragraph', content });

describe('text and marks', () => {
  it('escapes &, < and > in text', () => {
    expect(blockToHtml(text('a & b <c> "d"'))).toBe('a &amp; b &lt;c&gt; "d"');
  });

  it('renders a text node without text empty', () => {
    expect(blockToHtml({ type: 'text' })).toBe('');
  });

  it('wraps text in one tag per mark, in order', () => {
    expect(blockToHtml(text('b', [{ type: 'bold' }]))).toBe('<strong>b</strong>');
    expect(blockToHtml(text('i', [{ type: 'italic' }]))).toBe('<em>i</em>');
    expect(blockToHtml(text('u', [{ type: 'underline' }]))).toBe('<u>u</u>');
    expect(blockToHtml(text('s', [{ type: 'strike' }]))).toBe('<s>s</s>');
    expect(blockToHtml(text('c', [{ type: 'code' }]))).toBe('<code>c</code>');
    expect(blockToHtml(text('x', [{ type: 'bold' }, { type: 'italic' }]))).toBe(
      '<em><strong>x</strong></em>',
    );
  });

  it('ignores an unknown mark', () => {
    expect(blockToHtml(text('x', [{ type: 'sparkle' }, { type: 'bold' }]))).toBe(
      '<strong>x</strong>',
    );
  });

  it('makes a link mark an anchor with its escaped href', () => {
    expect(
      blockToHtml(text('go', [{ type: 'link', attrs: { href: 'https://x.test/?q="a"&b' } }])),
    ).toBe('<a href="https://x.test/?q=&quot;a&quot;&amp;b" target="_blank">go</a>');
  });

  it('leaves text plain under a link mark without attributes or a string href', () => {
    expect(blockToHtml(text('go', [{ type: 'link' }]))).toBe('go');
    expect(blockToHtml(text('go', [{ type: 'link', attrs: { href: 5 } }]))).toBe('go');
  });
});

describe('variables', () => {
  it('becomes a Liquid output named by id, else by name', () => {
    expect(blockToHtml({ type: 'variable', attrs: { id: 'payload.a' } })).toBe('{{ payload.a }}');
    expect(blockToHtml({ type: 'variable', attrs: { name: 'payload.b' } })).toBe('{{ payload.b }}');
    expect(blockToHtml({ type: 'variable', attrs: { id: '', name: 'payload.c' } })).toBe(
      '{{ payload.c }}',
    );
    expect(blockToHtml({ type: 'variable', attrs: { id: null, name: 'payload.d' } })).toBe(
      '{{ payload.d }}',
    );
  });

  it('drops a variable whose name is not a plain dotted path', () => {
    expect(blockToHtml({ type: 'variable' })).toBe('');
    expect(blockToHtml({ type: 'variable', attrs: { id: '9abc' } })).toBe('');
    expect(blockToHtml({ type: 'variable', attrs: { id: 'a }}{{ b' } })).toBe('');
    expect(blockToHtml({ type: 'variable', attrs: { id: 'abc def' } })).toBe('');
    expect(blockToHtml({ type: 'variable', attrs: { id: 'a b' } })).toBe('');
  });

  it('keeps a fallback as the default filter, without quotes', () => {
    expect(blockToHtml({ type: 'variable', attrs: { id: 'payload.n', fallback: "it's" } })).toBe(
      "{{ payload.n | default: 'its' }}",
    );
  });

  it('wraps a variable in its marks', () => {
    expect(blockToHtml({ type: 'variable', attrs: { id: 'x' }, marks: [{ type: 'italic' }] })).toBe(
      '<em>{{ x }}</em>',
    );
  });
});

describe('blocks', () => {
  it('renders a paragraph without content empty', () => {
    expect(blockToHtml({ type: 'paragraph' })).toBe('<p></p>');
  });

  it('aligns by textAlign, else alignment, and only to a known side', () => {
    expect(blockToHtml({ type: 'paragraph', attrs: { alignment: 'right' } })).toBe(
      '<p style="text-align:right"></p>',
    );
    expect(
      blockToHtml({ type: 'paragraph', attrs: { textAlign: null, alignment: 'justify' } }),
    ).toBe('<p style="text-align:justify"></p>');
    expect(blockToHtml({ type: 'paragraph', attrs: { textAlign: 'diagonal' } })).toBe('<p></p>');
  });

  it('clamps a heading level to 1..6', () => {
    expect(blockToHtml({ type: 'heading', content: [text('h')] })).toBe('<h1>h</h1>');
    expect(blockToHtml({ type: 'heading', attrs: { level: 9 } })).toBe('<h6></h6>');
  });

  it('renders breaks and rules', () => {
    expect(blockToHtml({ type: 'hardBreak' })).toBe('<br>');
    expect(blockToHtml({ type: 'horizontalRule' })).toBe('<hr>');
    expect(blockToHtml({ type: 'divider' })).toBe('<hr>');
  });

  it('renders a button with its text or label and a # link by default', () => {
    expect(blockToHtml({ type: 'button', attrs: { label: 'Go & see' } })).toBe(
      '<a href="#" target="_blank">Go &amp; see</a>',
    );
    expect(blockToHtml({ type: 'button', attrs: { text: '', label: 'Go' } })).toBe(
      '<a href="#" target="_blank">Go</a>',
    );
    expect(
      blockToHtml({ type: 'button', attrs: { text: 'Open', url: '/a"b', alignment: 'center' } }),
    ).toBe('<a href="/a&quot;b" target="_blank" style="text-align:center">Open</a>');
    expect(blockToHtml({ type: 'button' })).toBe('<a href="#" target="_blank"></a>');
  });

  it('renders an image or a logo, linked when it has an external link', () => {
    expect(blockToHtml({ type: 'image' })).toBe('<img src="" alt="">');
    expect(blockToHtml({ type: 'logo', attrs: { src: '/l.png', alt: 'L' } })).toBe(
      '<img src="/l.png" alt="L">',
    );
    expect(
      blockToHtml({ type: 'logo', attrs: { src: '/l.png', alt: 'L', externalLink: '/home' } }),
    ).toBe('<a href="/home"><img src="/l.png" alt="L"></a>');
  });

  it('renders sections, columns and column as divs', () => {
    expect(
      blockToHtml({
        type: 'columns',
        content: [
          { type: 'column', attrs: { textAlign: 'left' }, content: [paragraph(text('a'))] },
        ],
      }),
    ).toBe('<div><div style="text-align:left"><p>a</p></div></div>');
  });

  it('renders quotes and lists', () => {
    const item = (value: string): BlockNode => ({
      type: 'listItem',
      content: [paragraph(text(value))],
    });
    expect(blockToHtml({ type: 'blockquote', content: [paragraph(text('q'))] })).toBe(
      '<blockquote><p>q</p></blockquote>',
    );
    expect(blockToHtml({ type: 'bulletList', content: [item('a'), item('b')] })).toBe(
      '<ul><li><p>a</p></li><li><p>b</p></li></ul>',
    );
    expect(blockToHtml({ type: 'orderedList', content: [item('a')] })).toBe(
      '<ol><li><p>a</p></li></ol>',
    );
  });

  it('makes a repeat or for block a Liquid loop over its each', () => {
    const content = [paragraph({ type: 'variable', attrs: { id: 'item.name' } })];
    expect(blockToHtml({ type: 'repeat', attrs: { each: 'payload.items' }, content })).toBe(
      '{% for item in payload.items %}<p>{{ item.name }}</p>{% endfor %}',
    );
    expect(blockToHtml({ type: 'for', attrs: { each: 'payload.items' }, content })).toBe(
      '{% for item in payload.items %}<p>{{ item.name }}</p>{% endfor %}',
    );
    expect(blockToHtml({ type: 'for', attrs: { each: 'a' }, content })).toBe(
      '{% for item in a %}<p>{{ item.name }}</p>{% endfor %}',
    );
  });

  it('renders only the children of a loop whose each is missing or not a plain path', () => {
    const content = [paragraph(text('x'))];
    expect(blockToHtml({ type: 'repeat', content })).toBe('<p>x</p>');
    expect(blockToHtml({ type: 'repeat', attrs: { each: '9items' }, content })).toBe('<p>x</p>');
    expect(blockToHtml({ type: 'repeat', attrs: { each: 'items %}' }, content })).toBe('<p>x</p>');
  });

  it('renders the children of a document and of an unknown node', () => {
    expect(
      blockToHtml({ type: 'doc', content: [paragraph(text('a')), paragraph(text('b'))] }),
    ).toBe('<p>a</p><p>b</p>');
    expect(blockToHtml({ type: 'mystery', content: [paragraph(text('a'))] })).toBe('<p>a</p>');
    expect(blockToHtml({ content: [text('a')] })).toBe('a');
  });
});

describe('parseBlockDocument', () => {
  const doc = { type: 'doc', content: [paragraph(text('a'))] };

  it('reads a document after leading whitespace', () => {
    expect(parseBlockDocument(`\n  ${JSON.stringify(doc)}`)).toStrictEqual(doc);
  });

  it('reads a doc node without content and content without a doc type', () => {
    expect(parseBlockDocument('{"type":"doc"}')).toStrictEqual({ type: 'doc' });
    expect(parseBlockDocument('{"content":[]}')).toStrictEqual({ content: [] });
  });

  it('does not read an object that is neither a doc nor has content', () => {
    expect(parseBlockDocument('{"a":1}')).toBeUndefined();
    expect(parseBlockDocument('{"type":"paragraph"}')).toBeUndefined();
    expect(parseBlockDocument('{"type":"paragraph","content":"x"}')).toBeUndefined();
  });

  it('does not read HTML, plain text, a list or broken JSON', () => {
    expect(parseBlockDocument('<p>{"type":"doc"}</p>')).toBeUndefined();
    expect(parseBlockDocument('[{"type":"doc"}]')).toBeUndefined();
    expect(parseBlockDocument('{ hello }')).toBeUndefined();
  });
});

describe('renderEmailBody', () => {
  it('renders a block document with leading whitespace as HTML with variables', () => {
    const body = `  ${JSON.stringify({
      type: 'doc',
      content: [
        paragraph(text('Hi '), { type: 'variable', attrs: { id: 'subscriber.firstName' } }),
      ],
    })}`;
    expect(renderEmailBody(body, { subscriber: { firstName: 'Ada' } })).toStrictEqual({
      ok: true,
      value: '<p>Hi Ada</p>',
    });
  });

  it('renders an HTML body that is not a block document as is', () => {
    expect(
      renderEmailBody('{"a":1} <b>{{ payload.x }}</b>', { payload: { x: 'X' } }),
    ).toStrictEqual({ ok: true, value: '{"a":1} <b>X</b>' });
  });

  it('names the body when it fails', () => {
    expect(renderEmailBody('<p>{{ payload.name | bad }}</p>', {})).toStrictEqual({
      ok: false,
      error: 'undefined filter: bad, line:1, col:4',
      path: 'body',
    });
  });
});

describe('emailBodySource', () => {
  it('takes text as given, a block document as its JSON, and no body as empty text', () => {
    expect(emailBodySource('<p>{{ payload.x }}</p>')).toBe('<p>{{ payload.x }}</p>');
    expect(emailBodySource({ type: 'doc', content: [] })).toBe('{"type":"doc","content":[]}');
    expect(emailBodySource(undefined)).toBe('');
    expect(emailBodySource(null)).toBe('');
    expect(emailBodySource('')).toBe('');
  });
});
