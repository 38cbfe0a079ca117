// svc.layouts.* (docs/behaviour/layouts.md) through the real client against the engine, strict
// validation: every answer parses with the client's schemas; then a run delivers in the layout.
import { ConflictError, layoutsRetrieve, NotFoundError, SvcValidationError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock({
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
              body: '<p>Hi {{subscriber.firstName}}</p>',
              layoutId: 'brand',
            },
          },
        ],
      },
    ],
  },
});

const HTML = '<html><body><h1>Acme</h1>{{content}}</body></html>';

describe('svc.layouts', () => {
  it('create, retrieve, update, list, duplicate, preview, usage and delete', async () => {
    const svc = client();
    const created = await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
    expect(created).toMatchObject({ layoutId: 'brand', isDefault: true });
    expect(await svc.layouts.retrieve(created.slug)).toEqual(created);
    const updated = await svc.layouts.update('brand', {
      name: 'Brand',
      controlValues: { email: { body: HTML, editorType: 'html' } },
    });
    expect(updated.controls.values.email?.body).toBe(HTML);
    const copy = await svc.layouts.duplicate('brand', { name: 'Copy', layoutId: 'copy' });
    expect(copy.isDefault).toBe(false);
    const page = await svc.layouts.list({ limit: 1 });
    expect(page.data.map((layout) => layout.layoutId)).toEqual(['copy']);
    const all = await svc.layouts.list().toArray({ limit: 10 });
    expect(all.map((layout) => layout.layoutId)).toEqual(['copy', 'brand']);
    const preview = await svc.layouts.preview('brand');
    expect(preview.result.preview?.body).toMatch(/^<h1>Acme<\/h1><table/);
    expect((await svc.layouts.usage('brand')).workflows).toEqual([
      { name: 'Welcome', workflowId: 'welcome' },
    ]);
    expect(await svc.layouts.delete('copy')).toBeUndefined();
    expect(await rejection(svc.layouts.retrieve('copy'))).toBeInstanceOf(NotFoundError);
  });

  it('answers ConflictError for the default layout and a taken identifier', async () => {
    const svc = client();
    await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
    expect(await rejection(svc.layouts.delete('brand'))).toBeInstanceOf(ConflictError);
    expect(await rejection(svc.layouts.create({ layoutId: 'brand', name: 'B' }))).toBeInstanceOf(
      ConflictError,
    );
  });

  it('checks the editor type before sending, so nothing is stored', async () => {
    const svc = client();
    await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
    const refused = svc.layouts.update('brand', {
      name: 'Brand',
      controlValues: { email: { body: HTML, editorType: 'mjml' as 'html' } },
    });
    expect(await rejection(refused)).toBeInstanceOf(SvcValidationError);
    expect((await svc.layouts.retrieve('brand')).controls.values.email?.editorType).toBe('block');
  });

  it('the standalone function answers as the method', async () => {
    const svc = client();
    await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
    const viaFunction = await layoutsRetrieve(svc.core, 'brand');
    expect(viaFunction.layoutId).toBe('brand');
  });

  it('a trigger delivers the email in the layout', async () => {
    const svc = client();
    await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
    await svc.layouts.update('brand', {
      name: 'Brand',
      controlValues: { email: { body: HTML, editorType: 'html' } },
    });
    await svc.events.trigger({ name: 'welcome', to: 'ada', payload: {} });
    expect(engine.outbox.last({ channel: 'email' })?.content).toBe('<h1>Acme</h1><p>Hi Ada</p>');
  });
});
