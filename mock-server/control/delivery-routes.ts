/**
 * The control API's delivery-event route (docs/outbox.md#delivery-events): says "this message
 * bounced" (or was delivered, opened, ...) for a message the engine sent, producing exactly what
 * the message's provider would post to the delivery-provider webhook.
 *
 * @module
 */

import * as z from 'zod/mini';
import { DELIVERY_EVENT_STATUSES } from '../../src/schemas/delivery-webhook';
import { MAX_REPORT_RESPONSE_LENGTH } from '../engine/delivery-reports';
import { type ControlRoute, parseControlBody } from './control-router';

const STATUS_RULE = `status must be one of ${DELIVERY_EVENT_STATUSES.join(', ')}`;
const RESPONSE_RULE = `response must be a text of at most ${MAX_REPORT_RESPONSE_LENGTH} characters`;

const DeliveryEventBody = z.strictObject(
  {
    status: z.enum(DELIVERY_EVENT_STATUSES, { error: STATUS_RULE }),
    response: z.optional(
      z
        .string({ error: RESPONSE_RULE })
        .check(z.maxLength(MAX_REPORT_RESPONSE_LENGTH, RESPONSE_RULE)),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')} (the body takes status, response)`
        : undefined,
  },
);

/** `POST /__svc/messages/:messageId/delivery-events`. */
export const deliveryRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/messages/:messageId/delivery-events',
    description:
      "Reports a delivery event for an email or SMS the engine sent, as its provider's webhook would: { status: 'bounced' | 'delivered' | 'opened' | ..., response? }; answers the webhook's results",
    run: ({ body, params, context }) => {
      const report = parseControlBody(DeliveryEventBody, body);
      return context.engine.reportDelivery(params['messageId'] ?? '', {
        status: report.status,
        ...(report.response === undefined ? {} : { response: report.response }),
      });
    },
  },
];
