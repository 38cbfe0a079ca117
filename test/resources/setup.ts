// Shared setup of the resource tests: the real client, in strict validation mode, against the
// engine behind MSW, failing the test on any unexpected engine error.
import type { Svc, SvcOptions } from '@svc/api';
import type { MockEngineOptions } from '@svc/api/mock';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/**
 * Starts the mock for one test file. `client()` is strict and does not retry unless told to, so
 * any disagreement between the engine's responses and the client's schemas fails loudly.
 */
export function useResourceMock(options: MockEngineOptions = {}) {
  const unexpected: unknown[] = [];
  const mock = setupSvcMock({
    ...options,
    hooks: { beforeAll, afterEach, afterAll },
    onUnexpectedError: (error) => unexpected.push(error),
  });
  afterEach(() => {
    expect(unexpected.splice(0), 'the engine threw unexpectedly').toEqual([]);
  });
  const client = (environment = 'Development', clientOptions: Partial<SvcOptions> = {}): Svc =>
    mock.client(environment, { validation: 'strict', maxRetries: 0, ...clientOptions });
  return { mock, engine: mock.engine, client };
}

/** Resolves to what a promise rejected with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}
