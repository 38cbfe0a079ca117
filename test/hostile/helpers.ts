// Shared by the hostile suite: an engine with one workflow, a trigger through the engine API and
// the jobs of the notification it made.
import { createMockEngine, type MockEngine, type MockEngineOptions } from '@svc/api/mock';

/** A step of a seeded workflow, as the seed takes it. */
export interface StepInput {
  type: 'in_app' | 'email' | 'sms' | 'chat' | 'push' | 'digest' | 'delay' | 'throttle' | 'custom';
  name: string;
  controlValues?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** An engine whose Development environment has subscriber `ada` and workflow `wf` with `steps`. */
export function engineWith(
  steps: StepInput[],
  extra: { payloadSchema?: Record<string, unknown>; options?: MockEngineOptions } = {},
) {
  const engine = createMockEngine({
    ...extra.options,
    seed: {
      subscribers: [{ subscriberId: 'ada', email: 'ada@example.com', phone: '+15550100' }],
      workflows: [
        {
          workflowId: 'wf',
          steps: steps as never,
          ...(extra.payloadSchema
            ? { payloadSchema: extra.payloadSchema, validatePayload: true }
            : {}),
        },
      ],
    },
  });
  const context = engine.scope('Development');
  return { engine, context, ...helpersFor(engine, context) };
}

function helpersFor(engine: MockEngine, context: ReturnType<MockEngine['scope']>) {
  const trigger = (payload: Record<string, unknown> = {}) =>
    engine.operations['events.trigger'](context, { body: { name: 'wf', to: 'ada', payload } });
  /** The jobs of the newest notification: type, status and the texts of their details. */
  const lastJobs = () => {
    const newest = context.data.notifications[context.data.notifications.length - 1];
    return (newest?.jobs ?? []).map((job) => ({
      type: job.type,
      status: job.status,
      details: job.executionDetails.map((detail) => detail.detail),
      raw: job.executionDetails.map((detail) => detail.raw ?? '').join('\n'),
    }));
  };
  return { trigger, lastJobs };
}

/** Nests `{ a: ... }` `depth` levels deep around `leaf`. */
export function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}
