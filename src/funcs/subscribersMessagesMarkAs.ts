import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { request } from '../core/request';
import { routeSpec } from '../core/route-spec';
import { subscribersMessagesMarkAsRoute } from '../routes/subscribers';
import type { MarkAsBody, Message } from '../schemas/message';

/** {@inheritDoc SubscriberMessages.markAs} */
export function subscribersMessagesMarkAs(
  core: SvcCore,
  subscriberId: string,
  body: MarkAsBody,
  options?: RequestOptions,
): APIPromise<Message[]> {
  return request(
    core,
    routeSpec(subscribersMessagesMarkAsRoute, { params: { subscriberId }, body }),
    options,
  );
}
