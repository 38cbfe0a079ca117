// Typed triggers: the `Register` interface a generated file (`svc-workflows types generate`) augments with
// the environment's workflows, and the trigger body types `svc.events` derives from it. Types
// only, so typed triggers cost no bytes at run time.
import type { APIPromise } from './core/api-promise';
import type { RequestOptions } from './core/options';
import type { Events } from './resources/events';
import type { TriggerBody, TriggerResponse } from './schemas/event';
import type { BroadcastBody, BulkTriggerResponse } from './schemas/event-batch';

/**
 * Declared empty; augment it with `workflows` (workflow id → payload type) to type
 * `svc.events.trigger`, `triggerBulk` and `broadcast`. `svc-workflows types generate` writes the
 * augmentation (`declare module '@svc/api' { interface Register { workflows: … } }`); without it
 * the trigger types stay open (any name, any payload object). See docs/workflows-as-code.md.
 *
 * @example
 * ```ts
 * // What the augmentation registers, once `svc/workflows.gen.ts` is compiled with the app:
 * type Workflows = Register extends { workflows: infer Registered } ? Registered : never;
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: augmented by the user's generated types.
export interface Register {}

/** The registered workflows (workflow id → payload type), or `never` without augmentation. */
export type RegisteredWorkflows = Register extends { workflows: infer Workflows }
  ? Workflows
  : never;

declare const dynamicWorkflowName: unique symbol;

/**
 * The escape for a workflow name only known at run time, once workflows are registered: cast
 * the name to it and the trigger takes it with any payload object.
 *
 * @example
 * ```ts
 * const name = process.env['WORKFLOW'] as DynamicWorkflowName;
 * await svc.events.trigger({ name, to: 'user-1', payload: { anything: true } });
 * ```
 */
export type DynamicWorkflowName = string & { readonly [dynamicWorkflowName]: true };

/**
 * The trigger body for a map of workflows (id → payload type): one member per workflow, its
 * `name` the id and its `payload` that workflow's type, plus a {@link DynamicWorkflowName}
 * member. `svc.events.trigger` takes `TriggerBodyFor<RegisteredWorkflows>` once registered.
 *
 * @example
 * ```ts
 * type Body = TriggerBodyFor<{ welcome: { plan: string } }>;
 * const body: Body = { name: 'welcome', to: 'user-1', payload: { plan: 'pro' } };
 * ```
 */
export type TriggerBodyFor<Workflows> =
  | {
      [Name in keyof Workflows & string]: Omit<TriggerBody, 'name' | 'payload'> & {
        name: Name;
        // `payload` is required when its type has a required field, optional otherwise.
      } & (Partial<Workflows[Name]> extends Workflows[Name]
          ? { payload?: Workflows[Name] }
          : { payload: Workflows[Name] });
    }[keyof Workflows & string]
  | (TriggerBody & { name: DynamicWorkflowName });

/**
 * The broadcast body for a map of workflows: as {@link TriggerBodyFor}, without `to` and with
 * `payload` always given (a broadcast requires it).
 */
export type BroadcastBodyFor<Workflows> =
  | {
      [Name in keyof Workflows & string]: Omit<BroadcastBody, 'name' | 'payload'> & {
        name: Name;
        payload: Workflows[Name];
      };
    }[keyof Workflows & string]
  | (BroadcastBody & { name: DynamicWorkflowName });

/** What `svc.events.trigger` takes: typed by the registered workflows, `TriggerBody` without. */
export type RegisteredTriggerBody = [RegisteredWorkflows] extends [never]
  ? TriggerBody
  : TriggerBodyFor<RegisteredWorkflows>;

/**
 * What `svc.events.broadcast` takes: typed by the registered workflows, `BroadcastBody` without.
 */
export type RegisteredBroadcastBody = [RegisteredWorkflows] extends [never]
  ? BroadcastBody
  : BroadcastBodyFor<RegisteredWorkflows>;

/** What `svc.events.triggerBulk` takes: events typed as {@link RegisteredTriggerBody}. */
export interface RegisteredBulkTriggerBody {
  events: RegisteredTriggerBody[];
}

/**
 * The escape for a test that seeds its own workflows: `svc.events` typed by the registered
 * workflows plus `Extra` (workflow id → payload type), so a test-only workflow is taken with its
 * payload type while every other call stays typed. Types only: annotate a variable with it and
 * assign `svc.events` (the same object, no cast); unregistered, the trigger stays open as before.
 *
 * @example
 * ```ts
 * const events: EventsWith<{ 'test-only': { n: number } }> = svc.events;
 * await events.trigger({ name: 'test-only', to: 'user-1', payload: { n: 1 } });
 * ```
 */
export interface EventsWith<Extra> extends Omit<Events, 'trigger' | 'triggerBulk' | 'broadcast'> {
  /** As `svc.events.trigger`, taking the registered workflows and `Extra`. */
  trigger(
    body: RegisteredTriggerBody | TriggerBodyFor<Extra>,
    options?: RequestOptions,
  ): APIPromise<TriggerResponse>;
  /** As `svc.events.triggerBulk`, taking the registered workflows and `Extra`. */
  triggerBulk(
    body: { events: (RegisteredTriggerBody | TriggerBodyFor<Extra>)[] },
    options?: RequestOptions,
  ): APIPromise<BulkTriggerResponse>;
  /** As `svc.events.broadcast`, taking the registered workflows and `Extra`. */
  broadcast(
    body: RegisteredBroadcastBody | BroadcastBodyFor<Extra>,
    options?: RequestOptions,
  ): APIPromise<TriggerResponse>;
}
