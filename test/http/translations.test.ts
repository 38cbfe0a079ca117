// The translations routes through HTTP against the svc-mock server (node:http): the client's
// multipart uploads cross a real socket, and the server reads their bodies within the route's
// limit; a body that is not multipart, is malformed or is too large is a 4xx that stores nothing.
import { NotFoundError, Svc } from '@svc/api';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
let svc: Svc;

beforeAll(async () => {
  server = await startMockServer({ port: 0, log: () => {} });
  svc = new Svc({
    secretKey: server.engine.environment('Development').apiKey,
    baseUrl: server.url,
    maxRetries: 0,
    validation: 'strict',
  });
});
afterAll(() => server.close());

const stored = () => server.engine.scope('Development').data.translations.size;
const file = (name: string, value: unknown) => new File([JSON.stringify(value)], name);

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `ApiKey ${server.engine.environment('Development').apiKey}`,
      ...headers,
    },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe('translations over HTTP', () => {
  it('every operation through the client, uploads included', async () => {
    const created = await svc.translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'en_US',
      content: { greeting: 'Hello' },
    });
    expect(created.locale).toBe('en_US');
    const uploaded = await svc.translations.upload({
      resourceId: 'welcome',
      resourceType: 'workflow',
      files: [file('es_ES.json', { greeting: 'Hola' }), file('fr_FR.json', { greeting: 'Salut' })],
    });
    expect(uploaded.successfulUploads).toBe(2);
    const master = await svc.translations.master.upload({
      file: file('it_IT.json', { workflows: { welcome: { greeting: 'Ciao' } } }),
    });
    expect(master.successful).toEqual(['welcome']);
    expect(
      await svc.translations.master.import({
        locale: 'pt_BR',
        masterJson: { workflows: { welcome: { greeting: 'Olá' } } },
      }),
    ).toMatchObject({ success: true });
    expect((await svc.translations.retrieve('workflow', 'welcome', 'pt_BR')).content).toEqual({
      greeting: 'Olá',
    });
    expect((await svc.translations.master.retrieve({ locale: 'it_IT' })).workflows).toEqual({
      welcome: { greeting: 'Ciao' },
    });
    expect((await svc.translations.groups.retrieve('workflow', 'welcome')).locales).toEqual([
      'en_US',
      'es_ES',
      'fr_FR',
      'it_IT',
      'pt_BR',
    ]);
    await svc.translations.delete('workflow', 'welcome', 'fr_FR');
    await svc.translations.groups.delete('workflow', 'welcome');
    await expect(svc.translations.groups.retrieve('workflow', 'welcome')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(stored()).toBe(0);
  });

  it('answers 400 for a JSON or malformed body on an upload route, and 413 past 2 MB', async () => {
    const json = await post('/v2/translations/upload', JSON.stringify({ resourceId: 'welcome' }), {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toContain('multipart/form-data');
    const malformed = await post('/v2/translations/master-json/upload', '--b\r\nbroken', {
      'content-type': 'multipart/form-data; boundary=b',
    });
    expect(malformed).toMatchObject({
      status: 400,
      body: { message: 'Malformed multipart/form-data body' },
    });
    const form = new FormData();
    form.append('resourceId', 'welcome');
    form.append('resourceType', 'workflow');
    form.append('files', new File(['x'.repeat(2 * 1024 * 1024 + 1)], 'en_US.json'));
    const tooLarge = await post('/v2/translations/upload', form);
    expect(tooLarge.status).toBe(413);
    expect(stored()).toBe(0);
  });

  it('answers 404 for another environment’s workflow', async () => {
    const production = new Svc({
      secretKey: server.engine.environment('Production').apiKey,
      baseUrl: server.url,
      maxRetries: 0,
    });
    await expect(
      production.translations.upload({
        resourceId: 'welcome',
        resourceType: 'workflow',
        files: [file('en_US.json', { greeting: 'Hello' })],
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(server.engine.scope('Production').data.translations.size).toBe(0);
  });
});
