// Test helpers: a scripted `fetch` that records every request it receives.
import { Svc, type SvcOptions } from '@svc/api';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type Responder = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/** A fetch that answers from `respond` (or a list of responses, in order) and records requests. */
export function scriptedFetch(respond: Responder | Response[]) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    const index = requests.push(recorded) - 1;
    if (Array.isArray(respond)) {
      const response = respond[Math.min(index, respond.length - 1)];
      if (!response) throw new Error('no scripted response');
      return response.clone();
    }
    return respond(recorded, index);
  };
  return { requests, fetch: fetchImpl as typeof fetch };
}

/** A client over a scripted fetch. */
export function clientWith(respond: Responder | Response[], options: Partial<SvcOptions> = {}) {
  const scripted = scriptedFetch(respond);
  const svc = new Svc({
    secretKey: 'sk_test',
    baseUrl: 'https://api.example.test',
    fetch: scripted.fetch,
    ...options,
  });
  return { svc, requests: scripted.requests };
}

/** The service's JSON error body for a status. */
export function errorBody(status: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    statusCode: status,
    timestamp: '2026-01-01T00:00:00.000Z',
    path: '/v2/subscribers/x',
    message,
    ...extra,
  };
}

export const ids = {
  org: '6955b90000000000000000a2',
  env: '6955b90000000000000000a3',
};

export const subscriber = {
  _id: '6955b90000000000000000a1',
  subscriberId: 'user-1',
  _organizationId: ids.org,
  _environmentId: ids.env,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const integration = {
  _id: '6955b90000000000000000b1',
  _environmentId: ids.env,
  _organizationId: ids.org,
  name: 'SendGrid',
  identifier: 'sendgrid-abc',
  providerId: 'sendgrid',
  channel: 'email',
  credentials: { apiKey: 'SG.secret' },
  active: true,
  deleted: false,
  primary: true,
};

export const message = {
  _id: '6955b90000000000000000c1',
  _environmentId: ids.env,
  _organizationId: ids.org,
  _notificationId: '6955b90000000000000000d1',
  _subscriberId: subscriber._id,
  createdAt: '2026-01-01T00:00:00.000Z',
  transactionId: 'txn-1',
  channel: 'in_app',
  read: true,
  seen: true,
  cta: {},
  status: 'sent',
};

export const topicSubscription = {
  _id: '6955b90000000000000000e1',
  topic: { _id: '6955b90000000000000000e2', key: 'news' },
  subscriber: { _id: subscriber._id, subscriberId: 'user-1' },
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const workflowListItem = {
  _id: '6955b90000000000000000f1',
  name: 'Welcome',
  workflowId: 'welcome',
  slug: 'welcome_wf_abc',
  status: 'ACTIVE',
  origin: 'svc-cloud',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  stepTypeOverviews: ['email'],
  steps: [{ slug: 'email_st_abc', type: 'email' }],
};

export const activity = {
  _id: '6955b9000000000000000101',
  _environmentId: ids.env,
  _organizationId: ids.org,
  _subscriberId: subscriber._id,
  transactionId: 'txn-1',
};

/** A Response with a JSON body. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers });
}

export const workflowSync = {
  _id: '6955b90000000000000000f9',
  name: 'Welcome',
  workflowId: 'welcome',
  slug: 'welcome_wf_xyz',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  steps: [],
  origin: 'svc-cloud',
  preferences: {},
  status: 'ACTIVE',
  severity: 'none',
};
