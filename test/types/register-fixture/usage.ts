// Compiled by test/cli/typed-triggers.test.ts next to the types `svc types generate` wrote for
// the workflows `welcome` (payload { plan: 'free' | 'pro' } required) and `digest-me` (no
// schema). Every @ts-expect-error below must be an error, and nothing else may be.
import { type DynamicWorkflowName, Svc } from '@svc/api';
import { expectTypeOf } from 'vitest';
import type { WelcomePayload } from './workflows.gen';

const svc = new Svc({ secretKey: 'k' });

export async function typed(): Promise<void> {
  await svc.events.trigger({ name: 'welcome', to: 'user-1', payload: { plan: 'pro' } });
  await svc.events.trigger({ name: 'digest-me', to: 'user-1' });
  await svc.events.trigger({ name: 'digest-me', to: 'user-1', payload: { anything: 1 } });

  // @ts-expect-error an unknown workflow id
  await svc.events.trigger({ name: 'welcomee', to: 'user-1', payload: { plan: 'pro' } });
  // @ts-expect-error a payload of the wrong type
  await svc.events.trigger({ name: 'welcome', to: 'user-1', payload: { plan: 123 } });
  // @ts-expect-error the payload is required: `plan` is
  await svc.events.trigger({ name: 'welcome', to: 'user-1' });

  await svc.events.triggerBulk({
    events: [
      { name: 'welcome', to: 'user-1', payload: { plan: 'free' } },
      { name: 'digest-me', to: 'user-2' },
    ],
  });
  await svc.events.triggerBulk({
    // @ts-expect-error an unknown workflow id in a bulk trigger
    events: [{ name: 'nope', to: 'user-1' }],
  });

  await svc.events.broadcast({ name: 'welcome', payload: { plan: 'pro' } });
  // @ts-expect-error a broadcast payload of the wrong type
  await svc.events.broadcast({ name: 'welcome', payload: { plan: 'enterprise' } });

  // The escape for names only known at run time.
  const dynamic = String(process.env['WORKFLOW']) as DynamicWorkflowName;
  await svc.events.trigger({ name: dynamic, to: 'user-1', payload: { whatever: true } });

  expectTypeOf<WelcomePayload>().toEqualTypeOf<{ plan: 'free' | 'pro' }>();
}
