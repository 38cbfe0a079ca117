// Reading a subscriber with the client against the HTTP mock server (`npm start` / `svc-mock`).
// The same code runs against the real service: only `baseUrl` and the key change.
import { NotFoundError, Svc } from '@svc/api';

/**
 * A subscriber's display line, or `undefined` when there is no such subscriber.
 *
 * @example
 * ```ts
 * // npm start prints the URL and the Development key
 * await describeSubscriber({ baseUrl: 'http://127.0.0.1:4010', apiKey: '<key>' }, 'demo-ada');
 * ```
 */
export async function describeSubscriber(
  connection: { baseUrl: string; apiKey: string },
  subscriberId: string,
): Promise<string | undefined> {
  const svc = new Svc({ secretKey: connection.apiKey, baseUrl: connection.baseUrl });
  try {
    const subscriber = await svc.subscribers.retrieve(subscriberId);
    const name = [subscriber.firstName, subscriber.lastName].filter(Boolean).join(' ');
    return `${name || subscriber.subscriberId} <${subscriber.email ?? 'no email'}>`;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
