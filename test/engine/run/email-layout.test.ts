// An email step in its layout, and step content reading environment variables
// (mock-server/engine/run/email-layout.ts, docs/behaviour/layouts.md#in-a-run,
// docs/behaviour/environment-variables.md#in-templates): what the outbox, the message and the
// job's details show.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { executionDetail } from '../../../mock-server/engine/store/state';

const HTML_LAYOUT =
  '<html><body><h1>Acme for {{subscriber.firstName}}</h1>{{content}}<footer>{{env.SUPPORT_EMAIL}} ({{env.type}})</footer></body></html>';

function setup(controlValues: Record<string, unknown>) {
  const engine = createMockEngine({
    seed: {
      subscribers: [
        { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' },
        { subscriberId: 'bob', firstName: 'Bob', email: 'bob@example.com' },
      ],
      workflows: [
        {
          workflowId: 'welcome',
          name: 'Welcome',
          steps: [{ type: 'email', name: 'Mail', controlValues }],
        },
      ],
    },
  });
  const context = engine.scope('Development');
  const operations = engine.operations;
  const layout = (layoutId: string, body = HTML_LAYOUT) => {
    operations['layouts.create'](context, { body: { layoutId, name: layoutId } });
    operations['layouts.update'](context, {
      params: { layoutId },
      body: { name: layoutId, controlValues: { email: { body, editorType: 'html' } } },
    });
  };
  const variable = (key: string, value: string, isSecret = false) =>
    operations['environmentVariables.create'](context, {
      body: { key, isSecret, values: [{ _environmentId: context.environment._id, value }] },
    });
  const trigger = (to: string, overrides?: Record<string, unknown>) =>
    operations['events.trigger'](context, {
      body: { name: 'welcome', to, payload: {}, ...(overrides ? { overrides } : {}) },
    });
  const mail = (to: string) => engine.outbox.last({ channel: 'email', subscriberId: to });
  const details = () =>
    (context.data.notifications.at(-1)?.jobs[0]?.executionDetails ?? [])
      .map(executionDetail)
      .map(({ detail, status, raw }) => ({ detail, status, raw }));
  return { engine, context, operations, layout, variable, trigger, mail, details };
}

describe('an email step in its layout', () => {
  it('renders the step into the layout named by its layoutId, with the layout variables and env', () => {
    const { layout, variable, trigger, mail, context, details } = setup({
      subject: 'Hi {{subscriber.firstName}}',
      body: '<p>Welcome {{subscriber.firstName}}, visit {{env.BASE_URL}}/start</p>',
      layoutId: 'brand',
    });
    layout('default-one', '<html><body>DEFAULT {{content}}</body></html>');
    layout('brand');
    variable('BASE_URL', 'https://acme.test');
    variable('SUPPORT_EMAIL', 'help@acme.test');
    trigger('ada');
    trigger('bob');
    // The service sanitises the result as any email: the document's html and body tags go.
    expect(mail('ada')?.content).toBe(
      '<h1>Acme for Ada</h1><p>Welcome Ada, visit https://acme.test/start</p><footer>help@acme.test (dev)</footer>',
    );
    expect(mail('bob')?.content).toContain('<h1>Acme for Bob</h1><p>Welcome Bob,');
    expect(mail('ada')?.subject).toBe('Hi Ada');
    // The stored message holds the same HTML (the inspector's email view shows it).
    const message = context.data.messages.find((m) => m.channel === 'email');
    expect(message?.content).toBe(mail('ada')?.content);
    expect(details()).toContainEqual({
      detail: 'Layout selected',
      status: 'Pending',
      raw: JSON.stringify({ name: 'brand', layoutId: 'brand' }),
    });
  });

  it('takes the default layout when the step names none, and none when it says null', () => {
    const withDefault = setup({ subject: 's', body: '<p>Body</p>' });
    withDefault.trigger('ada');
    expect(withDefault.mail('ada')?.content).toBe('<p>Body</p>');
    withDefault.layout('first', '<html><body>FIRST {{content}}</body></html>');
    withDefault.layout('second', '<html><body>SECOND {{content}}</body></html>');
    withDefault.trigger('ada');
    expect(withDefault.mail('ada')?.content).toBe('FIRST <p>Body</p>');

    const without = setup({ subject: 's', body: '<p>Body</p>', layoutId: null });
    without.layout('first', '<html><body>FIRST {{content}}</body></html>');
    without.trigger('ada');
    expect(without.mail('ada')?.content).toBe('<p>Body</p>');
  });

  it('follows the trigger overrides: per step, per channel, null for none', () => {
    const { layout, trigger, mail } = setup({ subject: 's', body: '<p>B</p>', layoutId: 'a' });
    layout('a', '<html><body>A {{content}}</body></html>');
    layout('b', '<html><body>B {{content}}</body></html>');
    trigger('ada', { steps: { mail: { layoutId: 'b' } } });
    expect(mail('ada')?.content).toBe('B <p>B</p>');
    trigger('ada', { channels: { email: { layoutId: null } } });
    expect(mail('ada')?.content).toBe('<p>B</p>');
    trigger('ada', { layoutIdentifier: 'b' });
    expect(mail('ada')?.content).toBe('B <p>B</p>');
  });

  it('wraps a block step body in the empty block layout a new layout gets', () => {
    const { operations, context, trigger, mail } = setup({ subject: 's', body: '<p>Hi</p>' });
    operations['layouts.create'](context, { body: { layoutId: 'fresh', name: 'Fresh' } });
    trigger('ada');
    expect(mail('ada')?.content).toBe(
      '<p> </p><p style="text-align:left"></p><p>Hi</p><p></p><p> </p>',
    );
  });

  it('fails the step when the named layout does not exist: Layout not found, no mail', () => {
    const { trigger, mail, details, context } = setup({
      subject: 's',
      body: '<p>B</p>',
      layoutId: 'missing',
    });
    trigger('ada');
    expect(mail('ada')).toBeUndefined();
    expect(context.data.notifications[0]?.jobs[0]?.status).toBe('failed');
    expect(details()).toContainEqual({
      detail: 'Layout not found',
      status: 'Failed',
      raw: JSON.stringify({
        layoutId: 'missing',
        error: `Layout not found for id missing in the environment ${context.environment._id}`,
      }),
    });
  });

  it('renders without a layout once the layout the step named is deleted', () => {
    const { layout, operations, context, trigger, mail } = setup({
      subject: 's',
      body: '<p>B</p>',
      layoutId: 'seasonal',
    });
    layout('default-one', '<html><body>D {{content}}</body></html>');
    layout('seasonal', '<html><body>S {{content}}</body></html>');
    expect(
      operations['layouts.usage'](context, { params: { layoutId: 'seasonal' } }).workflows,
    ).toEqual([{ name: 'Welcome', workflowId: 'welcome' }]);
    operations['layouts.delete'](context, { params: { layoutId: 'seasonal' } });
    expect(context.data.workflows[0]?.steps[0]?.controlValues).not.toHaveProperty('layoutId');
    trigger('ada');
    // The step lost its layoutId: it takes the default layout again.
    expect(mail('ada')?.content).toBe('D <p>B</p>');
  });
});

describe('environment variables in step content', () => {
  it('renders {{env.KEY}} with this environment value, secrets in clear, and env.name / env.type', () => {
    const { variable, trigger, mail, engine, operations } = setup({
      subject: '{{env.name}} {{env.type}}',
      body: '<p>{{env.TOKEN}} {{env.BASE_URL}} [{{env.UNSET}}]</p>',
    });
    variable('TOKEN', 's3cret', true);
    const production = engine.scope('Production');
    operations['environmentVariables.update'](production, {
      params: { variableKey: 'TOKEN' },
      body: { values: [{ _environmentId: production.environment._id, value: 'prod-token' }] },
    });
    trigger('ada');
    expect(mail('ada')?.subject).toBe('Development dev');
    expect(mail('ada')?.content).toBe('<p>s3cret  []</p>');
  });

  it('reads the same variables in other channels', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'note',
            steps: [
              { type: 'in_app', name: 'Inbox', controlValues: { body: 'See {{env.BASE_URL}}' } },
            ],
          },
        ],
      },
    });
    const context = engine.scope('Development');
    engine.operations['environmentVariables.create'](context, {
      body: {
        key: 'BASE_URL',
        values: [{ _environmentId: context.environment._id, value: 'https://acme.test' }],
      },
    });
    engine.operations['events.trigger'](context, { body: { name: 'note', to: 'ada' } });
    expect(context.data.messages[0]?.content).toBe('See https://acme.test');
  });
});
