// Translations through the msw handlers with raw fetch (docs/behaviour/translations.md): the
// service's locale rules, its 404s and 422s, the group, the master JSON, and multipart uploads
// read from the request alone.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call, devKey } = useEngine({
  seed: {
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        isTranslationEnabled: true,
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: '{{t.greeting}}' } }],
      },
      { workflowId: 'plain', steps: [{ type: 'sms', name: 'Sms', controlValues: { body: 'Hi' } }] },
    ],
  },
});

const create = (locale: string, content: unknown, resourceId = 'welcome') =>
  call('POST', '/v2/translations', {
    body: { resourceId, resourceType: 'workflow', locale, content },
  });

const stored = () => engine.scope('Development').data.translations.size;

/** Posts a multipart body to an upload route, as a browser or the reference SDK sends it. */
async function upload(path: string, form: FormData) {
  const response = await fetch(`https://api.svc.co${path}`, {
    method: 'POST',
    headers: { Authorization: `ApiKey ${devKey()}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const jsonFile = (name: string, value: unknown) =>
  new File([typeof value === 'string' ? value : JSON.stringify(value)], name, {
    type: 'application/json',
  });

describe('POST /v2/translations', () => {
  it('creates with 200, then replaces the whole content', async () => {
    const created = await create('en_US', { greeting: 'Hello', bye: 'Bye' });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'en_US',
      content: { greeting: 'Hello', bye: 'Bye' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const replaced = await create('en-US', { greeting: 'Hi' });
    expect(replaced.body.data.locale).toBe('en_US');
    expect(replaced.body.data.content).toEqual({ greeting: 'Hi' });
    expect(stored()).toBe(1);
  });

  it('takes the workflow by _id or slug and answers its identifier', async () => {
    const workflow = engine
      .scope('Development')
      .data.workflows.find((w) => w.workflowId === 'welcome');
    const byId = await create('es_ES', { greeting: 'Hola' }, workflow?._id);
    expect(byId.status).toBe(200);
    expect(byId.body.data.resourceId).toBe('welcome');
  });

  it('refuses a bad locale, resource type or content with 422, storing nothing', async () => {
    const badLocale = await create('123', { key: 'value' });
    expect(badLocale.status).toBe(422);
    expect(badLocale.body.errors.general.messages).toEqual([
      'locale must be a valid locale: language_REGION (e.g. en_US, es_ES, zh_Hans_CN)',
    ]);
    const badType = await call('POST', '/v2/translations', {
      body: { resourceId: 'welcome', resourceType: 'page', locale: 'en_US', content: {} },
    });
    expect(badType.status).toBe(422);
    expect(badType.body.errors.general.messages).toEqual([
      'resourceType must be one of the following values: workflow, layout',
    ]);
    expect((await create('en_US', ['not', 'an', 'object'])).status).toBe(422);
    const huge = await create('en_US', { big: 'x'.repeat(101 * 1024) });
    expect(huge.status).toBe(413);
    expect(stored()).toBe(0);
  });

  it('answers 404 for an unknown workflow or another environment’s', async () => {
    const missing = await create('en_US', { greeting: 'Hello' }, '507f1f77bcf86cd799439011');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/^Workflow with id 507f1f77bcf86cd799439011 not found/);
    const production = engine.environment('Production').apiKey;
    const elsewhere = await call('POST', '/v2/translations', {
      key: production,
      body: { resourceId: 'welcome', resourceType: 'workflow', locale: 'en_US', content: {} },
    });
    expect(elsewhere.status).toBe(404);
    const layout = await call('POST', '/v2/translations', {
      body: { resourceId: 'main', resourceType: 'layout', locale: 'en_US', content: {} },
    });
    expect(layout.status).toBe(404);
    expect(stored()).toBe(0);
  });
});

describe('GET and DELETE /v2/translations/{resourceType}/{resourceId}/{locale}', () => {
  it('reads one locale; deletes only it; en-US is en_US', async () => {
    await create('en_US', { greeting: 'Hello' });
    await create('fr_FR', { greeting: 'Bonjour' });
    const english = await call('GET', '/v2/translations/workflow/welcome/en-US');
    expect(english.status).toBe(200);
    expect(english.body.data.content).toEqual({ greeting: 'Hello' });
    expect((await call('DELETE', '/v2/translations/workflow/welcome/en-US')).status).toBe(204);
    expect((await call('GET', '/v2/translations/workflow/welcome/en_US')).status).toBe(404);
    expect(
      (await call('GET', '/v2/translations/workflow/welcome/fr_FR')).body.data.content,
    ).toEqual({
      greeting: 'Bonjour',
    });
  });

  it('answers 404 for a missing locale or workflow and 400 for a bad locale or type', async () => {
    const missing = await call('GET', '/v2/translations/workflow/welcome/fr_FR');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Translation for locale fr_FR of workflow welcome not found');
    expect(
      (await call('GET', '/v2/translations/workflow/507f1f77bcf86cd799439011/en_US')).status,
    ).toBe(404);
    const badLocale = await call('GET', '/v2/translations/workflow/welcome/invalid-locale-123');
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.message).toBe('Invalid locale format: invalid-locale-123');
    expect(
      (await call('DELETE', '/v2/translations/workflow/welcome/invalid-locale-123')).status,
    ).toBe(400);
    expect((await call('GET', '/v2/translations/page/welcome/en_US')).status).toBe(400);
    expect((await call('DELETE', '/v2/translations/workflow/welcome/fr_FR')).status).toBe(404);
  });
});

describe('translation groups', () => {
  it('lists the locales with the workflow name, and deletes every locale', async () => {
    await create('es_ES', { greeting: 'Hola' });
    await create('en_US', { greeting: 'Hello' });
    const group = await call('GET', '/v2/translations/group/workflow/welcome');
    expect(group.status).toBe(200);
    expect(group.body.data).toEqual({
      resourceId: 'welcome',
      resourceType: 'workflow',
      resourceName: 'Welcome',
      locales: ['en_US', 'es_ES'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call('DELETE', '/v2/translations/workflow/welcome')).status).toBe(204);
    expect(stored()).toBe(0);
    expect((await call('GET', '/v2/translations/group/workflow/welcome')).status).toBe(404);
  });

  it('answers 404 for a workflow without translations or an unknown one', async () => {
    expect((await call('GET', '/v2/translations/group/workflow/plain')).status).toBe(404);
    expect((await call('DELETE', '/v2/translations/workflow/plain')).status).toBe(404);
    expect(
      (await call('DELETE', '/v2/translations/workflow/507f1f77bcf86cd799439011')).status,
    ).toBe(404);
  });
});

describe('master JSON', () => {
  it('exports a locale by workflow identifier (en_US by default), leaving out the others', async () => {
    await create('en_US', { greeting: 'Hello {{payload.name}}' });
    await create('es_ES', { greeting: 'Hola' });
    const english = await call('GET', '/v2/translations/master-json');
    expect(english.body.data).toEqual({
      workflows: { welcome: { greeting: 'Hello {{payload.name}}' } },
      layouts: {},
    });
    const german = await call('GET', '/v2/translations/master-json?locale=de_DE');
    expect(german.body.data).toEqual({ workflows: {}, layouts: {} });
    expect((await call('GET', '/v2/translations/master-json?locale=invalid-locale')).status).toBe(
      422,
    );
  });

  it('imports: all, partial, none, and nothing to import', async () => {
    const all = await call('POST', '/v2/translations/master-json', {
      body: {
        locale: 'en_US',
        masterJson: { workflows: { welcome: { a: 'A' }, plain: { b: 'B' } } },
      },
    });
    expect(all.body.data).toEqual({
      success: true,
      message: 'Successfully imported translations for 2 resources: welcome, plain',
      successful: ['welcome', 'plain'],
    });
    const partial = await call('POST', '/v2/translations/master-json', {
      body: {
        locale: 'en_US',
        masterJson: { workflows: { welcome: { c: 'C' }, '507f1f77bcf86cd799439011': { d: 'D' } } },
      },
    });
    expect(partial.body.data.success).toBe(true);
    expect(partial.body.data.message).toContain('Partial import completed');
    expect(partial.body.data.failed).toEqual(['507f1f77bcf86cd799439011']);
    expect(
      (await call('GET', '/v2/translations/workflow/welcome/en_US')).body.data.content,
    ).toEqual({
      c: 'C',
    });
    const none = await call('POST', '/v2/translations/master-json', {
      body: { locale: 'en_US', masterJson: { workflows: { missing: { d: 'D' } } } },
    });
    expect(none.body.data).toMatchObject({ success: false, failed: ['missing'] });
    expect(none.body.data.message).toContain('Failed to import any resources');
    expect(none.body.data.successful).toBeUndefined();
    const empty = await call('POST', '/v2/translations/master-json', {
      body: { locale: 'en_US', masterJson: { workflows: {} } },
    });
    expect(empty.body.data).toEqual({
      success: false,
      message: 'No supported resources found in the master JSON',
    });
  });

  it('refuses a bad locale or master JSON with 422, storing nothing', async () => {
    const bad = await call('POST', '/v2/translations/master-json', {
      body: { locale: 'english', masterJson: { workflows: { welcome: { a: 'A' } } } },
    });
    expect(bad.status).toBe(422);
    const notObject = await call('POST', '/v2/translations/master-json', {
      body: { locale: 'en_US', masterJson: { workflows: 'welcome' } },
    });
    expect(notObject.status).toBe(422);
    expect(stored()).toBe(0);
  });

  it('uploads a master JSON file named by its locale', async () => {
    const form = new FormData();
    form.append(
      'file',
      jsonFile('es_ES.json', { workflows: { welcome: { greeting: 'Hola 👋' } } }),
    );
    const uploaded = await upload('/v2/translations/master-json/upload', form);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data.successful).toEqual(['welcome']);
    expect(
      (await call('GET', '/v2/translations/workflow/welcome/es_ES')).body.data.content,
    ).toEqual({
      greeting: 'Hola 👋',
    });
  });

  it('refuses a missing, doubled, badly named or non-JSON master file with 400', async () => {
    const master = { workflows: { welcome: { a: 'A' } } };
    expect((await upload('/v2/translations/master-json/upload', new FormData())).status).toBe(400);
    const two = new FormData();
    two.append('file', jsonFile('en_US.json', master));
    two.append('file', jsonFile('fr_FR.json', master));
    expect((await upload('/v2/translations/master-json/upload', two)).status).toBe(400);
    for (const name of ['invalid-filename.json', 'en_US-master.json', 'en_US.txt', 'en.json']) {
      const form = new FormData();
      form.append('file', jsonFile(name, master));
      const answer = await upload('/v2/translations/master-json/upload', form);
      expect(answer.status, name).toBe(400);
    }
    for (const content of ['invalid json', '', '<xml>not json</xml>']) {
      const form = new FormData();
      form.append('file', jsonFile('en_US.json', content));
      expect((await upload('/v2/translations/master-json/upload', form)).status).toBe(400);
    }
    expect(stored()).toBe(0);
  });
});

describe('POST /v2/translations/upload', () => {
  const filesForm = (
    files: File[],
    fields = { resourceId: 'welcome', resourceType: 'workflow' },
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append('files', file);
    return form;
  };

  it('stores each file under its locale, replacing what was there', async () => {
    await create('en_US', { old: 'Old' });
    const answer = await upload(
      '/v2/translations/upload',
      filesForm([
        jsonFile('en_US.json', { greeting: 'Hello' }),
        jsonFile('es-ES.json', { greeting: 'Hola' }),
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      totalFiles: 2,
      successfulUploads: 2,
      failedUploads: 0,
      errors: [],
    });
    expect(
      (await call('GET', '/v2/translations/workflow/welcome/en_US')).body.data.content,
    ).toEqual({
      greeting: 'Hello',
    });
    expect((await call('GET', '/v2/translations/workflow/welcome/es_ES')).status).toBe(200);
  });

  it('counts a file that is not JSON as failed, and answers 400 when none is stored', async () => {
    const mixed = await upload(
      '/v2/translations/upload',
      filesForm([jsonFile('en_US.json', { a: 'A' }), jsonFile('es_ES.json', 'invalid json')]),
    );
    expect(mixed.body.data).toEqual({
      totalFiles: 2,
      successfulUploads: 1,
      failedUploads: 1,
      errors: ["Failed to process file 'es_ES.json': Invalid JSON"],
    });
    const none = await upload(
      '/v2/translations/upload',
      filesForm([jsonFile('fr_FR.json', 'nope')]),
    );
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('No valid translation files were found');
    expect((await call('GET', '/v2/translations/workflow/welcome/fr_FR')).status).toBe(404);
  });

  it('refuses the whole upload when a file name is not a locale (400 with errors)', async () => {
    const answer = await upload(
      '/v2/translations/upload',
      filesForm([jsonFile('en_US.json', { a: 'A' }), jsonFile('invalid-name.json', { a: 'A' })]),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('invalid names or formats');
    expect(answer.body.errors[0]).toContain('invalid-name.json');
    expect(stored()).toBe(0);
  });

  it('answers 422 without resourceId or resourceType, and 404 for an unknown workflow', async () => {
    const form = new FormData();
    form.append('files', jsonFile('en_US.json', { a: 'A' }));
    expect((await upload('/v2/translations/upload', form)).status).toBe(422);
    const unknown = filesForm([jsonFile('en_US.json', { a: 'A' })], {
      resourceId: 'nope',
      resourceType: 'workflow',
    });
    expect((await upload('/v2/translations/upload', unknown)).status).toBe(404);
    expect(stored()).toBe(0);
  });

  it('answers a clear 400 for a body that is not multipart or is malformed', async () => {
    const json = await call('POST', '/v2/translations/upload', {
      body: { resourceId: 'welcome', resourceType: 'workflow' },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toContain('multipart/form-data');
    const malformed = await call('POST', '/v2/translations/upload', {
      rawBody:
        '--xyz\r\nContent-Disposition: form-data; name="files"; filename="en_US.json"\r\n\r\n{}',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed multipart/form-data body');
  });

  it('refuses a body past 2 MB with 413, storing nothing', async () => {
    const big = jsonFile('en_US.json', { big: 'x'.repeat(2 * 1024 * 1024) });
    const answer = await upload('/v2/translations/upload', filesForm([big]));
    expect(answer.status).toBe(413);
    expect(stored()).toBe(0);
  });
});
