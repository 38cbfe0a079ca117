import type { SeedData } from './engine/seed';

/**
 * The demo data `npm start` and `svc-mock` load when no `--seed` file is given: three
 * subscribers, a SendGrid (primary email), a Twilio (sms) and a Slack (chat) integration, two
 * topics, and four workflows that use in-app, email, sms, digest and delay steps.
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
  integrations: [
    {
      providerId: 'sendgrid',
      channel: 'email',
      name: 'SendGrid',
      identifier: 'sendgrid-demo',
      active: true,
      primary: true,
      credentials: { apiKey: 'SG.demo', from: 'hello@example.com', senderName: 'Demo' },
    },
    {
      providerId: 'twilio',
      channel: 'sms',
      name: 'Twilio',
      identifier: 'twilio-demo',
      active: true,
      primary: true,
      credentials: { accountSid: 'AC-demo', token: 'demo', from: '+15550100000' },
    },
    { providerId: 'slack', channel: 'chat', name: 'Slack', identifier: 'slack-demo', active: true },
  ],
  topics: [
    { key: 'product-updates', name: 'Product updates', subscribers: ['demo-ada', 'demo-grace'] },
    { key: 'beta-testers', name: 'Beta testers', subscribers: ['demo-alan'] },
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
    {
      workflowId: 'comment-digest',
      name: 'Comment digest',
      tags: ['engagement'],
      steps: [
        {
          type: 'digest',
          name: 'Collect comments',
          controlValues: { amount: 10, unit: 'minutes', digestKey: 'postId' },
        },
        {
          type: 'in_app',
          name: 'Inbox',
          controlValues: {
            subject: 'New comments',
            body: '{{step.total_count}} new comment(s) on {{payload.postTitle}}',
          },
        },
        {
          type: 'email',
          name: 'Email',
          controlValues: {
            subject: '{{step.total_count}} new comments',
            body: '<p>{{step.events | map: "author" | join: ", "}} commented.</p>',
          },
        },
      ],
    },
    {
      workflowId: 'trial-ending',
      name: 'Trial ending',
      tags: ['billing'],
      steps: [
        { type: 'in_app', name: 'Inbox', controlValues: { body: 'Your trial ends in 2 days.' } },
        {
          // A day: the longest delay the service's default plan takes (docs/decisions/0141).
          type: 'delay',
          name: 'Wait a day',
          controlValues: { type: 'regular', amount: 1, unit: 'days' },
        },
        {
          type: 'email',
          name: 'Reminder',
          controlValues: { subject: 'Your trial ends tomorrow', body: '<p>Upgrade now.</p>' },
        },
      ],
    },
    {
      workflowId: 'order-shipped',
      name: 'Order shipped',
      tags: ['orders'],
      steps: [
        {
          type: 'in_app',
          name: 'Inbox',
          controlValues: {
            body: 'Order {{payload.orderId}} is on its way.',
            primaryAction: { label: 'Track', redirect: { url: '/orders/{{payload.orderId}}' } },
          },
        },
        { type: 'sms', name: 'Sms', controlValues: { body: 'Order {{payload.orderId}} shipped.' } },
      ],
    },
  ],
  messages: [{ subscriberId: 'demo-ada', content: 'Your report is ready', subject: 'Report' }],
};
