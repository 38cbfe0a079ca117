import type { SeedData } from '@svc/api/mock';

/**
 * The data the guides' scripts run against (docs/getting-started.md says so): two subscribers,
 * a topic, a workflow and an in-app message.
 *
 * @example
 * ```ts
 * const mock = setupSvcMock({ seed: DOCS_SEED, hooks: false });
 * ```
 */
export const DOCS_SEED: SeedData = {
  subscribers: [
    {
      subscriberId: 'user-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      timezone: 'Europe/London',
    },
    { subscriberId: 'user-2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
  ],
  topics: [{ key: 'product-updates', name: 'Product updates', subscribers: ['user-1'] }],
  workflows: [
    {
      workflowId: 'welcome',
      name: 'Welcome',
      tags: ['onboarding'],
      steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'Welcome!' } }],
    },
  ],
  messages: [{ subscriberId: 'user-1', content: 'Your report is ready' }],
};
