// The reference service's own SDK (@novu/api, strict response validation as it ships) calls every
// one of its translations functions against the engine's fetch handler, unmodified: its JSON
// bodies, its query and its multipart uploads (`files[]`, `file`) get answers it accepts.
import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
  seed: {
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        isTranslationEnabled: true,
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: '{{t.greeting}}' } }],
      },
    ],
  },
});
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('@novu/api translations against the engine', () => {
  it('create, retrieve, groups.retrieve, master.retrieve, delete, groups.delete', async () => {
    const sdk = novu();
    const created = await sdk.translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'en_US',
      content: { greeting: 'Hello' },
    });
    expect(created).toMatchObject({
      resourceId: 'welcome',
      locale: 'en_US',
      content: { greeting: 'Hello' },
    });
    await sdk.translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'es_ES',
      content: { greeting: 'Hola' },
    });
    const spanish = await sdk.translations.retrieve({
      resourceType: 'workflow',
      resourceId: 'welcome',
      locale: 'es_ES',
    });
    expect(spanish.content).toEqual({ greeting: 'Hola' });
    const group = await sdk.translations.groups.retrieve('workflow', 'welcome');
    expect(group).toMatchObject({ resourceName: 'Welcome', locales: ['en_US', 'es_ES'] });
    expect(await sdk.translations.master.retrieve('es_ES')).toEqual({
      workflows: { welcome: { greeting: 'Hola' } },
      layouts: {},
    });
    expect(await sdk.translations.master.retrieve()).toMatchObject({
      workflows: { welcome: { greeting: 'Hello' } },
    });
    await sdk.translations.delete({
      resourceType: 'workflow',
      resourceId: 'welcome',
      locale: 'es_ES',
    });
    expect((await sdk.translations.groups.retrieve('workflow', 'welcome')).locales).toEqual([
      'en_US',
    ]);
    await sdk.translations.groups.delete('workflow', 'welcome');
    await expect(sdk.translations.groups.retrieve('workflow', 'welcome')).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('master.import, master.upload and upload (multipart)', async () => {
    const sdk = novu();
    const imported = await sdk.translations.master.import({
      locale: 'fr_FR',
      masterJson: { workflows: { welcome: { greeting: 'Bonjour' }, gone: { greeting: '?' } } },
    });
    expect(imported).toMatchObject({ success: true, successful: ['welcome'], failed: ['gone'] });
    const uploadedMaster = await sdk.translations.master.upload({
      file: {
        fileName: 'it_IT.json',
        content: json({ workflows: { welcome: { greeting: 'Ciao' } } }),
      },
    });
    expect(uploadedMaster).toMatchObject({ success: true, successful: ['welcome'] });
    const uploaded = await sdk.translations.upload({
      resourceId: 'welcome',
      resourceType: 'workflow',
      files: [
        { fileName: 'en_US.json', content: json({ greeting: 'Hello' }) },
        { fileName: 'de_DE.json', content: new Blob(['not json']) },
      ],
    });
    expect(uploaded).toEqual({
      totalFiles: 2,
      successfulUploads: 1,
      failedUploads: 1,
      errors: ["Failed to process file 'de_DE.json': Invalid JSON"],
    });
    expect((await sdk.translations.groups.retrieve('workflow', 'welcome')).locales).toEqual([
      'en_US',
      'fr_FR',
      'it_IT',
    ]);
  });
});
