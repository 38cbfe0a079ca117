import type { SeedData } from './engine/seed';

/**
 * The demo data `npm start` and `svc-mock` load when no `--seed` file is given.
 *
 * @example
 * ```ts
 * const engine = createMockEngine({ seed: demoSeed });
 * ```
 */
export const demoSeed: SeedData = {
  subscribers: [
    {
      subscriberId: 'demo-ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+15550100001',
      locale: 'en-GB',
      timezone: 'Europe/London',
      data: { plan: 'pro' },
    },
    {
      subscriberId: 'demo-grace',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      locale: 'en-US',
      timezone: 'America/New_York',
    },
    { subscriberId: 'demo-alan', firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com' },
  ],
  topics: [
    { key: 'product-updates', name: 'Product updates', subscribers: ['demo-ada', 'demo-grace'] },
  ],
  workflows: [
    {
      workflowId: 'welcome',
      name: 'Welcome',
      tags: ['onboarding'],
      payloadSchema: {
        type: 'object',
        properties: { plan: { type: 'string', default: 'pro' } },
      },
      steps: [
        {
          type: 'in_app',
          name: 'Inbox',
          controlValues: { body: 'Welcome, {{subscriber.firstName}}!' },
        },
        {
          type: 'email',
          name: 'Email',
          controlValues: { subject: 'Welcome to {{payload.plan}}', body: '<p>Hello!</p>' },
        },
      ],
    },
  ],
  messages: [{ subscriberId: 'demo-ada', content: 'Your report is ready', subject: 'Report' }],
};
