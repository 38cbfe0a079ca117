// mock.client() while the mock is not listening (forgotten hooks, or after close): the call
// fails at once, naming the fix, instead of going to the real service through its retries.
import { SvcError } from '@svc/api';
import { setupSvcMock } from '@svc/api/mock/node';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A client that logs every attempt and retry into `lines`. */
function loggedClient(mock: ReturnType<typeof setupSvcMock>) {
  const lines: string[] = [];
  const write = (message: string) => lines.push(message);
  const logger = { error: write, warn: write, info: write, debug: write };
  return { svc: mock.client('Development', { logLevel: 'debug', logger }), lines };
}

/**
 * Whether `promise` settles before any timer could fire: timers are fake and never advanced,
 * and the check runs after a real macrotask, once every pending microtask has run.
 */
async function settlesWithoutTimers(promise: Promise<unknown>): Promise<unknown> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  let outcome: unknown = 'pending';
  promise.then(
    (value) => {
      outcome = value;
    },
    (error: unknown) => {
      outcome = error;
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return outcome;
}

describe('mock.client() while the mock is not listening', () => {
  it('rejects at once before listen(), without network or retries, naming the fix', async () => {
    const mock = setupSvcMock({ hooks: false, seed: { subscribers: [{ subscriberId: 'u1' }] } });
    const network = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const { svc, lines } = loggedClient(mock);

    const error = await settlesWithoutTimers(svc.subscribers.retrieve('u1'));

    expect(error).toBeInstanceOf(SvcError);
    const message = (error as SvcError).message;
    expect(message).toContain('GET https://api.svc.co/v2/subscribers/u1');
    expect(message).toContain('hooks: { beforeAll, afterEach, afterAll }');
    expect(message).toContain('globals: true');
    expect(message).toContain('mock.listen()');
    expect(network).not.toHaveBeenCalled();
    expect(lines.filter((line) => line.startsWith('[svc] → GET'))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('[svc] retrying'))).toBe(false);
  });

  it('rejects at once after close(), and answered while listening', async () => {
    const mock = setupSvcMock({ hooks: false, seed: { subscribers: [{ subscriberId: 'u1' }] } });
    const { svc, lines } = loggedClient(mock);
    await mock.listen();
    try {
      expect((await svc.subscribers.retrieve('u1')).subscriberId).toBe('u1');
    } finally {
      mock.close();
    }
    const network = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    lines.length = 0;

    const error = await settlesWithoutTimers(svc.subscribers.retrieve('u1'));

    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).message).toContain('not listening');
    expect(network).not.toHaveBeenCalled();
    expect(lines.filter((line) => line.startsWith('[svc] → GET'))).toHaveLength(1);
  });

  it('waits for a listen() that is still starting', async () => {
    const mock = setupSvcMock({ hooks: false, seed: { subscribers: [{ subscriberId: 'u1' }] } });
    void mock.listen(); // not awaited, as in a script that calls listen() then the client
    try {
      expect((await mock.client().subscribers.retrieve('u1')).subscriberId).toBe('u1');
    } finally {
      mock.close();
    }
  });

  it('leaves a client given its own fetch alone (mock.fetch needs no listen())', async () => {
    const mock = setupSvcMock({ hooks: false, seed: { subscribers: [{ subscriberId: 'u1' }] } });
    const svc = mock.client('Development', { fetch: mock.fetch });
    expect((await svc.subscribers.retrieve('u1')).subscriberId).toBe('u1');
  });
});
