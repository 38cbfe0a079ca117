import { createMockEngine, type MockEngine, type MockEngineOptions } from '@svc/api/mock';
import { createHandlers } from '@svc/api/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A parsed response of the engine through MSW. */
export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read freely.
  body: any;
}

/** Options of one call. */
export interface CallOptions {
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/**
 * Starts an engine behind MSW for one test file, reset after each test.
 */
export function useEngine(options: MockEngineOptions = {}) {
  const engine: MockEngine = createMockEngine(options);
  const server = setupServer(...createHandlers(engine, { onUnexpectedError: () => {} }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => engine.reset());
  afterAll(() => server.close());
  const devKey = () => engine.environment('Development').apiKey;
  async function call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const key = options.key === undefined ? devKey() : options.key;
    const headers: Record<string, string> = { ...options.headers };
    if (key !== null) headers['Authorization'] = `ApiKey ${key}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(`https://api.svc.co${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  }
  return { engine, server, call, devKey };
}
