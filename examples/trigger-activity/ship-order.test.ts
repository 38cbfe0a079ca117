import { demoSeed } from '@svc/api/mock';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { shipOrder } from './ship-order';

const mock = setupSvcMock({ seed: demoSeed, hooks: { beforeAll, afterEach, afterAll } });

it('reports each step of the run', async () => {
  expect(await shipOrder(mock.client(), 'demo-ada', 'A-1')).toEqual([
    'in_app: completed',
    'sms: completed',
  ]);
  expect(mock.engine.outbox.last({ channel: 'sms' })?.content).toBe('Order A-1 shipped.');
});

it('shows a provider failure as a failed step, the rest still delivered', async () => {
  mock.engine.faults.addProviderFailure({ channel: 'sms', errorText: 'Carrier rejected' });
  expect(await shipOrder(mock.client(), 'demo-ada', 'A-2')).toEqual([
    'in_app: completed',
    'sms: failed',
  ]);
});

it('survives a dropped connection after the trigger committed: one delivery', async () => {
  mock.engine.faults.add({
    match: { operation: 'events.trigger' },
    times: 1,
    after: 'commit',
    respond: 'network-error',
  });
  await shipOrder(mock.client(), 'demo-ada', 'A-3');
  expect(mock.engine.outbox.count({ channel: 'sms' })).toBe(1);
});
