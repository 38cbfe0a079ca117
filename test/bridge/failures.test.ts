// A bridge that fails: the step fails with the service's detail, retries as the service does,
// nothing is delivered for it, and other runs go on.
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { type CodeFirstSetup, codeFirst } from './helpers';

const ADA = { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com' };

let setup: CodeFirstSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const onboarding = workflow(
  'onboarding',
  async ({ step, payload }) => {
    await step.inApp('hello', async () => ({ body: `Hello ${payload.name}` }));
    await step.delay('wait', async () => ({ amount: 1, unit: 'hours' }));
    await step.email('mail', async () => ({ subject: 'Day 1', body: `<p>${payload.name}</p>` }));
  },
  { payloadSchema: z.object({ name: z.string() }) },
);

const slow = workflow('slow', async ({ step }) => {
  await step.inApp('late', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    return { body: 'too late' };
  });
});

async function jobsOf(s: CodeFirstSetup, transactionId: string) {
  const { data } = await s.svc.notifications.list({ transactionId });
  return data[0]?.jobs ?? [];
}

const attempts = (s: CodeFirstSetup, stepId: string) =>
  s.bridge.received.filter((request) => request.action === 'execute' && request.stepId === stepId)
    .length;

describe('bridge failures', () => {
  it('fails the step on a payload the workflow refuses, with the schema error in its detail, nothing delivered', async () => {
    setup = await codeFirst([onboarding], { subscribers: [ADA] });
    // Accepted at the trigger (the sync sets no validatePayload): it fails at the bridge.
    const { transactionId } = await setup.svc.events.trigger({
      name: 'onboarding',
      to: 'ada',
      payload: { name: 42 },
    });
    await setup.server.engine.settle({ skipTime: true });
    expect(setup.server.engine.outbox.list()).toEqual([]);
    const jobs = await jobsOf(setup, transactionId);
    expect(jobs[0]?.status).toBe('failed');
    const detail = jobs[0]?.executionDetails?.find((d) => d.detail === 'Bridge execution failed');
    expect(detail?.status).toBe('Failed');
    expect(JSON.parse(detail?.raw ?? '{}')).toMatchObject({
      statusCode: 400,
      code: 'ExecutionEventPayloadInvalidError',
      data: [{ path: '/name', message: expect.any(String) }],
    });
    // A 400 is not retried.
    expect(attempts(setup, 'hello')).toBe(1);
  });

  it('fails a step whose bridge went down mid-run after three attempts; other runs go on', async () => {
    setup = await codeFirst([onboarding], { subscribers: [ADA, { subscriberId: 'bo' }] });
    const engine = setup.server.engine;
    const { transactionId } = await setup.svc.events.trigger({
      name: 'onboarding',
      to: 'ada',
      payload: { name: 'Ada' },
    });
    await engine.settle();
    expect(engine.outbox.list({ channel: 'in_app' }).map((m) => m.content)).toEqual(['Hello Ada']);
    setup.bridge.down(503);
    engine.clock.advance('1h');
    await engine.settle();
    const jobs = await jobsOf(setup, transactionId);
    expect(jobs.map((job) => [job.type, job.status])).toEqual([
      ['in_app', 'completed'],
      ['delay', 'completed'],
      ['email', 'failed'],
    ]);
    const detail = jobs[2]?.executionDetails?.find((d) => d.detail === 'Bridge execution failed');
    expect(JSON.parse(detail?.raw ?? '{}')).toMatchObject({
      statusCode: 503,
      code: 'UNKNOWN_BRIDGE_REQUEST_ERROR',
    });
    expect(attempts(setup, 'mail')).toBe(3);
    expect(engine.outbox.list({ channel: 'email' })).toEqual([]);

    // The bridge is back: a new run goes through.
    setup.bridge.down(undefined);
    await setup.svc.events.trigger({ name: 'onboarding', to: 'bo', payload: { name: 'Bo' } });
    await engine.settle();
    expect(engine.outbox.list({ channel: 'in_app' }).map((m) => m.content)).toEqual([
      'Hello Ada',
      'Hello Bo',
    ]);
  });

  it('names a closed connection BRIDGE_ENDPOINT_UNAVAILABLE and a non-JSON answer BRIDGE_PARSE_ERROR', async () => {
    setup = await codeFirst([onboarding], { subscribers: [ADA] });
    setup.bridge.down('close');
    const closed = await setup.svc.events.trigger({
      name: 'onboarding',
      to: 'ada',
      payload: { name: 'Ada' },
    });
    await setup.server.engine.settle();
    const [hello] = await jobsOf(setup, closed.transactionId);
    const raw = JSON.parse(
      hello?.executionDetails?.find((d) => d.detail === 'Bridge execution failed')?.raw ?? '{}',
    );
    expect(raw).toMatchObject({ code: 'BRIDGE_ENDPOINT_UNAVAILABLE', statusCode: 400 });
    expect(raw.message).toContain(setup.bridge.url);
    expect(attempts(setup, 'hello')).toBe(3);

    setup.bridge.down(200);
    const garbage = await setup.svc.events.trigger({
      name: 'onboarding',
      to: 'ada',
      payload: { name: 'Ada' },
    });
    await setup.server.engine.settle();
    const [again] = await jobsOf(setup, garbage.transactionId);
    expect(again?.status).toBe('failed');
    expect(
      JSON.parse(
        again?.executionDetails?.find((d) => d.detail === 'Bridge execution failed')?.raw ?? '{}',
      ),
    ).toMatchObject({ code: 'BRIDGE_PARSE_ERROR' });
    expect(setup.server.engine.outbox.list()).toEqual([]);
  });

  it('times a slow bridge out (BRIDGE_REQUEST_TIMEOUT) and retries it', async () => {
    setup = await codeFirst([slow], { subscribers: [ADA], timeoutMs: 100 });
    const { transactionId } = await setup.svc.events.trigger({ name: 'slow', to: 'ada' });
    await setup.server.engine.settle();
    const [late] = await jobsOf(setup, transactionId);
    expect(late?.status).toBe('failed');
    expect(
      JSON.parse(
        late?.executionDetails?.find((d) => d.detail === 'Bridge execution failed')?.raw ?? '{}',
      ),
    ).toMatchObject({ code: 'BRIDGE_REQUEST_TIMEOUT', statusCode: 408 });
    expect(attempts(setup, 'late')).toBe(3);
    expect(setup.server.engine.outbox.list()).toEqual([]);
  });
});
