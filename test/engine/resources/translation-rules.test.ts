// The rules of mock-server/engine/resources/translations.ts and translation-imports.ts
// (docs/behaviour/translations.md): locales, caps, and what a refused request leaves.
import { afterEach, describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { MAX_UPLOAD_FILES } from '../../../mock-server/engine/resources/translation-imports';
import { parseLocale } from '../../../mock-server/engine/resources/translation-locale';
import { MAX_TRANSLATIONS_PER_ENVIRONMENT } from '../../../mock-server/engine/resources/translations';
import { ServiceError } from '../../../mock-server/engine/wire/service-error';
import {
  MAX_MULTIPART_PARTS,
  parseMultipartBody,
} from '../../../mock-server/pipeline/multipart-body';

const engine = createMockEngine({
  seed: { workflows: [{ workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] }] },
});
afterEach(() => engine.reset());
const scope = () => engine.scope('Development');

const thrown = (run: () => unknown): ServiceError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
};

describe('locales', () => {
  it('reads language_REGION (script optional, - as _), and nothing else', () => {
    expect(['en_US', 'en-US', 'zh_Hans_CN', 'es_419', 'fil_PH'].map(parseLocale)).toEqual([
      'en_US',
      'en_US',
      'zh_Hans_CN',
      'es_419',
      'fil_PH',
    ]);
    for (const bad of ['123', 'en', 'english', 'en_us', 'invalid_locale_123', 'EN_US', ''])
      expect(parseLocale(bad), bad).toBeUndefined();
  });
});

describe('caps', () => {
  it('refuses a new pair past the environment cap with 400, but replaces an existing one', () => {
    const data = scope().data;
    const create = (locale: string) =>
      engine.operations['translations.create'](scope(), {
        body: { resourceId: 'welcome', resourceType: 'workflow', locale, content: { a: 'A' } },
      });
    create('en_US');
    // Fill the table to its cap with records of the same shape (a direct write is faster).
    const [template] = [...data.translations.values()];
    if (template === undefined) throw new Error('no translation');
    for (let index = 1; index < MAX_TRANSLATIONS_PER_ENVIRONMENT; index++) {
      data.translations.set(`workflow:filler:${index}`, {
        ...template,
        _id: `f${index}`,
      });
    }
    const error = thrown(() => create('es_ES'));
    expect(error.status).toBe(400);
    expect(error.message).toContain(`at most ${MAX_TRANSLATIONS_PER_ENVIRONMENT} translations`);
    expect(() => create('en_US')).not.toThrow();
  });

  it('refuses an upload of more files than the cap with 400', () => {
    const files = Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, index) => ({
      field: 'files',
      fileName: `en_US.json`,
      content: `{"n":${index}}`,
    }));
    const error = thrown(() =>
      engine.operations['translations.upload'](scope(), {
        body: { fields: { resourceId: 'welcome', resourceType: 'workflow' }, files },
      }),
    );
    expect(error.status).toBe(400);
    expect(scope().data.translations.size).toBe(0);
  });

  it('refuses a multipart body of more parts than the cap with 400', async () => {
    const form = new FormData();
    for (let index = 0; index <= MAX_MULTIPART_PARTS; index++) form.append(`f${index}`, 'x');
    const request = new Request('https://x.test', { method: 'POST', body: form });
    const text = await request.text();
    await expect(
      parseMultipartBody(text, request.headers.get('content-type') ?? undefined),
    ).rejects.toMatchObject({
      status: 400,
      message: `A multipart body holds at most ${MAX_MULTIPART_PARTS} parts`,
    });
  });

  it('keeps the first of a repeated field and every file with its field name', async () => {
    const form = new FormData();
    form.append('resourceId', 'first');
    form.append('resourceId', 'second');
    form.append('files[]', new File(['{"a":"é"}'], 'fr_FR.json'));
    const request = new Request('https://x.test', { method: 'POST', body: form });
    const body = await parseMultipartBody(
      await request.text(),
      request.headers.get('content-type') ?? undefined,
    );
    expect(body).toEqual({
      fields: { resourceId: 'first' },
      files: [{ field: 'files[]', fileName: 'fr_FR.json', content: '{"a":"é"}' }],
    });
  });
});

describe('a refused import stores nothing', () => {
  it('a master JSON whose content is too large for one resource lists it as failed', () => {
    const result = engine.operations['translations.master.import'](scope(), {
      body: {
        locale: 'en_US',
        masterJson: { workflows: { welcome: { big: 'x'.repeat(101 * 1024) } } },
      },
    });
    expect(result).toMatchObject({ success: false, failed: ['welcome'] });
    expect(scope().data.translations.size).toBe(0);
  });
});
