// svc.environmentVariables.* (docs/behaviour/environment-variables.md) through the real client
// against the engine, strict validation; then a run renders {{env.KEY}}.
import {
  ConflictError,
  environmentVariablesList,
  NotFoundError,
  SvcValidationError,
} from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock({
  seed: {
    subscribers: [{ subscriberId: 'ada' }],
    workflows: [
      {
        workflowId: 'note',
        name: 'Note',
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Open {{env.BASE_URL}}' } },
        ],
      },
    ],
  },
});

const dev = () => engine.environment('Development')._id;

describe('svc.environmentVariables', () => {
  it('create, retrieve, update, list, usage and delete', async () => {
    const svc = client();
    const created = await svc.environmentVariables.create({
      key: 'BASE_URL',
      values: [{ _environmentId: dev(), value: 'https://a.test' }],
    });
    expect(created).toMatchObject({ key: 'BASE_URL', isSecret: false, type: 'string' });
    expect(await svc.environmentVariables.retrieve('BASE_URL')).toEqual(created);
    const secret = await svc.environmentVariables.update('BASE_URL', { isSecret: true });
    expect(secret.values).toEqual([{ _environmentId: dev(), value: '••••••••' }]);
    expect((await svc.environmentVariables.list({ search: 'base' })).map((v) => v.key)).toEqual([
      'BASE_URL',
    ]);
    expect((await svc.environmentVariables.usage('BASE_URL')).workflows).toEqual([
      { name: 'Note', workflowId: 'note' },
    ]);
    expect(await svc.environmentVariables.delete('BASE_URL')).toBeUndefined();
    expect(await rejection(svc.environmentVariables.retrieve('BASE_URL'))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('a taken key is a ConflictError; a bad key is refused before sending', async () => {
    const svc = client();
    await svc.environmentVariables.create({ key: 'A' });
    expect(await rejection(svc.environmentVariables.create({ key: 'A' }))).toBeInstanceOf(
      ConflictError,
    );
    expect(await rejection(svc.environmentVariables.create({ key: '9A' }))).toBeInstanceOf(
      SvcValidationError,
    );
    expect((await environmentVariablesList(svc.core)).map((v) => v.key)).toEqual(['A']);
  });

  it('a trigger renders the variable (a secret in clear) into the message', async () => {
    const svc = client();
    await svc.environmentVariables.create({
      key: 'BASE_URL',
      isSecret: true,
      values: [{ _environmentId: dev(), value: 'https://a.test' }],
    });
    await svc.events.trigger({ name: 'note', to: 'ada', payload: {} });
    expect(engine.scope('Development').data.messages[0]?.content).toBe('Open https://a.test');
  });
});
