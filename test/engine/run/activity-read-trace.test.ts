// The service's get-activity.e2e.ts (apps/api/src/app/notifications/e2e/get-activity.e2e.ts in
// novuhq/novu), "should return traces in activity feed when traces feature flag is enabled": a
// trigger, the subscriber reads the message in the Inbox, and `GET /v1/notifications/{id}` shows
// five details on the in-app job, the last `Message read`.
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import type { OperationName } from '../../../src/routes';
import { inbox, sessionOf } from '../inbox/inbox-helpers';

const TEMPLATE = {
  workflowId: 'activity-traces',
  steps: [
    {
      type: 'in_app' as const,
      name: 'In-App',
      controlValues: { body: 'Test notification content {{payload.name}}' },
    },
  ],
};

async function admin(
  engine: MockEngine,
  operation: OperationName,
  path: string,
  options: {
    params?: Record<string, string>;
    query?: string;
    body?: unknown;
  } = {},
) {
  const answer = await engine.perform({
    operation,
    authorization: `ApiKey ${engine.environment('Development').apiKey}`,
    params: options.params ?? {},
    query: new URLSearchParams(options.query ?? ''),
    path,
    ...(options.body === undefined ? {} : { readBody: async () => options.body }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  return answer as typeof answer & { body: any };
}

describe('get-activity.e2e.ts', () => {
  it('should return traces in activity feed when traces feature flag is enabled', async () => {
    const engine = createMockEngine({
      seed: { subscribers: [{ subscriberId: 'subscriber-1' }], workflows: [TEMPLATE] },
    });
    const triggered = await admin(engine, 'events.trigger', '/v1/events/trigger', {
      body: { name: 'activity-traces', to: 'subscriber-1', payload: { name: 'Test User' } },
    });
    expect(triggered.body.data.acknowledged).toBe(true);
    const { transactionId } = triggered.body.data;
    const messages = await admin(engine, 'messages.list', '/v1/messages', {
      query: `transactionId=${transactionId}`,
    });
    const [message] = messages.body.data;
    const token = await sessionOf(engine, 'subscriber-1');
    const read = await inbox(engine, 'notifications.read', {
      token,
      params: { notificationId: message._id },
    });
    expect(read.status).toBe(200);
    const activity = await admin(
      engine,
      'notifications.retrieve',
      `/v1/notifications/${message._notificationId}`,
      { params: { notificationId: message._notificationId } },
    );
    expect(activity.status).toBe(200);
    const details = activity.body.data.jobs[0].executionDetails.map(
      (detail: { detail: string }) => detail.detail,
    );
    expect(details).toHaveLength(5);
    for (const expected of [
      'Step queued',
      'Start sending message',
      'Message created',
      'Message sent',
      'Message read',
    ]) {
      expect(details).toContain(expected);
    }
  });
});
