// How the run fails delay and digest steps, as the service's add-job and worker do
// (docs/behaviour/runs.md#time-steps): a delay's errors are caught and recorded as
// `Invalid delay configuration` with `{ error }`; a digest's `validateDigest` error and an
// unreadable cron escape add-job, so the job fails with no detail. A fixed delay the service
// computes as zero or less does not wait.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';

const inbox = { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'after' } };
const delay = (workflowId: string, controlValues: Record<string, unknown>) => ({
  workflowId,
  steps: [{ type: 'delay' as const, name: 'Wait', controlValues }, inbox],
});

function setup() {
  const engine = createMockEngine({
    clockStart: '2026-01-01T00:00:00.000Z',
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      workflows: [
        delay('dynamic', { type: 'dynamic', dynamicKey: 'payload.wakeAt' }),
        delay('no-amount', { type: 'regular' }),
        delay('negative', { type: 'regular', amount: -1, unit: 'minutes' }),
        delay('bad-unit', { type: 'regular', amount: 5, unit: 'ages' }),
        delay('bad-cron', { type: 'timed', cron: 'not a cron' }),
        {
          workflowId: 'digest',
          steps: [
            { type: 'digest' as const, name: 'Digest', controlValues: { unit: 'hours' } },
            inbox,
          ],
        },
        {
          workflowId: 'negative-digest',
          steps: [
            {
              type: 'digest' as const,
              name: 'Digest',
              controlValues: { amount: -5, unit: 'minutes' },
            },
            inbox,
          ],
        },
      ],
    },
  });
  const context = () => engine.scope('Development');
  const trigger = (name: string, payload: Record<string, unknown> = {}) => {
    const { transactionId } = engine.operations['events.trigger'](context(), {
      body: {
        name,
        to: 'ada',
        payload,
      },
    });
    const jobs =
      context().data.notifications.find((item) => item.transactionId === transactionId)?.jobs ?? [];
    return {
      statuses: jobs.map((job) => job.status),
      first: jobs[0],
      details: (jobs[0]?.executionDetails ?? []).map(({ detail, status, raw }) => ({
        detail,
        status,
        raw,
      })),
    };
  };
  return { engine, trigger };
}

const misconfigured = (error: string) => ({
  detail: 'Invalid delay configuration',
  status: 'Failed',
  raw: JSON.stringify({ error }),
});

describe('the run: failing dynamic delays', () => {
  it('records a missing value once, with { error }, and keeps the message on the job', () => {
    const { engine, trigger } = setup();
    const run = trigger('dynamic');
    expect(run.statuses).toEqual(['failed', 'canceled']);
    expect(run.details.at(-1)).toEqual(
      misconfigured("Dynamic delay key 'payload.wakeAt' not found in payload"),
    );
    expect(run.details.at(-2)?.detail).toBe('Step queued');
    expect(run.first?.error).toBe("Dynamic delay key 'payload.wakeAt' not found in payload");
    expect(engine.outbox.count()).toBe(0);
  });

  it('records a time already reached twice, as validateDynamicDuration then the catch do', () => {
    const { trigger } = setup();
    const run = trigger('dynamic', { wakeAt: '2026-01-01T00:00:00Z' });
    expect(run.statuses).toEqual(['failed', 'canceled']);
    expect(run.details.slice(-2)).toEqual([
      misconfigured('delay must be in the future'),
      misconfigured('Dynamic delay must be in the future. durationMs: 0'),
    ]);
    expect(run.first?.error).toBe('Dynamic delay must be in the future. durationMs: 0');
  });

  it('records a past timestamp and a malformed value once', () => {
    const { trigger } = setup();
    const past = trigger('dynamic', { wakeAt: '2025-12-31T23:00:00Z' });
    expect(past.details.at(-1)).toEqual(
      misconfigured("Dynamic delay timestamp '2025-12-31T23:00:00Z' must be a future date"),
    );
    const bareDate = trigger('dynamic', { wakeAt: '2026-02-01' });
    expect(bareDate.statuses).toEqual(['failed', 'canceled']);
    expect(bareDate.details.at(-1)?.raw).toContain('is not a valid format');
  });
});

describe('the run: fixed delays the service computes as zero or less', () => {
  it('does not wait for a delay without an amount, and writes no Step delayed', () => {
    const { engine, trigger } = setup();
    const run = trigger('no-amount');
    expect(run.statuses).toEqual(['completed', 'completed']);
    expect(run.details.map(({ detail }) => detail)).not.toContain('Step delayed');
    expect(run.details.at(-1)?.detail).toBe('Delay is finished');
    expect(engine.outbox.count()).toBe(1);
  });

  it('does not wait for a negative amount, but says Step delayed as the service does', () => {
    const { trigger } = setup();
    const run = trigger('negative');
    expect(run.statuses).toEqual(['completed', 'completed']);
    expect(run.details.map(({ detail }) => detail)).toContain('Step delayed');
  });

  it('counts an unknown unit as seconds', () => {
    const { engine, trigger } = setup();
    expect(trigger('bad-unit').statuses).toEqual(['delayed', 'pending']);
    engine.clock.advance('4s');
    expect(engine.outbox.count()).toBe(0);
    engine.clock.advance('1s');
    expect(engine.outbox.count()).toBe(1);
  });
});

describe('the run: errors that escape add-job', () => {
  it("fails a digest without an amount with validateDigest's text and no detail", () => {
    const { engine, trigger } = setup();
    const run = trigger('digest');
    expect(run.statuses).toEqual(['failed', 'canceled']);
    expect(run.details.at(-1)?.detail).toBe('Step queued');
    expect(run.first?.error).toBe('Invalid digest amount');
    expect(engine.outbox.count()).toBe(0);
  });

  it('closes a digest with a negative amount at once: validateDigest passes it, its queue runs it', () => {
    const { engine, trigger } = setup();
    const run = trigger('negative-digest');
    expect(run.statuses).toEqual(['completed', 'completed']);
    expect(engine.outbox.count()).toBe(1);
    expect(engine.scope('Development').data.messages).toHaveLength(1);
  });

  it('fails a delay whose cron cannot be read with no detail', () => {
    const { trigger } = setup();
    const run = trigger('bad-cron');
    expect(run.statuses).toEqual(['failed', 'canceled']);
    expect(run.details.at(-1)?.detail).toBe('Step queued');
    expect(run.first?.error).toMatch(/^Invalid cron expression not a cron/);
  });
});
