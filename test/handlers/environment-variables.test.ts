// Environment variables through the msw handlers with raw fetch
// (docs/behaviour/environment-variables.md): keys of the organization, values of the API key's
// environment only, masked secrets, merged updates, the service's texts, usage and the cap.
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES_PER_ORGANIZATION } from '../../mock-server/engine/resources/environment-variables';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome',
        steps: [
          {
            type: 'email',
            name: 'Mail',
            controlValues: { subject: 'Hi', body: '<a href="{{ env.BASE_URL }}/start">go</a>' },
          },
        ],
      },
      {
        workflowId: 'other',
        name: 'Other',
        steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: '{{env.BASE_URL_2}}' } }],
      },
    ],
  },
});

const dev = () => engine.environment('Development')._id;
const prod = () => engine.environment('Production')._id;
const prodKey = () => engine.environment('Production').apiKey;
const create = (body: unknown, key?: string) =>
  call('POST', '/v1/environment-variables', { body, ...(key ? { key } : {}) });

describe('POST /v1/environment-variables', () => {
  it('creates with 200, type string and isSecret false by default', async () => {
    const created = await create({
      key: 'BASE_URL',
      values: [{ _environmentId: dev(), value: 'https://a.test' }],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      key: 'BASE_URL',
      type: 'string',
      isSecret: false,
      _organizationId: engine.environment('Development')._organizationId,
      values: [{ _environmentId: dev(), value: 'https://a.test' }],
    });
  });

  it('answers the service failures and stores nothing', async () => {
    const badKey = await create({ key: '1_BAD' });
    expect(badKey.status).toBe(422);
    expect(badKey.body.errors.general.messages).toEqual([
      'Key must start with a letter and contain only letters, digits, and underscores',
    ]);
    const long = await create({
      key: 'A',
      values: [{ _environmentId: dev(), value: 'x'.repeat(257) }],
    });
    expect(long.status).toBe(422);
    const twice = await create({
      key: 'A',
      values: [
        { _environmentId: dev(), value: '1' },
        { _environmentId: dev(), value: '2' },
      ],
    });
    expect(twice.body.errors.general.messages).toEqual(['Duplicate _environmentId in values']);
    const masked = await create({
      key: 'A',
      values: [{ _environmentId: dev(), value: '••••••••' }],
    });
    expect(masked.status).toBe(400);
    expect(masked.body.message).toBe(
      'Submitted value matches the secret mask placeholder; provide the real value or omit the entry.',
    );
    const unknown = await create({
      key: 'A',
      values: [{ _environmentId: 'f'.repeat(24), value: '1' }],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(`Environment with id ${'f'.repeat(24)} not found`);
    const otherEnvironment = await create({
      key: 'A',
      values: [{ _environmentId: prod(), value: '1' }],
    });
    expect(otherEnvironment.status).toBe(403);
    expect(otherEnvironment.body.message).toContain('is scoped to a single environment');
    expect((await call('GET', '/v1/environment-variables')).body.data).toEqual([]);
  });

  it('answers 409 for a key of the organization, from any environment', async () => {
    await create({ key: 'BASE_URL' });
    const again = await create({ key: 'BASE_URL' }, prodKey());
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Environment variable with key "BASE_URL" already exists');
  });

  it(`refuses the ${ENVIRONMENT_VARIABLES_PER_ORGANIZATION + 1}th variable with 400`, async () => {
    const context = engine.scope('Development');
    for (let n = 0; n < ENVIRONMENT_VARIABLES_PER_ORGANIZATION; n += 1) {
      engine.operations['environmentVariables.create'](context, { body: { key: `K${n}` } });
    }
    const over = await create({ key: 'ONE_MORE' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      `Environment variables limit exceeded. Maximum allowed variables is ${ENVIRONMENT_VARIABLES_PER_ORGANIZATION}.`,
    );
  });
});

describe('reading variables', () => {
  it('answers each environment its own values, secrets masked, newest first, with search', async () => {
    await create({
      key: 'BASE_URL',
      values: [{ _environmentId: dev(), value: 'https://dev.test' }],
    });
    engine.clock.advance(1000);
    await create({
      key: 'API_TOKEN',
      isSecret: true,
      values: [{ _environmentId: dev(), value: 's3cret' }],
    });
    await call('PATCH', '/v1/environment-variables/BASE_URL', {
      key: prodKey(),
      body: { values: [{ _environmentId: prod(), value: 'https://prod.test' }] },
    });
    const list = await call('GET', '/v1/environment-variables');
    expect(list.body.data.map((v: { key: string }) => v.key)).toEqual(['API_TOKEN', 'BASE_URL']);
    expect(list.body.data[0].values).toEqual([{ _environmentId: dev(), value: '••••••••' }]);
    expect(list.body.data[1].values).toEqual([
      { _environmentId: dev(), value: 'https://dev.test' },
    ]);
    const fromProduction = await call('GET', '/v1/environment-variables/BASE_URL', {
      key: prodKey(),
    });
    expect(fromProduction.body.data.values).toEqual([
      { _environmentId: prod(), value: 'https://prod.test' },
    ]);
    const searched = await call('GET', '/v1/environment-variables?search=url');
    expect(searched.body.data.map((v: { key: string }) => v.key)).toEqual(['BASE_URL']);
    expect((await call('GET', '/v1/environment-variables?search=.*')).body.data).toEqual([]);
    const missing = await call('GET', '/v1/environment-variables/NOPE');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Environment variable with key "NOPE" not found');
  });
});

describe('PATCH and DELETE /v1/environment-variables/{variableKey}', () => {
  it('merges values by environment, renames and makes secret', async () => {
    await create({ key: 'BASE_URL', values: [{ _environmentId: dev(), value: 'https://a.test' }] });
    const renamed = await call('PATCH', '/v1/environment-variables/BASE_URL', {
      body: { key: 'SITE_URL', isSecret: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ key: 'SITE_URL', isSecret: true });
    expect(renamed.body.data.values).toEqual([{ _environmentId: dev(), value: '••••••••' }]);
    await call('PATCH', '/v1/environment-variables/SITE_URL', {
      body: { isSecret: false, values: [{ _environmentId: dev(), value: 'https://b.test' }] },
    });
    const stored = [...engine.snapshot().state.environmentVariables.values()][0];
    expect(stored?.values).toEqual([{ _environmentId: dev(), value: 'https://b.test' }]);
    expect((await call('GET', '/v1/environment-variables/BASE_URL')).status).toBe(404);
  });

  it('answers 400 for nothing to change or the mask, 403 for another environment, 409 for a taken key', async () => {
    await create({ key: 'A', values: [{ _environmentId: dev(), value: 'keep' }] });
    await create({ key: 'B' });
    const nothing = await call('PATCH', '/v1/environment-variables/A', { body: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('At least one field must be provided to update');
    const masked = await call('PATCH', '/v1/environment-variables/A', {
      body: { values: [{ _environmentId: dev(), value: '••••••••' }] },
    });
    expect(masked.status).toBe(400);
    const other = await call('PATCH', '/v1/environment-variables/A', {
      body: { values: [{ _environmentId: prod(), value: 'hijack' }] },
    });
    expect(other.status).toBe(403);
    const taken = await call('PATCH', '/v1/environment-variables/A', { body: { key: 'B' } });
    expect(taken.status).toBe(409);
    const missing = await call('PATCH', '/v1/environment-variables/NOPE', {
      body: { isSecret: true },
    });
    expect(missing.status).toBe(404);
    const a = await call('GET', '/v1/environment-variables/A');
    expect(a.body.data).toMatchObject({ key: 'A', isSecret: false });
    expect(a.body.data.values).toEqual([{ _environmentId: dev(), value: 'keep' }]);
  });

  it('deletes with 204; a second delete is 404', async () => {
    await create({ key: 'A' });
    const deleted = await call('DELETE', '/v1/environment-variables/A');
    expect(deleted.status).toBe(204);
    expect((await call('DELETE', '/v1/environment-variables/A')).status).toBe(404);
  });
});

describe('GET /v1/environment-variables/{variableKey}/usage', () => {
  it('lists the workflows whose controls read env.KEY, not a longer key', async () => {
    await create({ key: 'BASE_URL' });
    await create({ key: 'BASE' });
    expect((await call('GET', '/v1/environment-variables/BASE_URL/usage')).body.data).toEqual({
      workflows: [{ name: 'Welcome', workflowId: 'welcome' }],
    });
    expect((await call('GET', '/v1/environment-variables/BASE/usage')).body.data).toEqual({
      workflows: [],
    });
    expect((await call('GET', '/v1/environment-variables/NOPE/usage')).status).toBe(404);
  });
});
