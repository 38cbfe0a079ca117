// Layouts and environment variables through svc-mock's node:http server with the real client
// (strict): every operation, the service's failures, and a run that delivers an email in its
// layout with a variable (docs/behaviour/layouts.md, docs/behaviour/environment-variables.md).
import { ConflictError, NotFoundError, Svc } from '@svc/api';
import { startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: Awaited<ReturnType<typeof startMockServer>>;
let svc: Svc;

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    seed: {
      subscribers: [
        { subscriberId: 'http-ada', firstName: 'Ada', email: 'ada@example.com' },
        { subscriberId: 'http-bob', firstName: 'Bob', email: 'bob@example.com' },
      ],
      workflows: [
        {
          workflowId: 'http-welcome',
          name: 'HTTP welcome',
          steps: [
            {
              type: 'email',
              name: 'Mail',
              controlValues: {
                subject: 'Welcome {{subscriber.firstName}}',
                body: '<p>Hello {{subscriber.firstName}}, start at {{env.APP_URL}}/start</p>',
                layoutId: 'http-brand',
              },
            },
          ],
        },
      ],
    },
  });
  svc = new Svc({
    secretKey: server.engine.environment('Development').apiKey,
    baseUrl: server.url,
    validation: 'strict',
    maxRetries: 0,
  });
});
afterAll(() => server.close());

describe('svc-mock serves layouts and environment variables', () => {
  it('runs every layouts operation, with 404 and 409 as the service answers', async () => {
    const created = await svc.layouts
      .create({ layoutId: 'http-brand', name: 'Brand' })
      .withResponse();
    expect(created.response.status).toBe(201);
    await svc.layouts.update('http-brand', {
      name: 'Brand',
      controlValues: {
        email: {
          body: '<html><body><h1>Acme</h1>{{content}}<small>{{env.APP_URL}}</small></body></html>',
          editorType: 'html',
        },
      },
    });
    expect((await svc.layouts.retrieve('http-brand')).isDefault).toBe(true);
    await svc.layouts.duplicate('http-brand', { name: 'Copy', layoutId: 'http-copy' });
    expect((await svc.layouts.list({ query: 'http' })).data.map((l) => l.layoutId)).toEqual([
      'http-copy',
      'http-brand',
    ]);
    expect((await svc.layouts.preview('http-copy')).result.preview?.body).toContain(
      '<h1>Acme</h1>',
    );
    expect((await svc.layouts.usage('http-brand')).workflows).toEqual([
      { name: 'HTTP welcome', workflowId: 'http-welcome' },
    ]);
    expect(await svc.layouts.delete('http-copy')).toBeUndefined();
    expect(await rejection(svc.layouts.retrieve('http-copy'))).toBeInstanceOf(NotFoundError);
    expect(await rejection(svc.layouts.delete('http-brand'))).toBeInstanceOf(ConflictError);
  });

  it('runs every environment-variables operation, with 404 and 409 as the service answers', async () => {
    const environmentId = server.engine.environment('Development')._id;
    await svc.environmentVariables.create({
      key: 'APP_URL',
      values: [{ _environmentId: environmentId, value: 'https://acme.test' }],
    });
    await svc.environmentVariables.create({ key: 'HTTP_TEMP', isSecret: true });
    expect(await rejection(svc.environmentVariables.create({ key: 'APP_URL' }))).toBeInstanceOf(
      ConflictError,
    );
    expect((await svc.environmentVariables.update('HTTP_TEMP', { isSecret: false })).isSecret).toBe(
      false,
    );
    expect((await svc.environmentVariables.retrieve('APP_URL')).values[0]?.value).toBe(
      'https://acme.test',
    );
    expect((await svc.environmentVariables.list({ search: 'app' })).map((v) => v.key)).toEqual([
      'APP_URL',
    ]);
    expect((await svc.environmentVariables.usage('APP_URL')).workflows).toHaveLength(1);
    expect(await svc.environmentVariables.delete('HTTP_TEMP')).toBeUndefined();
    expect(await rejection(svc.environmentVariables.retrieve('HTTP_TEMP'))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('delivers each subscriber the email in the layout, with the variable, in the outbox', async () => {
    await svc.events.trigger({ name: 'http-welcome', to: ['http-ada', 'http-bob'], payload: {} });
    const outbox = await fetch(`${server.url}/__svc/outbox?channel=email`).then((r) => r.json());
    const mails = (outbox.data ?? outbox) as {
      subscriberId: string;
      content: string;
      subject: string;
    }[];
    const bySubscriber = Object.fromEntries(mails.map((mail) => [mail.subscriberId, mail]));
    expect(bySubscriber['http-ada']?.subject).toBe('Welcome Ada');
    expect(bySubscriber['http-ada']?.content).toBe(
      '<h1>Acme</h1><p>Hello Ada, start at https://acme.test/start</p><small>https://acme.test</small>',
    );
    expect(bySubscriber['http-bob']?.content).toContain(
      '<p>Hello Bob, start at https://acme.test/start</p>',
    );
  });
});
