import { describe, expect, it } from 'vitest';
import { renderEmailBody } from '../../../mock-server/engine/run/email-body';
import { inAppMessageFields } from '../../../mock-server/engine/run/in-app-fields';
import {
  digestStepVariables,
  renderControlValues,
  renderTemplate,
} from '../../../mock-server/engine/run/templates';
import { MessageCTA } from '../../../src/schemas/message';

const context = {
  payload: { name: 'Order 42', items: [{ title: 'Pen' }, { title: 'Ink' }] },
  subscriber: { firstName: 'Ada', lastName: 'Lovelace' },
  tenant: { name: 'Acme' },
};

describe('runtime: templates', () => {
  it('renders the service variable names with standard filters', () => {
    expect(
      renderTemplate('Hi {{subscriber.firstName | upcase}} from {{tenant.name}}', context),
    ).toEqual({
      ok: true,
      value: 'Hi ADA from Acme',
    });
    expect(renderTemplate('{{payload.items | size}} items', context)).toEqual({
      ok: true,
      value: '2 items',
    });
  });

  it('renders unknown variables empty', () => {
    expect(renderTemplate('[{{payload.nope.deeper}}][{{actor.firstName}}]', context)).toEqual({
      ok: true,
      value: '[][]',
    });
  });

  it('returns a render error instead of throwing on a bad template or unknown filter', () => {
    const broken = renderTemplate('{% if %}', context);
    expect(broken.ok).toBe(false);
    const unknown = renderTemplate('{{ payload.name | nosuchfilter }}', context);
    expect(unknown.ok).toBe(false);
    expect(unknown.ok ? '' : unknown.error).toMatch(/nosuchfilter/);
  });

  it('exposes digest events as step.events / step.total_count / step.digest', () => {
    const step = digestStepVariables([{ author: 'a' }, { author: 'b' }, { author: 'c' }]);
    const result = renderTemplate(
      '{% if step.digest %}{{step.total_count}}:{% for e in step.events %}{{e.author}}{% endfor %}{% endif %}',
      { ...context, step },
    );
    expect(result).toEqual({ ok: true, value: '3:abc' });
    expect(renderTemplate("{{ step.events | digest: 2, 'author' }}", { step })).toEqual({
      ok: true,
      value: 'a, b, and 1 other',
    });
  });

  it('renders every string of a control object deeply and leaves skip alone', () => {
    const skip = { '==': [{ var: 'payload.name' }, '{{x}}'] };
    const result = renderControlValues(
      {
        subject: 'Re: {{payload.name}}',
        primaryAction: {
          label: 'Open {{payload.name}}',
          redirect: { url: '/o/{{payload.name | url_encode}}' },
        },
        data: { list: ['{{subscriber.lastName}}', 7] },
        skip,
      },
      context,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        subject: 'Re: Order 42',
        primaryAction: { label: 'Open Order 42', redirect: { url: '/o/Order+42' } },
        data: { list: ['Lovelace', 7] },
        skip,
      },
    });
  });

  it('says which control failed to render', () => {
    const result = renderControlValues(
      { body: 'ok', primaryAction: { label: '{{ x | bad }}' } },
      context,
    );
    expect(result).toMatchObject({ ok: false, path: 'primaryAction.label' });
  });
});

describe('runtime: email body', () => {
  it('renders an HTML body as is', () => {
    expect(renderEmailBody('<p>Hello {{subscriber.firstName}}</p>', context)).toEqual({
      ok: true,
      value: '<p>Hello Ada</p>',
    });
  });

  it('turns a block document into HTML with rendered variables', () => {
    const document = {
      type: 'doc',
      content: [
        {
          type: 'heading',
          attrs: { level: 2, textAlign: 'center' },
          content: [{ type: 'text', text: 'Welcome <3' }],
        },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hi ' },
            { type: 'variable', attrs: { id: 'subscriber.firstName' }, marks: [{ type: 'bold' }] },
            { type: 'variable', attrs: { id: 'payload.missing', fallback: 'friend' } },
            {
              type: 'text',
              text: ' docs',
              marks: [{ type: 'link', attrs: { href: 'https://x.test/?a=1&b=2' } }],
            },
          ],
        },
        { type: 'button', attrs: { text: 'Open', url: 'https://x.test/{{payload.name}}' } },
        { type: 'image', attrs: { src: 'https://x.test/logo.png', alt: 'Logo' } },
        { type: 'horizontalRule' },
        { type: 'spacer', attrs: { height: 8 } },
        {
          type: 'section',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'In a section' }] }],
        },
      ],
    };
    const result = renderEmailBody(JSON.stringify(document), context);
    expect(result).toEqual({
      ok: true,
      value:
        '<h2 style="text-align:center">Welcome &lt;3</h2>' +
        '<p>Hi <strong>Ada</strong>friend<a href="https://x.test/?a=1&amp;b=2" target="_blank"> docs</a></p>' +
        '<a href="https://x.test/Order 42" target="_blank">Open</a>' +
        '<img src="https://x.test/logo.png" alt="Logo" />' +
        '<hr />' +
        '<div style="height:8px"></div>' +
        '<div><p>In a section</p></div>',
    });
  });

  it('reports a broken template in the body as a failure of `body`', () => {
    expect(renderEmailBody('<p>{{ payload.name | bad }}</p>', context)).toMatchObject({
      ok: false,
      path: 'body',
    });
  });
});

describe('runtime: in-app message fields', () => {
  it('builds content, cta and buttons in the Message shape', () => {
    const fields = inAppMessageFields({
      body: 'New comment',
      subject: 'Hi',
      avatar: 'https://x.test/a.png',
      redirect: { url: '/posts/1', target: '_blank' },
      primaryAction: { label: 'Reply', redirect: { url: '/posts/1#reply' } },
      secondaryAction: { label: 'Dismiss' },
      data: { postId: 1 },
    });
    expect(fields).toEqual({
      content: 'New comment',
      subject: 'Hi',
      avatar: 'https://x.test/a.png',
      cta: {
        type: 'redirect',
        data: { url: '/posts/1', target: '_blank' },
        action: {
          status: 'pending',
          buttons: [
            { type: 'primary', content: 'Reply', url: '/posts/1#reply' },
            { type: 'secondary', content: 'Dismiss' },
          ],
        },
      },
      data: { postId: 1 },
    });
    expect(MessageCTA.safeParse(fields.cta).success).toBe(true);
  });

  it('has a bare redirect cta when there is no redirect or action', () => {
    expect(inAppMessageFields({ body: 'x' })).toEqual({ content: 'x', cta: { type: 'redirect' } });
  });
});
