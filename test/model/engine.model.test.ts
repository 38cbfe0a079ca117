// Model-based test of the engine's writes: random sequences of integration, subscriber (update,
// create, delete, credentials, channel preference, page walk), topic subscription, mark-as, message
// delete, workflow (sync, create, update, patch, delete), trigger (single, bulk, broadcast), cancel
// and clock commands through the real client, compared with a small model after every step.
// MODEL_RUNS sets the number of sequences, MODEL_SEED replays a failure's seed.
import { Svc } from '@svc/api';
import { createMockEngine } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { AdvanceClock } from './commands/clock';
import { Broadcast, Cancel, Trigger, TriggerBulk, type TriggerRecipient } from './commands/events';
import { CreateIntegration, SetPrimary } from './commands/integrations';
import { DeleteMessage, MarkAs } from './commands/messages';
import {
  CreateSubscriber,
  DeleteSubscriber,
  SetChannelPreference,
  UpdateSubscriber,
  UpsertCredentials,
  WalkSubscribers,
} from './commands/subscribers';
import { Subscribe, Unsubscribe } from './commands/topics';
import {
  CreateWorkflow,
  DeleteWorkflow,
  PatchWorkflow,
  SyncWorkflow,
  UpdateWorkflow,
} from './commands/workflows';
import {
  ENVIRONMENTS,
  type EnvironmentLabel,
  type Model,
  type ModelEnvironment,
  type Real,
  SUBSCRIBER_IDS,
  TOPIC,
} from './model';

const RUNS = Number(process.env['MODEL_RUNS'] ?? 40);
const SEED = process.env['MODEL_SEED'];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
const unexpected: unknown[] = [];
afterEach(() => {
  expect(unexpected.splice(0), 'the engine threw').toEqual([]);
});

/** A fresh engine with three environments (two organizations), seeded alike but told apart. */
function setup(): { model: Model; real: Real } {
  const engine = createMockEngine();
  const other = engine.createOrganization({ name: 'Other' });
  const otherDevelopment = other.environments[0];
  if (!otherDevelopment) throw new Error('the other organization has no environment');
  const pick = (
    environment: { _id: string; apiKey: string; _organizationId: string },
    organization: 'A' | 'B',
  ) => ({
    id: environment._id,
    organizationId: environment._organizationId,
    apiKey: environment.apiKey,
    organization,
  });
  const environments = {
    'A-dev': pick(engine.environment('Development'), 'A'),
    'A-prod': pick(engine.environment('Production'), 'A'),
    'B-dev': pick(otherDevelopment, 'B'),
  } satisfies Record<EnvironmentLabel, unknown>;
  for (const label of ENVIRONMENTS) {
    engine.seed({
      environment: environments[label].id,
      subscribers: SUBSCRIBER_IDS.map((subscriberId) => ({
        subscriberId,
        firstName: `${label} ${subscriberId}`,
      })),
      integrations: [{ providerId: 'fcm', channel: 'push', active: true }],
      topics: [{ key: TOPIC.key, subscribers: [...TOPIC.subscribers] }],
      messages: [
        { subscriberId: 'ada', content: 'one' },
        { subscriberId: 'ada', content: 'two', read: true, seen: true },
        { subscriberId: 'grace', content: 'three' },
      ],
      workflows:
        label === 'A-prod'
          ? []
          : [
              { workflowId: 'welcome', steps: [{ type: 'in_app', name: 'Inbox' }] },
              { workflowId: 'digest', steps: [{ type: 'email', name: 'Mail' }] },
            ],
    });
  }
  server.resetHandlers(...createHandlers(engine, { onUnexpectedError: (e) => unexpected.push(e) }));
  const model = {} as Model;
  const clients = {} as Real['clients'];
  for (const label of ENVIRONMENTS) {
    const { id, apiKey, organization, organizationId } = environments[label];
    const { data } = engine.scope(id);
    const environment: ModelEnvironment = {
      organization,
      organizationId,
      id,
      integrations: data.integrations.map((i) => ({
        id: i._id,
        channel: i.channel,
        active: i.active,
        primary: i.primary,
      })),
      subscribers: new Map(
        SUBSCRIBER_IDS.map((subscriberId) => [
          subscriberId,
          { firstName: `${label} ${subscriberId}`, fcmTokens: undefined },
        ]),
      ),
      messages: data.messages.map((m) => ({
        id: m._id,
        subscriberId: [...data.subscribers.values()].find((s) => s._id === m._subscriberId)
          ?.subscriberId as string,
        read: m.read,
        seen: m.seen,
      })),
      workflows: new Map(
        data.workflows.map((w) => [
          w.workflowId,
          { channel: w.steps[0]?.type === 'email' ? 'email' : 'in_app', active: w.active },
        ]),
      ),
      transactions: new Map(),
      topicMembers: new Set(TOPIC.subscribers),
      muted: new Map(),
    };
    model[label] = environment;
    clients[label] = new Svc({ secretKey: apiKey, validation: 'strict', maxRetries: 0 });
  }
  return { model, real: { engine, clients } };
}

const label = fc.constantFrom(...ENVIRONMENTS);
const subscriberId = fc.constantFrom(...SUBSCRIBER_IDS);
const recipient: fc.Arbitrary<TriggerRecipient> = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(...SUBSCRIBER_IDS, 'newcomer')
      .map((id) => ({ kind: 'id' as const, subscriberId: id })),
    weight: 3,
  },
  fc
    .tuple(subscriberId, fc.constantFrom('Triggered', 'Ada'))
    .map(([id, firstName]) => ({ kind: 'definition' as const, subscriberId: id, firstName })),
  fc.constant({ kind: 'topic' as const }),
);
/** Seeded workflows, ones only the API creates, and one that never exists. */
const workflowId = fc.constantFrom('welcome', 'digest', 'created', 'ghost');
const channel = fc.constantFrom('in_app', 'email') as fc.Arbitrary<'in_app' | 'email'>;
const commands = [
  fc
    .tuple(
      label,
      fc.constantFrom('email', 'sms', 'chat', 'push') as fc.Arbitrary<'email'>,
      fc.boolean(),
    )
    .map(([l, channel, active]) => new CreateIntegration(l, channel, active)),
  fc
    .tuple(label, label, fc.nat(20))
    .map(([caller, owner, pick]) => new SetPrimary(caller, owner, pick)),
  fc
    .tuple(
      label,
      subscriberId,
      fc.record(
        {
          firstName: fc.constantFrom('Ada', 'Grace', ''),
          email: fc.constantFrom('a@acme.com', 'b@acme.com', null),
          data: fc.constantFrom({ plan: 'pro' }, { seats: 2 }, {}),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([l, id, patch]) => new UpdateSubscriber(l, id, patch)),
  fc
    .tuple(
      label,
      subscriberId,
      fc.option(fc.array(fc.constantFrom('t1', 't2', 't3'), { maxLength: 4 }), { nil: undefined }),
    )
    .map(([l, id, tokens]) => new UpsertCredentials(l, id, tokens)),
  fc
    .tuple(
      label,
      subscriberId,
      fc.array(fc.nat(10), { minLength: 1, maxLength: 4 }),
      fc.option(label, { nil: undefined }),
      fc.constantFrom('read', 'seen', 'unread', 'unseen') as fc.Arbitrary<'read'>,
    )
    .map(([l, id, picks, foreign, markAs]) => new MarkAs(l, id, picks, foreign, markAs)),
  fc
    .tuple(label, label, workflowId)
    .map(([source, target, id]) => new SyncWorkflow(source, target, id)),
  fc.integer({ min: 1, max: 86_400_000 }).map((ms) => new AdvanceClock(ms)),
  fc
    .tuple(
      label,
      fc.integer({ min: 1, max: 4 }),
      fc.constantFrom('ASC', 'DESC') as fc.Arbitrary<'ASC'>,
    )
    .map(([l, limit, direction]) => new WalkSubscribers(l, limit, direction)),
  fc
    .tuple(
      label,
      workflowId,
      fc.array(recipient, { minLength: 1, maxLength: 3 }),
      // A small pool, so duplicates (in one environment and across them) come up often.
      fc.option(fc.constantFrom('txn-1', 'txn-2', 'txn-3'), { nil: undefined }),
    )
    .map(([l, id, to, transactionId]) => new Trigger(l, id, to, transactionId)),
  fc
    .tuple(
      label,
      fc.constantFrom(...SUBSCRIBER_IDS, 'newcomer'),
      fc.constantFrom('Ada', ''),
      fc.boolean(),
    )
    .map(
      ([l, id, firstName, failIfExists]) => new CreateSubscriber(l, id, firstName, failIfExists),
    ),
  fc.tuple(label, subscriberId).map(([l, id]) => new DeleteSubscriber(l, id)),
  fc
    .tuple(
      label,
      fc.array(fc.constantFrom(...SUBSCRIBER_IDS, 'ghost'), { minLength: 1, maxLength: 3 }),
    )
    .map(([l, ids]) => new Subscribe(l, ids)),
  fc
    .tuple(label, fc.array(fc.constantFrom(...SUBSCRIBER_IDS), { minLength: 1, maxLength: 3 }))
    .map(([l, ids]) => new Unsubscribe(l, ids)),
  fc
    .tuple(label, subscriberId, channel, fc.boolean())
    .map(([l, id, ch, enabled]) => new SetChannelPreference(l, id, ch, enabled)),
  fc
    .tuple(
      label,
      fc.array(
        fc.record({
          workflowId,
          recipients: fc.array(recipient, { minLength: 1, maxLength: 2 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([l, events]) => new TriggerBulk(l, events)),
  fc.tuple(label, workflowId).map(([l, id]) => new Broadcast(l, id)),
  fc.tuple(label, label, fc.nat(10)).map(([l, owner, pick]) => new Cancel(l, owner, pick)),
  fc.tuple(label, label, fc.nat(20)).map(([l, owner, pick]) => new DeleteMessage(l, owner, pick)),
  fc
    .tuple(label, workflowId, channel, fc.boolean())
    .map(([l, id, ch, active]) => new CreateWorkflow(l, id, ch, active)),
  fc
    .tuple(label, workflowId, channel, fc.option(fc.boolean(), { nil: undefined }))
    .map(([l, id, ch, active]) => new UpdateWorkflow(l, id, ch, active)),
  fc
    .tuple(label, workflowId, fc.boolean())
    .map(([l, id, active]) => new PatchWorkflow(l, id, active)),
  fc.tuple(label, workflowId).map(([l, id]) => new DeleteWorkflow(l, id)),
];

it(
  'the engine follows the model over random command sequences',
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 40, size: 'medium' }),
        async (sequence) => {
          const { model, real } = setup();
          await fc.asyncModelRun(() => ({ model, real }), sequence);
          expect(unexpected, 'the engine threw').toEqual([]);
        },
      ),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: Number(SEED) }) },
    );
    // About 0.25 s a run on a quiet machine; room for a loaded one and for MODEL_RUNS=1000.
  },
  20_000 + RUNS * 1_000,
);
