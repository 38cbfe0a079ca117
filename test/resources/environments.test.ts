// svc.environments.* (docs/behaviour/environments.md) through the real client against the engine,
// strict validation: every answer parses with the client's schemas.
import { BadRequestError, PermissionDeniedError, UnprocessableEntityError } from '@svc/api';
import { describe, expect, it } from 'vitest';
import { rejection, useResourceMock } from './setup';

const { client, engine } = useResourceMock({
  seed: {
    workflows: [
      {
        workflowId: 'welcome',
        tags: ['onboarding'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  },
});

describe('svc.environments', () => {
  it('create, list, update and delete an environment', async () => {
    const svc = client();
    const staging = await svc.environments.create({ name: 'Staging', color: '#3498db' });
    expect(staging).toMatchObject({ name: 'Staging', apiKeys: [] });
    expect((await svc.environments.list()).map((environment) => environment.name)).toEqual([
      'Development',
      'Production',
      'Staging',
    ]);
    const own = client('Staging');
    expect((await own.environments.update(staging._id, { color: '#000000' })).color).toBe(
      '#000000',
    );
    expect(await rejection(svc.environments.delete(staging._id))).toBeInstanceOf(
      PermissionDeniedError,
    );
    expect(await own.environments.delete(staging._id)).toEqual({});
    expect(await svc.environments.list()).toHaveLength(2);
  });

  it('refuses the protected names and deleting Development', async () => {
    const svc = client();
    expect(
      await rejection(svc.environments.create({ name: 'Development', color: '#fff' })),
    ).toBeInstanceOf(UnprocessableEntityError);
    const development = engine.environment('Development')._id;
    expect(await rejection(svc.environments.delete(development))).toBeInstanceOf(BadRequestError);
  });

  it('getTags, diff and publish', async () => {
    const svc = client();
    const development = engine.environment('Development')._id;
    expect(await svc.environments.getTags(development)).toEqual([{ name: 'onboarding' }]);
    const production = engine.environment('Production')._id;
    expect((await svc.environments.diff(production, {})).summary.hasChanges).toBe(true);
    const published = await svc.environments.publish(production, {});
    expect(published.summary).toEqual({ resources: 1, successful: 1, failed: 0, skipped: 0 });
    expect((await svc.environments.diff(production, {})).summary.hasChanges).toBe(false);
  });
});
