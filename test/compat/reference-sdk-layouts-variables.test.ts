// The reference service's own SDK (@novu/api, strict response validation as it ships) calls every
// one of its layouts and environment-variables functions against the engine's handlers
// (docs/behaviour/layouts.md, docs/behaviour/environment-variables.md), then a trigger renders
// the layout and a variable.

import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
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
            controlValues: {
              subject: 'Hi',
              body: '<p>Hi {{subscriber.firstName}}, see {{env.BASE_URL}}</p>',
              layoutId: 'brand',
            },
          },
        ],
      },
    ],
  },
});
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

const HTML = '<html><body><h1>Acme</h1>{{content}}</body></html>';

describe('@novu/api layouts against the engine', () => {
  it('calls every layouts function', async () => {
    const created = await novu().layouts.create({ layoutId: 'brand', name: 'Brand' });
    expect(created.result).toMatchObject({
      layoutId: 'brand',
      isDefault: true,
      origin: 'novu-cloud',
    });
    expect(created.result.id).toMatch(/^[0-9a-f]{24}$/);
    const updated = await novu().layouts.update(
      { name: 'Brand', controlValues: { email: { body: HTML, editorType: 'html' } } },
      'brand',
    );
    expect(updated.result.controls.values.email?.body).toBe(HTML);
    const retrieved = await novu().layouts.retrieve('brand');
    expect(retrieved.result.name).toBe('Brand');
    const copy = await novu().layouts.duplicate({ name: 'Brand copy', layoutId: 'copy' }, 'brand');
    expect(copy.result.isDefault).toBe(false);
    const list = await novu().layouts.list({ limit: 10, orderBy: 'name', orderDirection: 'ASC' });
    expect(list.result.layouts.map((layout) => layout.layoutId)).toEqual(['brand', 'copy']);
    expect(list.result.totalCount).toBe(2);
    const preview = await novu().layouts.generatePreview({}, 'brand');
    expect(preview.result.result.preview?.body).toMatch(/^<h1>Acme<\/h1><table/);
    const usage = await novu().layouts.usage('brand');
    expect(usage.result.workflows).toEqual([{ name: 'Welcome', workflowId: 'welcome' }]);
    await novu().layouts.delete('copy');
    await expect(novu().layouts.retrieve('copy')).rejects.toMatchObject({ statusCode: 404 });
    await expect(novu().layouts.delete('brand')).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('@novu/api environment variables against the engine', () => {
  it('calls every environmentVariables function, and a trigger renders the layout and the variable', async () => {
    const environmentId = engine.environment('Development')._id;
    const created = await novu().environmentVariables.create({
      key: 'BASE_URL',
      values: [{ environmentId, value: 'https://acme.test' }],
    });
    expect(created.result.values).toEqual([{ environmentId, value: 'https://acme.test' }]);
    const secret = await novu().environmentVariables.create({ key: 'TOKEN', isSecret: true });
    expect(secret.result.isSecret).toBe(true);
    const updated = await novu().environmentVariables.update({ isSecret: false }, 'TOKEN');
    expect(updated.result.isSecret).toBe(false);
    const retrieved = await novu().environmentVariables.retrieve('BASE_URL');
    expect(retrieved.result.key).toBe('BASE_URL');
    const list = await novu().environmentVariables.list('URL');
    expect(list.result.map((variable) => variable.key)).toEqual(['BASE_URL']);
    const usage = await novu().environmentVariables.usage('BASE_URL');
    expect(usage.result.workflows).toEqual([{ name: 'Welcome', workflowId: 'welcome' }]);
    await novu().environmentVariables.delete('TOKEN');
    await expect(novu().environmentVariables.retrieve('TOKEN')).rejects.toMatchObject({
      statusCode: 404,
    });

    await novu().layouts.create({ layoutId: 'brand', name: 'Brand' });
    await novu().layouts.update(
      { name: 'Brand', controlValues: { email: { body: HTML, editorType: 'html' } } },
      'brand',
    );
    await novu().trigger({ workflowId: 'welcome', to: 'ada', payload: {} });
    expect(engine.outbox.last({ channel: 'email' })?.content).toBe(
      '<h1>Acme</h1><p>Hi Ada, see https://acme.test</p>',
    );
  });
});
