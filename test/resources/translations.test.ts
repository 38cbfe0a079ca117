// svc.translations.* (docs/behaviour/translations.md) through the real client against the engine,
// strict validation: every answer parses with the client's schemas; uploads travel as
// multipart/form-data through the client's request layer. Then what they change in a run: each
// subscriber gets its own locale's texts, falling back to en_US key by key.
import {
  BadRequestError,
  NotFoundError,
  SvcValidationError,
  UnprocessableEntityError,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'ana', firstName: 'Ana', email: 'ana@example.com', locale: 'es-ES' },
      { subscriberId: 'bob', firstName: 'Bob', email: 'bob@example.com', locale: 'en_US' },
      { subscriberId: 'dirk', firstName: 'Dirk', email: 'dirk@example.com', locale: 'de_DE' },
    ],
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        isTranslationEnabled: true,
        steps: [
          {
            type: 'email',
            name: 'Mail',
            controlValues: {
              subject: '{{t.subject}}',
              body: '<p>{{ t.greeting }}</p><p>{{t.footer.legal}}</p>',
            },
          },
          { type: 'in_app', name: 'Inbox', controlValues: { body: '{{t.greeting}}' } },
        ],
      },
      {
        workflowId: 'untranslated',
        steps: [{ type: 'sms', name: 'Sms', controlValues: { body: 'Code {{t.code}}' } }],
      },
    ],
  },
});

const json = (value: unknown) => JSON.stringify(value);

describe('svc.translations', () => {
  it('create, retrieve, groups, master retrieve and delete', async () => {
    const svc = client();
    const created = await svc.translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'es-ES',
      content: { greeting: 'Hola' },
    });
    expect(created).toMatchObject({
      resourceId: 'welcome',
      locale: 'es_ES',
      content: { greeting: 'Hola' },
    });
    expect(await svc.translations.retrieve('workflow', 'welcome', 'es_ES')).toEqual(created);
    const group = await svc.translations.groups.retrieve('workflow', 'welcome');
    expect(group).toMatchObject({ resourceName: 'Welcome', locales: ['es_ES'] });
    expect(await svc.translations.master.retrieve({ locale: 'es_ES' })).toEqual({
      workflows: { welcome: { greeting: 'Hola' } },
      layouts: {},
    });
    expect(await svc.translations.delete('workflow', 'welcome', 'es_ES')).toBeUndefined();
    expect(
      await rejection(svc.translations.retrieve('workflow', 'welcome', 'es_ES')),
    ).toBeInstanceOf(NotFoundError);
    await svc.translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'en_US',
      content: {},
    });
    expect(await svc.translations.groups.delete('workflow', 'welcome')).toBeUndefined();
    expect(await rejection(svc.translations.groups.retrieve('workflow', 'welcome'))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('uploads File and named Blob inputs as multipart/form-data', async () => {
    const svc = client();
    const result = await svc.translations.upload({
      resourceId: 'welcome',
      resourceType: 'workflow',
      files: [
        new File([json({ greeting: 'Hello' })], 'en_US.json', { type: 'application/json' }),
        { fileName: 'es_ES.json', content: new Blob([json({ greeting: 'Hola 👋' })]) },
      ],
    });
    expect(result).toEqual({ totalFiles: 2, successfulUploads: 2, failedUploads: 0, errors: [] });
    expect((await svc.translations.retrieve('workflow', 'welcome', 'es_ES')).content).toEqual({
      greeting: 'Hola 👋',
    });
    const imported = await svc.translations.master.upload({
      file: new File([json({ workflows: { welcome: { greeting: 'Bonjour' } } })], 'fr_FR.json'),
    });
    expect(imported).toMatchObject({ success: true, successful: ['welcome'] });
    const viaBody = await svc.translations.master.import({
      locale: 'it_IT',
      masterJson: { workflows: { welcome: { greeting: 'Ciao' }, gone: { greeting: '?' } } },
    });
    expect(viaBody).toMatchObject({ success: true, successful: ['welcome'], failed: ['gone'] });
    expect((await svc.translations.groups.retrieve('workflow', 'welcome')).locales).toEqual([
      'en_US',
      'es_ES',
      'fr_FR',
      'it_IT',
    ]);
  });

  it('refuses bad inputs before sending, and maps the service’s 4xx', async () => {
    const svc = client();
    const noFiles = await rejection(
      svc.translations.upload({ resourceId: 'welcome', resourceType: 'workflow', files: [] }),
    );
    expect(noFiles).toBeInstanceOf(SvcValidationError);
    const badName = await rejection(
      svc.translations.upload({
        resourceId: 'welcome',
        resourceType: 'workflow',
        files: [{ fileName: 'readme.json', content: new Blob(['{}']) }],
      }),
    );
    expect(badName).toBeInstanceOf(BadRequestError);
    const badLocale = await rejection(
      svc.translations.create({
        resourceId: 'welcome',
        resourceType: 'workflow',
        locale: '123',
        content: {},
      }),
    );
    expect(badLocale).toBeInstanceOf(UnprocessableEntityError);
    expect(engine.scope('Development').data.translations.size).toBe(0);
  });
});

describe('a run with translations', () => {
  const seedTranslations = async () => {
    const svc = client();
    await svc.translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'en_US',
      content: {
        subject: 'Welcome, {{subscriber.firstName}}',
        greeting: 'Hello {{payload.plan | upcase}}',
        footer: { legal: 'All rights reserved' },
      },
    });
    await svc.translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'es_ES',
      content: {
        subject: 'Bienvenida, {{subscriber.firstName}}',
        greeting: 'Hola {{payload.plan}}',
      },
    });
  };

  it('renders each subscriber in their locale, falling back to en_US key by key', async () => {
    await seedTranslations();
    await client().events.trigger({
      name: 'welcome',
      to: ['ana', 'bob', 'dirk'],
      payload: { plan: 'pro' },
    });
    const ana = engine.outbox.last({ channel: 'email', subscriberId: 'ana' });
    expect(ana?.subject).toBe('Bienvenida, Ana');
    expect(ana?.content).toContain('<p>Hola pro</p><p>All rights reserved</p>');
    const bob = engine.outbox.last({ channel: 'email', subscriberId: 'bob' });
    expect(bob?.subject).toBe('Welcome, Bob');
    expect(bob?.content).toContain('<p>Hello PRO</p>');
    // de_DE has no translations: the default locale's.
    expect(engine.outbox.last({ channel: 'email', subscriberId: 'dirk' })?.subject).toBe(
      'Welcome, Dirk',
    );
    expect(engine.outbox.last({ channel: 'in_app', subscriberId: 'ana' })?.content).toBe(
      'Hola pro',
    );
  });

  it('fails the step for a key no locale has, and names it', async () => {
    await client().translations.create({
      resourceId: 'welcome',
      resourceType: 'workflow',
      locale: 'en_US',
      content: { subject: 'Hi', greeting: 'Hello' },
    });
    const { transactionId } = await client().events.trigger({ name: 'welcome', to: 'bob' });
    const [notification] = await client()
      .notifications.list({ transactionId })
      .toArray({ limit: 5 });
    const email = notification?.jobs?.find((job) => job.type === 'email');
    expect(email?.status).toBe('failed');
    expect(JSON.stringify(email?.executionDetails)).toContain(
      "Missing translation for key 'footer.legal'",
    );
    expect(engine.outbox.count({ channel: 'email' })).toBe(0);
    expect(engine.outbox.last({ channel: 'in_app', subscriberId: 'bob' })?.content).toBe('Hello');
  });

  it('fails a step with keys when the workflow has no translations, or translation is off', async () => {
    await client().events.trigger({ name: 'welcome', to: 'bob' });
    await client().events.trigger({ name: 'untranslated', to: 'bob' });
    expect(engine.outbox.count()).toBe(0);
    const details = JSON.stringify(
      engine.scope('Development').data.notifications.map((n) => n.jobs),
    );
    expect(details).toContain("No translations found for workflow 'welcome'");
    expect(details).toContain('Translation is not enabled for this resource');
  });
});
