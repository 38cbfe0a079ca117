// Seed data for the scaling and heap benches, built as plain objects in the spec's shapes and
// loaded through the engine's public `engine.seed`. One entry per collection, so a new
// collection (notifications) is one more entry.

const DOMAINS = 10;
const TOPICS = 10;
const CREATED_AT = Date.parse('2026-01-01T00:00:00.000Z');

/** The subscriber `i` of every dataset: `user-<i>`, email on one of ten domains. */
export function subscriberSeed(index) {
  return {
    subscriberId: `user-${index}`,
    firstName: `First${index}`,
    lastName: 'Lovelace',
    email: `user-${index}@example-${index % DOMAINS}.com`,
    phone: `+1555${String(index).padStart(7, '0')}`,
    locale: 'en-GB',
    data: { plan: index % 3 === 0 ? 'pro' : 'free', seats: index % 50 },
  };
}

/** The workflow `i`: one in-app step, three tag groups, distinct creation times. */
export function workflowSeed(index) {
  const createdAt = new Date(CREATED_AT + index * 1000).toISOString();
  return {
    workflowId: `workflow-${index}`,
    name: `Workflow ${index}`,
    tags: [`group-${index % 3}`],
    steps: [
      {
        type: 'in_app',
        name: 'In-App',
        controlValues: { subject: 'Hi', body: 'Hello {{subscriber.firstName}}' },
      },
    ],
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * `count` subscriptions over ten topics: subscriber `i` in topic `i % 10`, and `user-0` in every
 * topic (so its page has ten items). Needs subscribers `0..count-1`.
 */
export function topicSeeds(count) {
  return Array.from({ length: TOPICS }, (_, topic) => {
    const subscribers = [];
    for (let index = topic; index < count; index += TOPICS) subscribers.push(`user-${index}`);
    if (topic !== 0) subscribers.push('user-0');
    return { key: `topic-${topic}`, name: `Topic ${topic}`, subscribers };
  });
}

/** The in-app message `i`, for subscriber `i % subscribers`. */
export function messageSeed(index, subscribers) {
  return {
    subscriberId: `user-${index % subscribers}`,
    content: `Hello First${index}, your weekly digest is ready.`,
    subject: 'Weekly digest',
    templateIdentifier: `workflow-${index % 100}`,
    payload: { digestId: `digest-${index}`, items: index % 7 },
    read: index % 4 === 0,
    seen: index % 2 === 0,
  };
}

function many(count, make) {
  return Array.from({ length: count }, (_, index) => make(index));
}

/**
 * Collections the benches load, in load order. `maxRecords` caps a collection whose seeding cost
 * grows faster than linearly, so a run stays within minutes (see docs/benchmarks.md);
 * `seed(engine, count, context)` loads `count` records (`context.subscribers` = subscribers
 * already loaded).
 */
export const COLLECTIONS = {
  subscribers: {
    maxRecords: Number.POSITIVE_INFINITY,
    seed: (engine, count) => engine.seed({ subscribers: many(count, subscriberSeed) }),
  },
  workflows: {
    maxRecords: Number(process.env.BENCH_MAX_WORKFLOWS ?? Number.POSITIVE_INFINITY),
    seed: (engine, count) => engine.seed({ workflows: many(count, workflowSeed) }),
  },
  subscriptions: {
    maxRecords: Number(process.env.BENCH_MAX_SUBSCRIPTIONS ?? Number.POSITIVE_INFINITY),
    seed: (engine, count) => engine.seed({ topics: topicSeeds(count) }),
  },
  messages: {
    maxRecords: Number.POSITIVE_INFINITY,
    seed: (engine, count, context) =>
      engine.seed({ messages: many(count, (index) => messageSeed(index, context.subscribers)) }),
  },
  // Triggers of the one-step in-app workflows (load `workflows` first): each makes a
  // notification with its job and execution details, and an in-app message.
  notifications: {
    maxRecords: Number.POSITIVE_INFINITY,
    seed: (engine, count, context) => {
      const auth = engine.scope('Development');
      for (let index = 0; index < count; index++) {
        engine.operations['events.trigger'](auth, {
          body: {
            name: `workflow-${index % Math.min(100, context.workflows)}`,
            to: `user-${index % context.subscribers}`,
            payload: { orderId: `order-${index}` },
          },
        });
      }
    },
  },
};
