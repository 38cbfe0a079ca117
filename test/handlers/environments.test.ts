// Environments through the msw handlers with raw fetch (docs/behaviour/environments.md): create,
// list, update, delete with the service's rules and texts; tags; the diff and publish of promotion.
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
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

const create = (body: unknown) => call('POST', '/v1/environments', { body });
const production = () => engine.environment('Production');

describe('POST /v1/environments', () => {
  it('creates an environment with its own key and identifier, holding no test data', async () => {
    const created = await create({ name: ' Staging ', color: '#3498db' });
    expect(created.status).toBe(201);
    const staging = created.body.data;
    expect(staging).toMatchObject({ name: 'Staging', color: '#3498db', apiKeys: [] });
    expect(staging.identifier).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const record = engine.environment(staging._id);
    expect(record.apiKey).toMatch(/^[0-9a-f]{32}$/);
    expect(record.apiKey).not.toBe(engine.environment('Development').apiKey);
    expect(engine.environments.map((environment) => environment.name)).toEqual([
      'Development',
      'Production',
      'Staging',
    ]);
    // Its own key works, and it holds none of Development's workflows.
    const workflows = await call('GET', '/v2/workflows', { key: record.apiKey });
    expect(workflows.status).toBe(200);
    expect(workflows.body.data.totalCount).toBe(0);
  });

  it('refuses protected and duplicate names, bad colors and ids, storing nothing', async () => {
    const protectedName = await create({ name: 'production', color: '#fff' });
    expect(protectedName.status).toBe(422);
    expect(protectedName.body.message).toBe('Environment name cannot be Development or Production');
    await create({ name: 'QA', color: '#fff' });
    const duplicate = await create({ name: 'QA', color: '#000' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe('Environment name must be unique');
    const badColor = await create({ name: 'Blue', color: 'blue' });
    expect(badColor.status).toBe(422);
    expect(badColor.body.errors.general.messages).toEqual(['color must be a hexadecimal color']);
    const badParent = await create({ name: 'Child', color: '#fff', parentId: 'nope' });
    expect(badParent.body.errors.general.messages).toEqual(['parentId must be a mongodb id']);
    const long = await create({ name: 'x'.repeat(201), color: '#fff' });
    expect(long.status).toBe(422);
    expect(engine.environments.map((environment) => environment.name)).toEqual([
      'Development',
      'Production',
      'QA',
    ]);
  });

  it('caps an organization at 10 environments with a 402', async () => {
    for (let index = 0; index < 8; index++) {
      expect((await create({ name: `env-${index}`, color: '#fff' })).status).toBe(201);
    }
    const over = await create({ name: 'one-too-many', color: '#fff' });
    expect(over.status).toBe(402);
    expect(over.body.message).toContain('maximum number of environments');
    expect(engine.environments).toHaveLength(10);
  });
});

describe('GET /v1/environments', () => {
  it("lists the organization's environments, only the caller's with its key", async () => {
    const list = await call('GET', '/v1/environments');
    expect(list.status).toBe(200);
    const [development, prod] = list.body.data;
    expect(development).toMatchObject({ name: 'Development', type: 'dev' });
    expect(development.apiKeys).toEqual([
      { key: engine.environment('Development').apiKey, _userId: expect.any(String) },
    ]);
    expect(prod).toMatchObject({ name: 'Production', type: 'prod', apiKeys: [] });
    expect(development.slug).toMatch(/^dev_env_/);
  });
});

describe('PUT /v1/environments/{environmentId}', () => {
  it("updates the caller's own environment; another's is 403, Development's name 422", async () => {
    const staging = (await create({ name: 'Staging', color: '#fff' })).body.data;
    const key = engine.environment(staging._id).apiKey;
    const updated = await call('PUT', `/v1/environments/${staging._id}`, {
      key,
      body: { name: 'Preview', color: '#000' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Preview', color: '#000' });
    const other = await call('PUT', `/v1/environments/${staging._id}`, { body: { name: 'X' } });
    expect(other.status).toBe(403);
    expect(other.body.message).toContain('is scoped to a single environment');
    const development = engine.environment('Development');
    const rename = await call('PUT', `/v1/environments/${development._id}`, {
      body: { name: 'Dev' },
    });
    expect(rename.status).toBe(422);
    expect(rename.body.message).toBe(
      'Cannot update the name of Development or Production environments',
    );
    const unknown = await call('PUT', '/v1/environments/000000000000000000000000', { body: {} });
    expect(unknown.status).toBe(404);
    expect(engine.environment(staging._id).name).toBe('Preview');
  });
});

describe('DELETE /v1/environments/{environmentId}', () => {
  it('deletes a custom environment by its own key; its key stops working', async () => {
    const staging = (await create({ name: 'Staging', color: '#fff' })).body.data;
    const key = engine.environment(staging._id).apiKey;
    const fromDevelopment = await call('DELETE', `/v1/environments/${staging._id}`);
    expect(fromDevelopment.status).toBe(403);
    const deleted = await call('DELETE', `/v1/environments/${staging._id}`, { key });
    expect(deleted.status).toBe(200);
    expect(engine.environments.map((environment) => environment.name)).toEqual([
      'Development',
      'Production',
    ]);
    expect((await call('GET', '/v2/workflows', { key })).status).toBe(401);
  });

  it('refuses to delete Development or Production', async () => {
    const development = engine.environment('Development');
    const refused = await call('DELETE', `/v1/environments/${development._id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The Development environment is protected and cannot be deleted. Only custom environments can be deleted.',
    );
    expect(engine.environments).toHaveLength(2);
  });
});

describe('GET /v2/environments/{environmentId}/tags', () => {
  it('answers the distinct tags of its workflows, by _id or identifier', async () => {
    const development = engine.environment('Development');
    const tags = await call('GET', `/v2/environments/${development._id}/tags`);
    expect(tags.body.data).toEqual([{ name: 'onboarding' }]);
    const byIdentifier = await call('GET', `/v2/environments/${development.identifier}/tags`);
    expect(byIdentifier.body.data).toEqual([{ name: 'onboarding' }]);
    expect((await call('GET', `/v2/environments/${production()._id}/tags`)).body.data).toEqual([]);
    expect((await call('GET', '/v2/environments/unknown/tags')).status).toBe(404);
  });
});

describe('promotion: POST /v2/environments/{id}/diff and /publish', () => {
  it('diffs, publishes, then reports nothing left to change', async () => {
    const target = production()._id;
    const diff = await call('POST', `/v2/environments/${target}/diff`, { body: {} });
    expect(diff.status).toBe(200);
    expect(diff.body.data.summary).toEqual({ totalEntities: 1, totalChanges: 1, hasChanges: true });
    expect(diff.body.data.resources[0].changes[0]).toMatchObject({
      resourceType: 'BRIDGE',
      action: 'added',
      sourceResource: { id: 'welcome', name: 'Welcome' },
    });
    const dryRun = await call('POST', `/v2/environments/${target}/publish`, {
      body: { dryRun: true },
    });
    expect(dryRun.body.data.summary).toEqual({
      resources: 1,
      successful: 0,
      failed: 0,
      skipped: 1,
    });
    expect(engine.scope('Production').data.workflows).toHaveLength(0);
    const published = await call('POST', `/v2/environments/${target}/publish`, { body: {} });
    expect(published.status).toBe(200);
    expect(published.body.data.results[0].successful).toEqual([
      {
        resourceType: 'BRIDGE',
        resourceId: 'welcome',
        resourceName: 'Welcome',
        action: 'created',
      },
    ]);
    expect(engine.scope('Production').data.workflows.map((w) => w.workflowId)).toEqual(['welcome']);
    const after = await call('POST', `/v2/environments/${target}/diff`, { body: {} });
    expect(after.body.data.summary.hasChanges).toBe(false);
    const again = await call('POST', `/v2/environments/${target}/publish`, { body: {} });
    expect(again.body.data.results[0].skipped[0].reason).toBe('No changes detected');
  });

  it('reports a modified step, and deletes what the source no longer has', async () => {
    const target = production()._id;
    await call('POST', `/v2/environments/${target}/publish`, { body: {} });
    await call('PATCH', '/v2/workflows/welcome', { body: { name: 'Hello' } });
    const diff = await call('POST', `/v2/environments/${target}/diff`, { body: {} });
    expect(diff.body.data.resources[0].changes[0]).toMatchObject({
      action: 'modified',
      diffs: { previous: { name: 'Welcome' }, new: { name: 'Hello' } },
    });
    await call('DELETE', '/v2/workflows/welcome');
    const published = await call('POST', `/v2/environments/${target}/publish`, { body: {} });
    expect(published.body.data.results[0].successful[0].action).toBe('deleted');
    expect(engine.scope('Production').data.workflows).toHaveLength(0);
  });

  it("answers the service's 400s for bad environments, changing nothing", async () => {
    const development = engine.environment('Development')._id;
    const same = await call('POST', `/v2/environments/${development}/diff`, { body: {} });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Source and target environments cannot be the same');
    const badId = await call('POST', '/v2/environments/nope/publish', { body: {} });
    expect(badId.body.message).toBe('Invalid environment ID format');
    const unknown = await call('POST', '/v2/environments/000000000000000000000000/publish', {
      body: {},
    });
    expect(unknown.body.message).toBe('Target environment not found');
    const other = engine.createOrganization({ name: 'Other' }).environments[1]?._id;
    const foreign = await call('POST', `/v2/environments/${other}/publish`, { body: {} });
    expect(foreign.body.message).toBe('Target environment not found');
    const badBody = await call('POST', `/v2/environments/${production()._id}/publish`, {
      body: { dryRun: 'yes' },
    });
    expect(badBody.status).toBe(422);
    expect(engine.scope('Production').data.workflows).toHaveLength(0);
  });
});
