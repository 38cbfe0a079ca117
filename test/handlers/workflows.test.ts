import { describe, expect, it } from 'vitest';
import { decodeBase62, encodeBase62 } from '../../mock-server/engine/resources/slug';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    workflows: [
      {
        workflowId: 'welcome',
        name: 'Welcome Email',
        tags: ['onboarding'],
        payloadSchema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            count: { type: 'number', default: 3 },
            flags: { type: 'array' },
          },
        },
        steps: [
          { type: 'in_app', name: 'Inbox', controlValues: { body: 'Hi {{subscriber.firstName}}' } },
          {
            type: 'email',
            name: 'Mail',
            controlValues: { subject: 'Welcome {{payload.name}}', body: '<p>Hi</p>' },
          },
        ],
      },
      {
        workflowId: 'broken',
        name: 'Broken digest',
        tags: ['billing'],
        createdAt: '2025-06-01T00:00:00.000Z',
        steps: [
          {
            type: 'email',
            name: 'Mail',
            controlValues: { body: 'x {{ order.id }} {{ payload.total | plus: "a" }}' },
          },
          { type: 'sms', name: 'Text', controlValues: { body: 'hi' } },
        ],
      },
      {
        workflowId: 'paused',
        name: 'Paused',
        active: false,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
      {
        workflowId: 'external-one',
        name: 'External',
        origin: 'external',
        createdAt: '2024-01-01T00:00:00.000Z',
      },
    ],
  },
});

const prod = () => engine.environment('Production');

describe('GET /v2/workflows', () => {
  it('answers {data: {workflows, totalCount}} newest first with slugs and step overviews', async () => {
    const reply = await call('GET', '/v2/workflows');
    expect(reply.status).toBe(200);
    const { workflows, totalCount } = reply.body.data;
    expect(totalCount).toBe(4);
    expect(workflows.map((w: { workflowId: string }) => w.workflowId)).toEqual([
      'welcome',
      'broken',
      'paused',
      'external-one',
    ]);
    const welcome = workflows[0];
    expect(welcome.slug).toBe(`welcome-email_wf_${encodeBase62(welcome._id)}`);
    expect(welcome.slug).toMatch(/^welcome-email_wf_[0-9A-Za-z]{16}$/);
    expect(decodeBase62(welcome.slug.slice(-16))).toBe(welcome._id);
    expect(welcome).toMatchObject({
      status: 'ACTIVE',
      origin: 'svc-cloud',
      stepTypeOverviews: ['in_app', 'email'],
    });
    expect(welcome.steps[0].slug).toMatch(/^inbox_st_[0-9A-Za-z]{16}$/);
    expect(welcome.steps[0]).not.toHaveProperty('issues');
  });

  it('reports live step issues and status ERROR', async () => {
    const { workflows } = (await call('GET', '/v2/workflows?query=broken')).body.data;
    expect(workflows[0].status).toBe('ERROR');
    const [email, sms] = workflows[0].steps;
    expect(email.issues.controls.subject).toEqual([
      { issueType: 'MISSING_VALUE', message: 'Subject is required' },
    ]);
    expect(email.issues.controls.body.map((i: { issueType: string }) => i.issueType)).toEqual([
      'ILLEGAL_VARIABLE_IN_CONTROL_VALUE',
      'INVALID_FILTER_ARG_IN_VARIABLE',
    ]);
    expect(email.issues.controls.body[0].variableName).toBe('{{ order.id }}');
    expect(sms.issues.integration.sms[0].issueType).toBe('MISSING_INTEGRATION');
    engine.seed({ integrations: [{ providerId: 'twilio', channel: 'sms', active: true }] });
    const again = (await call('GET', '/v2/workflows?query=broken')).body.data.workflows[0];
    expect(again.steps[1]).not.toHaveProperty('issues');
  });

  it('flags in_app steps with neither body nor subject, and no active in_app integration', async () => {
    engine.seed({
      environment: 'Production',
      workflows: [{ workflowId: 'bare', steps: [{ type: 'in_app', name: 'Inbox' }] }],
    });
    const { data } = engine.scope(prod()._id);
    for (const integration of data.integrations) integration.active = false;
    const reply = await call('GET', '/v2/workflows', { key: prod().apiKey });
    const step = reply.body.data.workflows[0].steps[0];
    expect(step.issues.controls.body[0].issueType).toBe('MISSING_VALUE');
    expect(step.issues.integration.in_app[0].issueType).toBe('INBOX_NOT_CONNECTED');
  });

  it('filters by query (name or workflowId, any case), tags (any) and reported status', async () => {
    const ids = async (query: string) =>
      (await call('GET', `/v2/workflows${query}`)).body.data.workflows.map(
        (w: { workflowId: string }) => w.workflowId,
      );
    expect(await ids('?query=WELCOME')).toEqual(['welcome']);
    expect(await ids('?query=digest')).toEqual(['broken']);
    expect(await ids('?tags=billing&tags=onboarding')).toEqual(['welcome', 'broken']);
    expect(await ids('?status=ERROR')).toEqual(['broken']);
    expect(await ids('?status=INACTIVE')).toEqual(['paused']);
  });

  it('pages with offset/limit, sorts by name and direction, totalCount before paging', async () => {
    const reply = await call(
      'GET',
      '/v2/workflows?orderBy=name&orderDirection=ASC&limit=2&offset=1',
    );
    expect(reply.body.data.totalCount).toBe(4);
    expect(reply.body.data.workflows.map((w: { name: string }) => w.name)).toEqual([
      'External',
      'Paused',
    ]);
    expect((await call('GET', '/v2/workflows?limit=abc')).body.data.workflows).toHaveLength(4);
  });

  it.each([
    ['limit=0', 'limit must not be less than 1'],
    ['limit=1.5', 'limit must be an integer number'],
    ['limit=101', 'limit must not be greater than 100'],
    ['offset=-1', 'offset must not be less than 0'],
    [
      'orderBy=slug',
      'orderBy must be one of the following values: createdAt, updatedAt, name, lastTriggeredAt',
    ],
    ['orderDirection=up', 'orderDirection must be one of the following values: ASC, DESC'],
  ])('answers 422 for %s', async (query, message) => {
    const reply = await call('GET', `/v2/workflows?${query}`);
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toEqual([message]);
  });
});

describe('PUT /v2/workflows/{id}/sync', () => {
  const sync = (id: string, targetEnvironmentId: unknown) =>
    call('PUT', `/v2/workflows/${id}/sync`, { body: { targetEnvironmentId } });

  it('creates the workflow in the target and answers the full sync response', async () => {
    const reply = await sync('welcome', prod()._id);
    expect(reply.status).toBe(200);
    const workflow = reply.body.data;
    expect(workflow).toMatchObject({
      workflowId: 'welcome',
      name: 'Welcome Email',
      origin: 'svc-cloud',
      severity: 'none',
      payloadExample: { name: '{{payload.name}}', count: 3, flags: [] },
    });
    const source = (await call('GET', '/v2/workflows?query=welcome')).body.data.workflows[0];
    expect(workflow._id).not.toBe(source._id);
    expect(workflow.slug).toBe(`welcome-email_wf_${encodeBase62(workflow._id)}`);
    expect(source.lastPublishedAt).toBe(engine.clock.iso());
    const [inApp, email] = workflow.steps;
    expect(inApp).toMatchObject({
      stepId: 'inbox',
      type: 'in_app',
      workflowId: 'welcome',
      workflowDatabaseId: workflow._id,
      controls: { values: { body: 'Hi {{subscriber.firstName}}' }, uiSchema: { group: 'IN_APP' } },
    });
    expect(email.controls.dataSchema.required).toEqual(['subject', 'body']);
    expect(Object.keys(email.variables.properties.steps.properties)).toEqual(['inbox']);
    // Production has no email integration: the issue is computed in the target.
    expect(email.issues.integration.email[0].issueType).toBe('MISSING_INTEGRATION');
    expect(workflow.status).toBe('ERROR');
    const listed = await call('GET', '/v2/workflows', { key: prod().apiKey });
    expect(listed.body.data.totalCount).toBe(1);
  });

  it('updates the existing target workflow on a second sync, keeping its _id', async () => {
    const first = (await sync('welcome', prod()._id)).body.data;
    engine.seed({ workflows: [{ workflowId: 'welcome', name: 'Welcome v2', steps: [] }] });
    const second = (await sync('welcome', prod()._id)).body.data;
    expect(second._id).toBe(first._id);
    expect(second).toMatchObject({ name: 'Welcome v2', steps: [] });
  });

  it('finds the source by _id or slug too', async () => {
    const source = (await call('GET', '/v2/workflows?query=welcome')).body.data.workflows[0];
    expect((await sync(source._id, prod()._id)).status).toBe(200);
    expect((await sync(source.slug, prod()._id)).status).toBe(200);
  });

  it('rejects the same environment (400), unknown environment or workflow (404), other origins (400)', async () => {
    const same = await sync('welcome', engine.environment('Development')._id);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Cannot sync workflow to the same environment');
    const unknownEnv = await sync('welcome', '0123456789abcdef01234567');
    expect(unknownEnv.status).toBe(404);
    expect(unknownEnv.body.message).toBe('Environment 0123456789abcdef01234567 not found');
    expect((await sync('welcome', 'not-an-id')).status).toBe(404);
    const other = engine.createOrganization({ name: 'Other' });
    expect((await sync('welcome', other.environments[1]?._id)).status).toBe(404);
    const unknownWorkflow = await sync('nope', prod()._id);
    expect(unknownWorkflow.status).toBe(404);
    expect(unknownWorkflow.body).toMatchObject({
      message: 'Workflow cannot be found',
      workflowId: 'nope',
    });
    const external = await sync('external-one', prod()._id);
    expect(external.status).toBe(400);
    expect(external.body).toMatchObject({
      message: "Cannot sync workflow: origin 'external' is not allowed (must be one of: svc-cloud)",
      origin: 'external',
      allowedOrigins: ['svc-cloud'],
    });
    const missingTarget = await call('PUT', '/v2/workflows/welcome/sync', { body: {} });
    expect(missingTarget.status).toBe(422);
  });
});
