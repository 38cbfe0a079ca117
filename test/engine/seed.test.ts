import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import { parseSlugId } from '../../mock-server/engine/resources/slug';

describe('engine: seeding and lifecycle', () => {
  it('rejects bad seed data with a clear 400 naming the field', () => {
    const engine = createMockEngine();
    expect(() =>
      engine.seed({
        workflows: [{ workflowId: 'w', steps: [{ type: 'fax' as 'sms', name: 'x' }] }],
      }),
    ).toThrowError(
      'Invalid seed data: workflows.0.steps.0.type: type must be one of in_app, email, sms, chat, push, digest, delay, throttle, custom',
    );
    // `trigger` is a step type of the wire enum but the workflow's own, never a step.
    expect(() =>
      engine.seed({
        workflows: [{ workflowId: 'w', steps: [{ type: 'trigger' as 'sms', name: 'x' }] }],
      }),
    ).toThrowError(/Invalid seed data: workflows\.0\.steps\.0\.type/);
    // Message content is text, as the engine stores every message it sends.
    expect(() =>
      engine.seed({ messages: [{ subscriberId: 'ada', content: {} as unknown as string }] }),
    ).toThrowError(/Invalid seed data: messages\.0\.content/);
    expect(() => engine.seed({ messages: [{ subscriberId: 'ghost' }] })).toThrowError(
      'Invalid seed data: messages.0: unknown subscriberId "ghost"',
    );
    expect(() =>
      engine.seed({ integrations: [{ providerId: 'svc', channel: 'in_app' }] }),
    ).toThrowError(
      'Invalid seed data: integrations.0: One environment can only have one In app provider',
    );
  });

  it('seeds workflows with the spec defaults (origin svc-cloud, severity none)', () => {
    const engine = createMockEngine({
      seed: { workflows: [{ workflowId: 'w', steps: [{ type: 'in_app', name: 'Inbox Step' }] }] },
    });
    const context = engine.scope('Development');
    expect(context.data.workflows[0]).toMatchObject({
      origin: 'svc-cloud',
      severity: 'none',
      status: 'ACTIVE',
      critical: false,
      steps: [{ stepId: 'inbox-step', active: true }],
    });
  });

  it('keeps organizations created later across reset, with their default integrations', () => {
    const engine = createMockEngine();
    const other = engine.createOrganization({ name: 'Other' });
    engine.reset();
    const context = engine.scope(other.environments[0]?._id);
    expect(context.environment._organizationId).toBe(other.organization._id);
    expect(context.data.integrations.map((i) => i.providerId)).toEqual(['svc', 'svc-email']);
  });

  it('reads sync path values like parseSlugId', () => {
    expect(parseSlugId('0123456789abcdef01234567')).toEqual({
      objectId: '0123456789abcdef01234567',
    });
    expect(parseSlugId('short')).toEqual({ identifier: 'short' });
    expect(parseSlugId('a-long-workflow-identifier')).toEqual({
      identifier: 'a-long-workflow-identifier',
    });
  });
});
