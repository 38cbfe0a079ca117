// App code under test: it only knows the client, not the mock.
import { NotFoundError, type Svc } from '@svc/api';

/**
 * The greeting shown to a signed-in user.
 *
 * @example
 * ```ts
 * await welcomeLine(svc, 'user-1'); // 'Welcome back, Ada!'
 * ```
 */
export async function welcomeLine(svc: Svc, subscriberId: string): Promise<string> {
  try {
    const subscriber = await svc.subscribers.retrieve(subscriberId);
    return `Welcome back, ${subscriber.firstName ?? subscriber.subscriberId}!`;
  } catch (error) {
    if (error instanceof NotFoundError) return 'Welcome! Set up your notifications.';
    throw error;
  }
}
