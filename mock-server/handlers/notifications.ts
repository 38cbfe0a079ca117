import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import { parseNotificationSearch } from '../engine/wire/notification-query';
import { endpoint, type HandlerOptions } from './endpoint';

const rules = { category: 'global' } as const;

/**
 * Handlers of the notification endpoints (docs/behaviour/notifications.md).
 *
 * @internal
 */
export function notificationHandlers(engine: MockEngine, options: HandlerOptions): HttpHandler[] {
  const ops = engine.operations;
  return [
    endpoint(engine, options, 'get', '/v1/notifications', rules, ({ url, context }) => ({
      status: 200,
      // The page shape has `data` and no `_id`, so the service does not wrap it again.
      body: ops.listNotifications(context, parseNotificationSearch(url.searchParams)),
    })),
    endpoint(
      engine,
      options,
      'get',
      '/v1/notifications/:notificationId',
      rules,
      ({ params, context }) => ({
        status: 200,
        body: { data: ops.retrieveNotification(context, params['notificationId'] ?? '') },
      }),
    ),
  ];
}
