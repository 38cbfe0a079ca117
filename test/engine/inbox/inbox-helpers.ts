// Shared by the Inbox's engine-direct tests: a session and the Inbox operations through
// `engine.perform`, the port every transport calls.

import {
  createMockEngine,
  type MockEngine,
  type MockEngineOptions,
} from '../../../mock-server/engine/engine';
import type { OperationRequest } from '../../../mock-server/engine/perform';

export const WELCOME = {
  workflowId: 'welcome',
  tags: ['onboarding'],
  steps: [
    {
      type: 'in_app' as const,
      name: 'Inbox',
      controlValues: {
        subject: 'Hi {{payload.name}}',
        body: 'Welcome {{payload.name}}',
        primaryAction: { label: 'Go', redirect: { url: '/go' } },
        data: { plan: '{{payload.plan}}' },
      },
    },
  ],
};

export const NEWS = {
  workflowId: 'news',
  tags: ['news'],
  severity: 'high' as const,
  steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'News' } }],
};

/** An engine with two subscribers and the two workflows above. */
export function inboxEngine(options: MockEngineOptions = {}): MockEngine {
  return createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }, { subscriberId: 'grace' }],
      workflows: [WELCOME, NEWS],
    },
    ...options,
  });
}

/** One Inbox request through `engine.perform`. */
export async function inbox(
  engine: MockEngine,
  operation: string,
  options: {
    token?: string;
    params?: Record<string, string>;
    query?: string;
    body?: unknown;
  } = {},
) {
  const answer = await engine.perform({
    operation: `inbox.${operation}` as OperationRequest['operation'],
    authorization: options.token === undefined ? null : `Bearer ${options.token}`,
    params: options.params ?? {},
    query: new URLSearchParams(options.query ?? ''),
    path: `/v1/inbox/${operation}`,
    ...(options.body === undefined ? {} : { readBody: async () => options.body }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  return answer as typeof answer & { body: any };
}

/** A session of `subscriberId` in Development (or the environment named). */
export async function sessionOf(
  engine: MockEngine,
  subscriberId: string,
  more: Record<string, unknown> = {},
  environment = 'Development',
): Promise<string> {
  const answer = await inbox(engine, 'session', {
    body: {
      applicationIdentifier: engine.environment(environment).identifier,
      subscriber: { subscriberId },
      ...more,
    },
  });
  if (answer.status !== 201) throw new Error(`session: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token;
}

/** Triggers a workflow through the admin API of Development (or the environment named). */
export async function trigger(
  engine: MockEngine,
  name: string,
  to: string,
  payload: Record<string, unknown> = {},
  environment = 'Development',
) {
  const answer = await engine.perform({
    operation: 'events.trigger',
    authorization: `ApiKey ${engine.environment(environment).apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path: '/v1/events/trigger',
    readBody: async () => ({ name, to, payload }),
  });
  if (answer.status !== 201) throw new Error(`trigger: ${JSON.stringify(answer.body)}`);
}

/** The subscriber's notifications as the Inbox lists them. */
export async function listOf(engine: MockEngine, token: string, query = '') {
  const answer = await inbox(engine, 'notifications.list', { token, query });
  if (answer.status !== 200) throw new Error(`list: ${JSON.stringify(answer.body)}`);
  return answer.body as {
    data: { id: string; [key: string]: unknown }[];
    hasMore: boolean;
    filter: unknown;
  };
}
