// The inspector shows code-first workflows and, in a run's view, each call the run made to the
// app's bridge: the request, the answer (or the failure) and the time it took.
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v3';
import { activity } from '../../mock-server/inspector/views/activity';
import { environmentState } from '../../mock-server/inspector/views/state';
import { type CodeFirstSetup, codeFirst } from './helpers';

const ADA = { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550001' };

let setup: CodeFirstSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const notice = workflow(
  'notice',
  async ({ step, payload }) => {
    await step.inApp('inbox', async () => ({ body: `Notice ${payload.n}` }));
    await step.sms('text', async () => ({ body: `SMS ${payload.n}` }));
  },
  { payloadSchema: z.object({ n: z.number() }) },
);

describe('inspector: code-first runs', () => {
  it("lists code-first workflows with the bridge URL, and each bridge call in the run's view", async () => {
    setup = await codeFirst([notice], { subscribers: [ADA] });
    const { server, svc, bridge } = setup;
    const context = server.engine.scope('Development');
    const state = environmentState(server.engine, context);
    expect(state.bridgeUrl).toBe(bridge.url);
    expect(state.workflows.find((item) => item.workflowId === 'notice')?.origin).toBe('external');

    const { transactionId } = await svc.events.trigger({
      name: 'notice',
      to: 'ada',
      payload: { n: 7 },
    });
    await server.engine.settle();
    const [group] = activity(server.engine, context, { transactionId });
    const jobs = group?.notifications[0]?.jobs ?? [];
    expect(group?.bridgeCalls.map((call) => [call.stepId, call.ok, call.attempts])).toEqual([
      ['inbox', true, 1],
      ['text', true, 1],
    ]);
    const [first, second] = group?.bridgeCalls ?? [];
    expect(first?.jobId).toBe(jobs[0]?._id);
    expect(first).toMatchObject({
      action: 'execute',
      url: expect.stringContaining('action=execute'),
      request: { stepId: 'inbox', payload: { n: 7 }, state: [] },
      answer: { outputs: { body: 'Notice 7' }, options: { skip: false } },
    });
    expect(first?.ms).toBeGreaterThanOrEqual(0);
    expect(second?.request).toMatchObject({ stepId: 'text', state: [{ stepId: 'inbox' }] });
  });

  it('a failed call shows the failure the run recorded', async () => {
    setup = await codeFirst([notice], { subscribers: [ADA], retryDelayMs: 1 });
    setup.bridge.down(500);
    const { transactionId } = await setup.svc.events.trigger({
      name: 'notice',
      to: 'ada',
      payload: { n: 1 },
    });
    await setup.server.engine.settle();
    const context = setup.server.engine.scope('Development');
    const [group] = activity(setup.server.engine, context, { transactionId });
    // Each step's call failed (the run goes on after a failed step, as the service's does).
    expect(group?.bridgeCalls.map((call) => [call.stepId, call.ok])).toEqual([
      ['inbox', false],
      ['text', false],
    ]);
    expect(group?.bridgeCalls[0]).toMatchObject({
      ok: false,
      attempts: 3,
      answer: { statusCode: 500, code: 'UNKNOWN_BRIDGE_REQUEST_ERROR' },
    });
  });
});
