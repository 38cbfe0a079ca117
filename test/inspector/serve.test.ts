import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MockServer, setupSvcMock, startMockServer } from '@svc/api/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockEngine } from '../../mock-server/engine/engine';
import { serveInspector } from '../../mock-server/inspector/serve';

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ port: 0 });
});
afterAll(() => server.close());

/** A raw GET, so the Host header can be anything. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads server-sent events until `enough` says stop. */
async function readEvents(
  response: Response,
  enough: (events: { event: string; data: Record<string, unknown> }[]) => boolean,
) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: Record<string, unknown> }[] = [];
  let buffer = '';
  while (!enough(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

describe('serveInspector on svc-mock', () => {
  it('serves the page with a strict content security policy, and its bundled script and styles', async () => {
    const page = await fetch(`${server.url}/__svc/ui`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/__svc/ui/app.js">');
    expect(html).not.toContain(server.engine.environment('Development').apiKey);

    const script = await fetch(`${server.url}/__svc/ui/app.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await script.text();
    expect(code).toContain('/__svc/ui/events'); // the page's live feed
    expect(code).not.toMatch(/\bimport\s*["'(]|from\s*["']/); // one bundle, nothing fetched
    const css = await fetch(`${server.url}/__svc/ui/app.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('.email-frame');
  });

  it('streams the engine events of a trigger as server-sent events, without the request body', async () => {
    const stream = await fetch(`${server.url}/__svc/ui/events`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const key = server.engine.environment('Development').apiKey;
    const reading = readEvents(stream, (events) =>
      events.some((event) => event.data['type'] === 'trigger-answered'),
    );
    // Let the stream subscribe (its hello is written first) before triggering.
    await new Promise((resolve) => setImmediate(resolve));
    await fetch(`${server.url}/v1/events/trigger`, {
      method: 'POST',
      headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'welcome', to: 'demo-ada', payload: { secret: 's3cr3t' } }),
    });
    const events = await reading;
    expect(events[0]?.event).toBe('hello');
    const types = events.slice(1).map((event) => event.data['type']);
    expect(types[0]).toBe('trigger-received');
    expect(types).toContain('job-status');
    expect(types).toContain('message-sent');
    expect(types.at(-1)).toBe('trigger-answered');
    expect(JSON.stringify(events)).not.toContain('s3cr3t');
  });

  it('refuses a foreign Host (DNS rebinding), other methods, and unknown paths under /__svc/ui', async () => {
    const foreign = await rawGet(`${server.url}/__svc/ui`, { host: 'evil.example:4010' });
    expect(foreign.status).toBe(403);
    const local = await rawGet(`${server.url}/__svc/ui`, { host: 'localhost:1234' });
    expect(local.status).toBe(200);
    const post = await fetch(`${server.url}/__svc/ui/events`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await fetch(`${server.url}/__svc/ui/nope`)).status).toBe(404);
    // Paths outside the inspector go on to the API.
    expect((await fetch(`${server.url}/__svc/clock`)).status).toBe(200);
  });

  it('answers the inspector routes of the control API', async () => {
    const response = await fetch(`${server.url}/__svc/inspector/clock`);
    expect(response.status).toBe(200);
    const index = (await (await fetch(`${server.url}/__svc`)).json()) as {
      data: { path: string }[];
    };
    expect(index.data.map((route) => route.path)).toContain('/__svc/inspector/activity');
  });

  it('is off with inspector: false (the page and its control routes)', async () => {
    const plain = await startMockServer({ port: 0, inspector: false });
    try {
      expect((await fetch(`${plain.url}/__svc/ui`)).status).toBe(404);
      expect((await fetch(`${plain.url}/__svc/inspector/clock`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('serveInspector with a control token', () => {
  let site: Server;
  let url: string;
  beforeAll(async () => {
    const engine = createMockEngine();
    site = createServer((req, res) => {
      if (!serveInspector(req, res, { engine, controlToken: 'tok-123' })) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    site.closeAllConnections();
    site.close();
  });

  it('needs the token in x-svc-control-token for the event stream; the page itself holds none', async () => {
    expect((await fetch(`${url}/__svc/ui/events`)).status).toBe(401);
    const wrong = await fetch(`${url}/__svc/ui/events`, {
      headers: { 'x-svc-control-token': 'tok-124' },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${url}/__svc/ui/events`, {
      headers: { 'x-svc-control-token': 'tok-123' },
    });
    expect(right.status).toBe(200);
    await right.body?.cancel();
    const page = await fetch(`${url}/__svc/ui`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('tok-123');
    expect((await fetch(`${url}/elsewhere`)).status).toBe(418);
  });
});

describe('mock.inspect()', () => {
  it('opens the inspector over the in-process engine on loopback, once', async () => {
    const mock = setupSvcMock({
      hooks: false,
      onUnhandledRequest: 'bypass', // the test itself calls the loopback server
      seed: { subscribers: [{ subscriberId: 'user-1' }] },
    });
    mock.listen();
    try {
      const url = await mock.inspect();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__svc\/ui$/);
      expect(await mock.inspect()).toBe(url);
      expect((await fetch(url)).status).toBe(200);
      const origin = new URL(url).origin;
      const state = (await (await fetch(`${origin}/__svc/inspector/state`)).json()) as {
        data: { subscribers: { items: { subscriberId: string }[] } };
      };
      expect(state.data.subscribers.items.map((item) => item.subscriberId)).toEqual(['user-1']);
    } finally {
      mock.close();
    }
  });
});
