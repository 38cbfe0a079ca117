// Typed triggers without the Register augmentation (this program has none): the client's types
// stay as they were. With it: test/cli/typed-triggers.test.ts compiles a program that has one.
import type {
  BroadcastBody,
  BulkTriggerBody,
  DynamicWorkflowName,
  EventsWith,
  RegisteredWorkflows,
  Svc,
  TriggerBody,
  TriggerBodyFor,
} from '@svc/api';
import { describe, expectTypeOf, it } from 'vitest';

describe('without a registered workflow', () => {
  it('trigger, triggerBulk and broadcast take the open bodies of today', () => {
    expectTypeOf<RegisteredWorkflows>().toBeNever();
    expectTypeOf<Parameters<Svc['events']['trigger']>[0]>().toEqualTypeOf<TriggerBody>();
    expectTypeOf<Parameters<Svc['events']['broadcast']>[0]>().toEqualTypeOf<BroadcastBody>();
    expectTypeOf<Parameters<Svc['events']['triggerBulk']>[0]['events']>().toEqualTypeOf<
      BulkTriggerBody['events']
    >();
  });
});

describe('TriggerBodyFor', () => {
  type Body = TriggerBodyFor<{ welcome: { plan: 'free' | 'pro' }; ping: { note?: string } }>;

  it('takes known ids with their payload types', () => {
    expectTypeOf<{ name: 'welcome'; to: 'u'; payload: { plan: 'pro' } }>().toExtend<Body>();
    expectTypeOf<{ name: 'ping'; to: 'u' }>().toExtend<Body>();
  });

  it('refuses unknown ids, wrong payloads and a missing required payload', () => {
    expectTypeOf<{ name: 'welcomee'; to: 'u'; payload: { plan: 'pro' } }>().not.toExtend<Body>();
    expectTypeOf<{ name: 'welcome'; to: 'u'; payload: { plan: 123 } }>().not.toExtend<Body>();
    expectTypeOf<{ name: 'welcome'; to: 'u' }>().not.toExtend<Body>();
  });

  it('takes a DynamicWorkflowName with any payload object', () => {
    expectTypeOf<{ name: DynamicWorkflowName; to: 'u'; payload: { x: 1 } }>().toExtend<Body>();
    expectTypeOf<{ name: string; to: 'u' }>().not.toExtend<Body>();
  });
});

describe('EventsWith (a test that seeds its own workflows)', () => {
  type Events = EventsWith<{ 'test-only': { n: number } }>;

  it('is what svc.events is, with no cast', () => {
    expectTypeOf<Svc['events']>().toExtend<Events>();
    expectTypeOf<Events['cancel']>().toEqualTypeOf<Svc['events']['cancel']>();
  });

  it('stays open without a registered workflow: any name, any payload object', () => {
    expectTypeOf<{ name: 'other'; to: 'u'; payload: { x: 1 } }>().toExtend<
      Parameters<Events['trigger']>[0]
    >();
    expectTypeOf<{ name: 'other'; payload: { x: 1 } }>().toExtend<
      Parameters<Events['broadcast']>[0]
    >();
  });
});
