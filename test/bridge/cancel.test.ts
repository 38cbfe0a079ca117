// events.cancel of a code-first run whose step waits on the bridge (docs/behaviour/events.md#cancel):
// as the service's cancel, the transaction's pending steps are canceled; the step in flight ends
// with its bridge's answer, and nothing after it runs.
import { workflow } from '@novu/framework';
import { afterEach, describe, expect, it } from 'vitest';
import { type CodeFirstSetup, codeFirst } from './helpers';

const ADA = { subscriberId: 'ada', firstName: 'Ada', email: 'ada@example.com', phone: '+15550001' };

let setup: CodeFirstSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

/** A gate the first step's resolver waits on: the bridge call stays in flight until it opens. */
function gate() {
  let open: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    entered = resolve;
  });
  return { open, opened, reached, entered };
}

describe('cancel while a step waits on the bridge', () => {
  it('cancels the pending steps; the step in flight ends, nothing after it is sent', async () => {
    const held = gate();
    let waited = false;
    const slow = workflow('slow', async ({ step }) => {
      await step.inApp('inbox', async () => {
        if (!waited) {
          waited = true;
          held.entered();
          await held.opened;
        }
        return { body: 'First' };
      });
      await step.sms('text', async () => ({ body: 'Second' }));
      await step.email('mail', async () => ({ subject: 'Third', body: '<p>Third</p>' }));
    });
    setup = await codeFirst([slow], { subscribers: [ADA] });
    const { svc, server } = setup;
    const { transactionId } = await svc.events.trigger({ name: 'slow', to: 'ada', payload: {} });
    const settled = server.engine.settle();
    await held.reached;

    expect(await svc.events.cancel(transactionId)).toBe(true);
    held.open();
    await settled;
    await server.engine.settle();

    const [notification] = server.engine.scope('Development').data.notifications;
    expect(notification?.jobs.map((job) => [job.step.stepId, job.status])).toEqual([
      ['inbox', 'completed'],
      ['text', 'canceled'],
      ['mail', 'canceled'],
    ]);
    expect(server.engine.outbox.list().map((entry) => entry.channel)).toEqual(['in_app']);
    // Only the step in flight asked the bridge to execute.
    const executes = setup.bridge.received.filter((request) => request.action === 'execute');
    expect(executes.map((request) => request.stepId)).toEqual(['inbox']);
    // A second cancel finds nothing left waiting.
    expect(await svc.events.cancel(transactionId)).toBe(false);
  });
});
