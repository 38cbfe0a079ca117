// A step preview renders through the run's renderer (issue 39's preview, issue 41's "the step
// preview shows the same"): with a layout, a translation and an environment variable, the email a
// preview shows for a subscriber is the email a run delivers to that subscriber.
import { describe, expect, it } from 'vitest';
import { useResourceMock } from './setup';

const { client, engine } = useResourceMock({
  seed: {
    subscribers: [
      { subscriberId: 'ana', firstName: 'Ana', email: 'ana@example.com', locale: 'es_ES' },
      { subscriberId: 'bob', firstName: 'Bob', email: 'bob@example.com', locale: 'en_US' },
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
              subject: '{{t.subject}} {{subscriber.firstName}}',
              body: '<p>{{t.greeting}}, {{subscriber.firstName}}: {{env.APP_URL}}/start</p>',
            },
          },
        ],
      },
    ],
  },
});

describe('a step preview and a run', () => {
  it('render the same email: the layout around it, the locale and the environment variable', async () => {
    const svc = client();
    const environmentId = engine.environment('Development')._id;
    await svc.layouts.create({ layoutId: 'brand', name: 'Brand' });
    await svc.layouts.update('brand', {
      name: 'Brand',
      controlValues: {
        email: {
          body: '<html><body><header>ACME</header>{{content}}<footer>{{env.APP_URL}}</footer></body></html>',
          editorType: 'html',
        },
      },
    });
    await svc.environmentVariables.create({
      key: 'APP_URL',
      values: [{ _environmentId: environmentId, value: 'https://app.acme.test' }],
    });
    for (const [locale, content] of [
      ['en_US', { subject: 'Welcome', greeting: 'Hello' }],
      ['es_ES', { subject: 'Bienvenida', greeting: 'Hola' }],
    ] as const) {
      await svc.translations.create({
        resourceId: 'welcome',
        resourceType: 'workflow',
        locale,
        content,
      });
    }
    const step = (await svc.workflows.retrieve('welcome')).steps[0];
    if (step === undefined) throw new Error('the workflow has no step');

    for (const subscriberId of ['ana', 'bob']) {
      await svc.events.trigger({ name: 'welcome', to: subscriberId });
      const delivered = engine.outbox.last({ channel: 'email', subscriberId });
      const subscriber = await svc.subscribers.retrieve(subscriberId);
      const preview = await svc.workflows.steps.generatePreview('welcome', step.stepId, {
        previewPayload: {
          subscriber: {
            subscriberId,
            firstName: subscriber.firstName ?? '',
            locale: subscriber.locale ?? '',
          },
        },
      });
      const shown = preview.result.preview as { subject?: string; body?: string };
      expect(delivered?.content).toContain('<header>ACME</header>');
      expect(delivered?.content).toContain('https://app.acme.test/start');
      expect(shown.subject, subscriberId).toBe(delivered?.subject);
      expect(shown.body, subscriberId).toBe(delivered?.content);
    }
    expect(engine.outbox.last({ channel: 'email', subscriberId: 'ana' })?.subject).toBe(
      'Bienvenida Ana',
    );
  });
});
