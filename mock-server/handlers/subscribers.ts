import type { HttpHandler } from 'msw';
import type { MockEngine } from '../engine/engine';
import { parseSubscriberSearch, parseSubscriptionSearch } from '../engine/wire/query';
import { endpoint, type HandlerOptions } from './endpoint';

const rules = { category: 'configuration' } as const;

/**
 * Handlers of the subscriber endpoints (docs/behaviour/subscribers.md).
 *
 * @internal
 */
export function subscriberHandlers(engine: MockEngine, options: HandlerOptions): HttpHandler[] {
  const ops = engine.operations;
  return [
    endpoint(engine, options, 'get', '/v2/subscribers', rules, ({ url, context }) => ({
      status: 200,
      body: ops.searchSubscribers(context, parseSubscriberSearch(url.searchParams)),
    })),
    endpoint(
      engine,
      options,
      'get',
      '/v2/subscribers/:subscriberId',
      rules,
      ({ params, context }) => ({
        status: 200,
        body: { data: ops.retrieveSubscriber(context, params['subscriberId'] ?? '') },
      }),
    ),
    endpoint(engine, options, 'patch', '/v2/subscribers/:subscriberId', rules, (input) => ({
      status: 200,
      body: {
        data: ops.updateSubscriber(input.context, input.params['subscriberId'] ?? '', input.body),
      },
    })),
    endpoint(
      engine,
      options,
      'get',
      '/v2/subscribers/:subscriberId/subscriptions',
      rules,
      ({ params, url, context }) => ({
        status: 200,
        body: ops.listSubscriptions(
          context,
          params['subscriberId'] ?? '',
          parseSubscriptionSearch(url.searchParams),
        ),
      }),
    ),
    endpoint(
      engine,
      options,
      'patch',
      '/v1/subscribers/:subscriberId/credentials',
      rules,
      (input) => ({
        status: 200,
        body: {
          data: ops.upsertCredentials(
            input.context,
            input.params['subscriberId'] ?? '',
            input.body,
          ),
        },
      }),
    ),
  ];
}
