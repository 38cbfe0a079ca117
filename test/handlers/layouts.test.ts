// Layouts through the msw handlers with raw fetch (docs/behaviour/layouts.md): the default layout,
// the body checks, the service's 404 and 409 texts, the listing, duplicate, preview, usage, and
// what a delete does to the steps that named the layout.
import { describe, expect, it } from 'vitest';
import { LAYOUTS_PER_ENVIRONMENT } from '../../mock-server/engine/resources/layouts';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' }],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [
          {
            type: 'email',
            name: 'Mail',
            controlValues: { subject: 's', body: 'b', layoutId: 'promo' },
          },
        ],
      },
      {
        workflowId: 'digest',
        name: 'Digest',
        steps: [{ type: 'email', name: 'Mail', controlValues: { subject: 's', body: 'b' } }],
      },
    ],
  },
});

const HTML = '<html><body><b>{{subscriber.firstName}}</b>{{content}}</body></html>';
const create = (layoutId: string, name = layoutId) =>
  call('POST', '/v2/layouts', { body: { layoutId, name } });
const setBody = (layoutId: string, body: string, editorType = 'html') =>
  call('PUT', `/v2/layouts/${layoutId}`, {
    body: { name: layoutId, controlValues: { email: { body, editorType } } },
  });
const environmentId = () => engine.environment('Development')._id;

describe('POST /v2/layouts', () => {
  it('creates with 201, the empty block body, and the first layout as the default', async () => {
    const first = await create('brand', 'Brand');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      layoutId: 'brand',
      name: 'Brand',
      isDefault: true,
      isTranslationEnabled: false,
      origin: 'svc-cloud',
      type: 'BRIDGE',
      controls: { values: { email: { editorType: 'block' } } },
    });
    expect(first.body.data.slug).toMatch(/^brand_lay_[0-9A-Za-z]{16}$/);
    expect(JSON.parse(first.body.data.controls.values.email.body).type).toBe('doc');
    expect(first.body.data.variables.properties).toHaveProperty('content');
    expect((await create('second')).body.data.isDefault).toBe(false);
  });

  it('answers 409 for an identifier in use and 422 for an empty name, storing nothing', async () => {
    await create('brand', 'Brand');
    const again = await create('brand', 'Other');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Layout with identifier: brand already exists');
    const empty = await create('x', '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors.general.messages).toEqual(['name should not be empty']);
    const missing = await call('POST', '/v2/layouts', { body: { name: 'No id' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.general.messages).toEqual([
      'layoutId should not be null or undefined',
    ]);
    const list = await call('GET', '/v2/layouts');
    expect(list.body.data.layouts.map((layout: { name: string }) => layout.name)).toEqual([
      'Brand',
    ]);
  });

  it(`refuses the ${LAYOUTS_PER_ENVIRONMENT + 1}th layout of an environment with 400`, async () => {
    const context = engine.scope('Development');
    for (let n = 0; n < LAYOUTS_PER_ENVIRONMENT; n += 1) {
      engine.operations['layouts.create'](context, { body: { layoutId: `l${n}`, name: `L${n}` } });
    }
    const over = await create('one-more');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'Layout limit exceeded. Please contact us to support more layouts.',
    );
    expect(context.data.layouts.size).toBe(LAYOUTS_PER_ENVIRONMENT);
  });
});

describe('GET and PUT /v2/layouts/{layoutId}', () => {
  it('reads by identifier, internal id or slug; 404 with the service text otherwise', async () => {
    const { data } = (await create('brand', 'Brand')).body;
    for (const id of ['brand', data._id, data.slug]) {
      expect((await call('GET', `/v2/layouts/${id}`)).body.data.layoutId).toBe('brand');
    }
    const missing = await call('GET', '/v2/layouts/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(
      `Layout not found for id nope in the environment ${environmentId()}`,
    );
    // Another environment's layout is not found in this one.
    const production = engine.environment('Production').apiKey;
    expect((await call('GET', '/v2/layouts/brand', { key: production })).status).toBe(404);
  });

  it('sets an HTML body holding {{content}}, and clears the controls with null', async () => {
    await create('brand');
    const updated = await setBody('brand', HTML);
    expect(updated.status).toBe(200);
    expect(updated.body.data.controls.values.email).toEqual({ body: HTML, editorType: 'html' });
    const cleared = await call('PUT', '/v2/layouts/brand', {
      body: { name: 'Renamed', controlValues: null },
    });
    expect(cleared.body.data.name).toBe('Renamed');
    expect(cleared.body.data.controls.values).toEqual({});
  });

  it('refuses bodies as the service does, keeping the old one', async () => {
    await create('brand');
    await setBody('brand', HTML);
    const notHtml = await setBody('brand', 'plain text');
    expect(notHtml.status).toBe(400);
    expect(notHtml.body.message).toBe('Content must be a valid HTML content');
    const notBlock = await setBody('brand', 'plain text', 'block');
    expect(notBlock.body.message).toBe('Content must be a valid Maily JSON content');
    const htmlAsBlock = await setBody('brand', HTML, 'block');
    expect(htmlAsBlock.body.message).toBe('Content must be a valid Maily JSON content');
    const noSlot = await setBody('brand', '<html><body>no slot</body></html>');
    expect(noSlot.status).toBe(400);
    expect(noSlot.body.message).toBe('The layout body should contain the "content" variable');
    expect(noSlot.body.ctx.controls['email.body'][0].message).toBe(
      'The layout body should contain the "content" variable',
    );
    const blockNoSlot = await setBody(
      'brand',
      JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
      'block',
    );
    expect(blockNoSlot.status).toBe(400);
    const blockSlot = await setBody(
      'brand',
      JSON.stringify({ type: 'doc', content: [{ type: 'variable', attrs: { id: 'content' } }] }),
      'block',
    );
    expect(blockSlot.status).toBe(200);
    const badEditor = await setBody('brand', HTML, 'mjml');
    expect(badEditor.status).toBe(422);
    expect((await call('PUT', '/v2/layouts/nope', { body: { name: 'x' } })).status).toBe(404);
  });
});

describe('DELETE /v2/layouts/{layoutId}', () => {
  it('answers 409 for the default layout and keeps it', async () => {
    await create('brand');
    const refused = await call('DELETE', '/v2/layouts/brand');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Layout with id brand is being used as a default layout, it can not be deleted',
    );
    expect((await call('GET', '/v2/layouts/brand')).status).toBe(200);
  });

  it('deletes another layout (204) and takes it off the steps that named it', async () => {
    await create('brand');
    await create('promo');
    expect((await call('GET', '/v2/layouts/promo/usage')).body.data.workflows).toEqual([
      { name: 'Welcome', workflowId: 'welcome' },
    ]);
    const deleted = await call('DELETE', '/v2/layouts/promo');
    expect(deleted.status).toBe(204);
    expect((await call('GET', '/v2/layouts/promo')).status).toBe(404);
    const welcome = engine.scope('Development').data.workflows[0];
    expect(welcome?.steps[0]?.controlValues).toEqual({ subject: 's', body: 'b' });
    expect((await call('DELETE', '/v2/layouts/promo')).status).toBe(404);
  });
});

describe('duplicate, list, preview and usage', () => {
  it('duplicates with the original body, the identifier from the name when not given', async () => {
    await create('brand');
    await setBody('brand', HTML);
    const copy = await call('POST', '/v2/layouts/brand/duplicate', {
      body: { name: 'Brand Copy' },
    });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ layoutId: 'brand-copy', isDefault: false });
    expect(copy.body.data.controls.values.email.body).toBe(HTML);
    const named = await call('POST', '/v2/layouts/brand/duplicate', {
      body: { name: 'X', layoutId: 'brand-copy' },
    });
    expect(named.status).toBe(409);
    expect((await call('POST', '/v2/layouts/nope/duplicate', { body: { name: 'Y' } })).status).toBe(
      404,
    );
  });

  it('lists newest first with totalCount, offset pages, order and a query', async () => {
    for (const id of ['alpha', 'beta', 'gamma']) {
      await create(id, id.toUpperCase());
      engine.clock.advance(1000);
    }
    const ids = (reply: { body: { data: { layouts: { layoutId: string }[] } } }) =>
      reply.body.data.layouts.map((layout) => layout.layoutId);
    const all = await call('GET', '/v2/layouts');
    expect(ids(all)).toEqual(['gamma', 'beta', 'alpha']);
    expect(all.body.data.totalCount).toBe(3);
    expect(all.body.data.layouts[0]).not.toHaveProperty('variables');
    expect(ids(await call('GET', '/v2/layouts?limit=1&offset=1'))).toEqual(['beta']);
    expect(ids(await call('GET', '/v2/layouts?orderBy=name&orderDirection=ASC'))).toEqual([
      'alpha',
      'beta',
      'gamma',
    ]);
    const found = await call('GET', '/v2/layouts?query=ET');
    expect(ids(found)).toEqual(['beta']);
    expect(found.body.data.totalCount).toBe(1);
    const bad = await call('GET', '/v2/layouts?limit=0&orderBy=slug');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.general.messages).toEqual([
      'limit must not be less than 1',
      'orderBy must be one of the following values: createdAt, updatedAt, name',
    ]);
  });

  it('previews with the subscriber, env and a placeholder for the content (201)', async () => {
    await create('brand');
    await setBody(
      'brand',
      '<html><body><b>{{subscriber.firstName}} {{env.name}}</b>{{content}}</body></html>',
    );
    const preview = await call('POST', '/v2/layouts/brand/preview', {
      body: { previewPayload: { subscriber: { firstName: 'Ada' } } },
    });
    expect(preview.status).toBe(201);
    expect(preview.body.data.result.type).toBe('email');
    expect(preview.body.data.result.preview.body).toMatch(
      /^<b>Ada Development<\/b><table[^>]*><tr><td>Email content will appear here<\/td><\/tr><\/table>$/,
    );
    expect(preview.body.data.previewPayloadExample.subscriber.firstName).toBe('Ada');
    const given = await call('POST', '/v2/layouts/brand/preview', {
      body: {
        controlValues: {
          email: { body: '<html><body>X{{content}}</body></html>', editorType: 'html' },
        },
      },
    });
    expect(given.body.data.result.preview.body).toMatch(/^X<table/);
    const broken = await call('POST', '/v2/layouts/brand/preview', {
      body: { controlValues: { email: { body: '{{ oops', editorType: 'html' } } },
    });
    expect(broken.status).toBe(201);
    expect(broken.body.data).toEqual({ result: { type: 'email' }, previewPayloadExample: {} });
    expect((await call('POST', '/v2/layouts/nope/preview', { body: {} })).status).toBe(404);
  });

  it('answers usage with the workflows whose steps name the layout', async () => {
    await create('brand');
    expect((await call('GET', '/v2/layouts/brand/usage')).body.data).toEqual({ workflows: [] });
    await create('promo');
    expect((await call('GET', '/v2/layouts/promo/usage')).body.data.workflows).toHaveLength(1);
    expect((await call('GET', '/v2/layouts/nope/usage')).status).toBe(404);
  });
});

describe('hostile bodies', () => {
  const deep = (levels: number) =>
    `${'{"type":"doc","content":['.repeat(levels)}{"type":"variable","attrs":{"id":"content"}}${']}'.repeat(levels)}`;

  it('refuses a block body nested too deep with 400, on update and in a preview', async () => {
    await create('brand');
    const refused = await setBody('brand', deep(1000), 'block');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The layout body nests objects and arrays more than 64 levels deep; the limit is 64',
    );
    const preview = await call('POST', '/v2/layouts/brand/preview', {
      body: { controlValues: { email: { body: deep(1000), editorType: 'block' } } },
    });
    expect(preview.status).toBe(400);
    expect((await setBody('brand', deep(10), 'block')).status).toBe(200);
  });
});
