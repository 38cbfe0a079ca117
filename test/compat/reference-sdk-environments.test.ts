// The reference SDK (@novu/api, strict response validation as it ships) runs each of its seven
// environments functions against the engine's handlers (docs/behaviour/environments.md).

import { createMockEngine } from '@svc/api/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceSdk } from './reference-sdk-harness';

const engine = createMockEngine({
  seed: {
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        tags: ['onboarding'],
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi' } }],
      },
    ],
  },
});
afterEach(() => engine.reset());

const novu = referenceSdk(engine);

describe('@novu/api environments against the engine', () => {
  it('creates, lists, updates and deletes an environment', async () => {
    const created = await novu().environments.create({ name: 'Staging', color: '#3498db' });
    expect(created.result).toMatchObject({ name: 'Staging', apiKeys: [] });
    const listed = await novu().environments.list();
    expect(listed.result.map((environment) => environment.name)).toEqual([
      'Development',
      'Production',
      'Staging',
    ]);
    // A custom environment is changed and deleted with its own key (the service's API-key scope).
    const updated = await novu('Staging').environments.update(
      { color: '#00ff00' },
      created.result.id,
    );
    expect(updated.result.name).toBe('Staging');
    await novu('Staging').environments.delete(created.result.id);
    expect((await novu().environments.list()).result).toHaveLength(2);
  });

  it('answers the tags of an environment', async () => {
    const tags = await novu().environments.getTags(engine.environment('Development')._id);
    expect(tags.result).toEqual([{ name: 'onboarding' }]);
  });

  it('diffs and publishes Development to Production', async () => {
    const production = engine.environment('Production')._id;
    const before = await novu().environments.diff({}, production);
    expect(before.result.summary).toEqual({ totalEntities: 1, totalChanges: 1, hasChanges: true });
    const dryRun = await novu().environments.publish({ dryRun: true }, production);
    expect(dryRun.result.summary).toMatchObject({ skipped: 1, successful: 0 });
    const published = await novu().environments.publish({}, production);
    expect(published.result.summary).toMatchObject({ successful: 1 });
    const diff = await novu().environments.diff({}, production);
    expect(diff.result.summary.hasChanges).toBe(false);
    // A renamed workflow: the SDK reads each change of a non-empty diff.
    engine.operations['workflows.patch'](engine.scope('Development'), {
      params: { workflowId: 'welcome' },
      body: { name: 'Hello' },
    });
    const changed = await novu().environments.diff({}, production);
    expect(changed.result.resources[0]?.changes.map((change) => change.action)).toEqual([
      'modified',
    ]);
  });
});
