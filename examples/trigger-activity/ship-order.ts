// Triggering a workflow and reading what it did (activity: jobs and their execution details).
// The same code runs against the real service, the HTTP mock server or mock mode.
import type { Svc } from '@svc/api';

/**
 * Triggers `order-shipped` for a customer and answers each step's outcome, e.g.
 * `['in_app: completed', 'sms: completed']`.
 *
 * @example
 * ```ts
 * await shipOrder(svc, 'demo-ada', 'A-1'); // ['in_app: completed', 'sms: completed']
 * ```
 */
export async function shipOrder(
  svc: Svc,
  subscriberId: string,
  orderId: string,
): Promise<string[]> {
  const { transactionId } = await svc.events.trigger({
    name: 'order-shipped',
    to: subscriberId,
    payload: { orderId },
  });
  const page = await svc.notifications.list({ transactionId: transactionId ?? '' });
  const notificationId = page.data[0]?._id;
  if (notificationId === undefined) return [];
  const activity = await svc.notifications.retrieve(notificationId);
  return (activity.jobs ?? []).map((job) => `${job.type}: ${job.status}`);
}
