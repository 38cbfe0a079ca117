// In-app steps (mock-server/engine/run/channels/in-app.ts, run/in-app-fields.ts): the Message
// fields built from the rendered controls, and which optional keys a message has
// (docs/behaviour/runs.md#in-app).
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../../mock-server/engine/engine';
import { inAppMessageFields } from '../../../../mock-server/engine/run/in-app-fields';
import type { InAppControlValues } from '../../../../src/schemas/workflow';

const fields = (controls: Record<string, unknown>) =>
  inAppMessageFields(controls as InAppControlValues);

describe('inAppMessageFields: the Message fields of rendered in-app controls', () => {
  it('a body becomes content; no body is empty content; the cta is a bare redirect', () => {
    expect(fields({ body: 'Hi' })).toStrictEqual({ content: 'Hi', cta: { type: 'redirect' } });
    expect(fields({})).toStrictEqual({ content: '', cta: { type: 'redirect' } });
  });

  it('subject and avatar are kept only when they are non-empty text', () => {
    expect(fields({ body: 'b', subject: 'S', avatar: 'https://x.test/a.png' })).toStrictEqual({
      content: 'b',
      subject: 'S',
      avatar: 'https://x.test/a.png',
      cta: { type: 'redirect' },
    });
    expect(fields({ body: 'b', subject: '', avatar: '' })).toStrictEqual({
      content: 'b',
      cta: { type: 'redirect' },
    });
    expect(fields({ body: 'b', subject: 5, avatar: ['a'] })).toStrictEqual({
      content: 'b',
      cta: { type: 'redirect' },
    });
  });

  it('data is kept whenever it is given', () => {
    expect(fields({ body: 'b', data: { k: 1 } })).toStrictEqual({
      content: 'b',
      cta: { type: 'redirect' },
      data: { k: 1 },
    });
  });

  it('a redirect gives cta.data with a non-empty url and any text target', () => {
    expect(fields({ redirect: { url: '/p/1', target: '_self' } }).cta).toStrictEqual({
      type: 'redirect',
      data: { url: '/p/1', target: '_self' },
    });
    expect(fields({ redirect: { url: '', target: '_blank' } }).cta).toStrictEqual({
      type: 'redirect',
      data: { target: '_blank' },
    });
    expect(fields({ redirect: { url: '' } }).cta).toStrictEqual({ type: 'redirect' });
    expect(fields({ redirect: { url: 5 } }).cta).toStrictEqual({ type: 'redirect' });
  });

  it('actions with a non-empty text label become pending buttons, others are dropped', () => {
    expect(
      fields({
        primaryAction: { label: 'Open', redirect: { url: '/o', target: '_blank' } },
        secondaryAction: { label: 'Later' },
      }).cta,
    ).toStrictEqual({
      type: 'redirect',
      action: {
        status: 'pending',
        buttons: [
          { type: 'primary', content: 'Open', url: '/o', target: '_blank' },
          { type: 'secondary', content: 'Later' },
        ],
      },
    });
    expect(
      fields({
        primaryAction: { label: '' },
        secondaryAction: { label: 'Later', redirect: { url: '' } },
      }).cta,
    ).toStrictEqual({
      type: 'redirect',
      action: { status: 'pending', buttons: [{ type: 'secondary', content: 'Later' }] },
    });
    expect(fields({ primaryAction: { label: 5 }, secondaryAction: {} }).cta).toStrictEqual({
      type: 'redirect',
    });
  });
});

function setup(controlValues: Record<string, unknown>) {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada', firstName: 'Ada' }],
      workflows: [{ workflowId: 'w', steps: [{ type: 'in_app', name: 'Inbox', controlValues }] }],
    },
  });
  const context = engine.scope('Development');
  engine.operations['events.trigger'](context, {
    body: { name: 'w', to: 'ada', payload: { n: 'Order 7' } },
  });
  const [message] = context.data.messages;
  return { engine, context, message };
}

/** The message keys an in-app step sets from its controls (the rest every message has). */
const ownKeys = (message: object | undefined) =>
  Object.fromEntries(
    Object.entries(message ?? {}).filter(([key]) =>
      ['content', 'subject', 'avatar', 'data', 'cta'].includes(key),
    ),
  );

describe('an in-app step through the engine', () => {
  it('stores the rendered content, subject, avatar, data and cta', () => {
    const { message, engine } = setup({
      body: 'Hi {{subscriber.firstName}}',
      subject: '{{payload.n}}',
      avatar: 'https://x.test/{{subscriber.firstName}}.png',
      data: { order: '{{payload.n}}' },
      redirect: { url: '/o/1' },
    });
    expect(ownKeys(message)).toStrictEqual({
      content: 'Hi Ada',
      subject: 'Order 7',
      avatar: 'https://x.test/Ada.png',
      data: { order: 'Order 7' },
      cta: { type: 'redirect', data: { url: '/o/1' } },
    });
    expect(message?.status).toBe('sent');
    expect(engine.outbox.list().map((entry) => [entry.subject, entry.content])).toStrictEqual([
      ['Order 7', 'Hi Ada'],
    ]);
  });

  it('has no subject, avatar or data keys when the controls have none', () => {
    const { message } = setup({ body: 'Hello', subject: '', avatar: '' });
    expect(ownKeys(message)).toStrictEqual({ content: 'Hello', cta: { type: 'redirect' } });
  });

  it('stores its own copy of data and cta', () => {
    const { message, context } = setup({ body: 'b', data: { list: [1] }, redirect: { url: '/x' } });
    const step = context.data.notifications[0]?.jobs[0]?.step.controlValues;
    expect(message?.data).toStrictEqual({ list: [1] });
    expect(message?.data).not.toBe(step?.['data']);
  });

  it('fails with no message when the in-app integration is inactive', () => {
    const engine = createMockEngine({
      seed: {
        subscribers: [{ subscriberId: 'ada' }],
        workflows: [
          {
            workflowId: 'w',
            steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'b' } }],
          },
        ],
      },
    });
    const context = engine.scope('Development');
    for (const entry of context.data.integrations) entry.active = false;
    engine.operations['events.trigger'](context, { body: { name: 'w', to: 'ada' } });
    const job = context.data.notifications[0]?.jobs[0];
    expect(job?.status).toBe('failed');
    expect(job?.executionDetails.map((entry) => entry.detail)).toStrictEqual([
      'Step queued',
      'Start sending message',
      'Subscriber does not have an active integration',
    ]);
    expect(context.data.messages).toStrictEqual([]);
    expect(engine.outbox.list()).toStrictEqual([]);
  });
});
