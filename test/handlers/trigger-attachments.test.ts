// payload.attachments through the msw handlers with raw fetch: the notification and its jobs store
// each attachment without its file and with a storage path; the message stores none
// (docs/behaviour/events.md#attachments).
import { describe, expect, it } from 'vitest';
import { useEngine } from './harness';

const { engine, call } = useEngine({
  seed: {
    subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }],
    workflows: [
      {
        workflowId: 'invoice',
        steps: [
          { type: 'email', name: 'Email', controlValues: { subject: 'Invoice', body: 'Hi' } },
        ],
      },
    ],
  },
});

const STORAGE_PATH = /^[0-9a-f]{24}\/[0-9a-f]{24}\/[0-9a-f]{32}\/invoice\.pdf$/;

describe('POST /v1/events/trigger with payload.attachments', () => {
  it('stores the attachments on the notification and its jobs without their files', async () => {
    const reply = await call('POST', '/v1/events/trigger', {
      body: {
        name: 'invoice',
        to: 'ada',
        payload: {
          month: 'may',
          attachments: [{ name: 'invoice.pdf', mime: 'application/pdf', file: 'JVBERi0=' }],
        },
      },
    });
    expect(reply.status).toBe(201);
    const { transactionId } = reply.body.data;
    const list = await call('GET', `/v1/notifications?transactionId=${transactionId}`);
    const [notification] = list.body.data;
    const environment = engine.environment('Development');
    const [attachment] = notification.payload.attachments;
    expect(attachment).toEqual({
      name: 'invoice.pdf',
      mime: 'application/pdf',
      storagePath: expect.stringMatching(STORAGE_PATH),
    });
    expect(
      attachment.storagePath.startsWith(`${environment._organizationId}/${environment._id}/`),
    ).toBe(true);
    expect(notification.payload.month).toBe('may');
    for (const job of notification.jobs) expect(job.payload).toEqual(notification.payload);
    expect(engine.outbox.last({ transactionId })?.payload).toEqual(notification.payload);
  });

  it('answers 422 for an attachment without a readable file and stores nothing', async () => {
    const reply = await call('POST', '/v1/events/trigger', {
      body: { name: 'invoice', to: 'ada', payload: { attachments: [{ name: 'x.pdf' }] } },
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.general.messages).toEqual([
      'payload.attachments.0.file must be a base64 string',
    ]);
    const list = await call('GET', '/v1/notifications');
    expect(list.body.data).toEqual([]);
    expect(engine.outbox.count()).toBe(0);
  });
});
