// Compiled by test/cli/typed-triggers.test.ts with the types `svc types generate` wrote (the
// workflows `welcome` and `digest-me` registered): a test that seeds its own workflows compiles
// through `EventsWith`, and only there. Every @ts-expect-error below must be an error.
import type { EventsWith, Svc } from '@svc/api';
import { setupSvcMock } from '@svc/api/mock/node';
import { defineWorkflow, type WorkflowsOf } from '@svc/api/workflows';
import { afterAll, afterEach, beforeAll, it } from 'vitest';
import { z } from 'zod';

const step = {
  stepId: 'note',
  name: 'Note',
  type: 'in_app' as const,
  controlValues: { body: 'Hi' },
};
const testOnly = defineWorkflow({
  workflowId: 'test-only',
  payloadSchema: z.object({ n: z.number() }),
  steps: [{ type: 'in_app', name: 'Hello', controlValues: { body: 'n = {{payload.n}}' } }],
});

const mock = setupSvcMock({
  hooks: { beforeAll, afterEach, afterAll },
  seed: {
    subscribers: [{ subscriberId: 'user-1' }],
    workflows: [testOnly, { workflowId: 'json-only', name: 'J', steps: [step] }],
  },
});

it('triggers the workflows the test seeded', async () => {
  const svc: Svc = mock.client();
  // @ts-expect-error the registered types refuse a workflow id the test seeded itself
  await svc.events.trigger({ name: 'test-only', to: 'user-1', payload: { n: 1 } });

  const events: EventsWith<
    WorkflowsOf<[typeof testOnly]> & { 'json-only': Record<string, unknown> }
  > = svc.events;
  await events.trigger({ name: 'test-only', to: 'user-1', payload: { n: 1 } });
  await events.trigger({ name: 'json-only', to: 'user-1' });
  await events.triggerBulk({ events: [{ name: 'test-only', to: 'user-1', payload: { n: 2 } }] });
  await events.broadcast({ name: 'test-only', payload: { n: 3 } });
  await events.cancel('transaction-1');
  // The registered workflows stay typed through the same variable.
  await events.trigger({ name: 'welcome', to: 'user-1', payload: { plan: 'pro' } });

  // @ts-expect-error the test-only payload keeps its type
  await events.trigger({ name: 'test-only', to: 'user-1', payload: { n: 'one' } });
  // @ts-expect-error a registered payload keeps its type
  await events.trigger({ name: 'welcome', to: 'user-1', payload: { plan: 123 } });
  // @ts-expect-error an id neither registered nor named by the test is still refused
  await events.trigger({ name: 'test-onyl', to: 'user-1', payload: { n: 1 } });
});
