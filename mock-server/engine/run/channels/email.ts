/**
 * Email steps: the primary (or overridden) email integration, the rendered subject and HTML
 * body, and the missing-address warning (docs/behaviour/runs.md#email).
 *
 * @module
 */

import { DETAILS } from '../detail-texts';
import type { renderEmailBody } from '../email-body';
import {
  addDetail,
  type DeliveryOutcome,
  type StepDelivery,
  sendMessage,
  storeMessage,
  useIntegration,
} from './delivery';

/**
 * Delivers an email step. Without an email address the service stores a `warning` message
 * (`mail_unexpected_error`) and cancels the job.
 *
 * @example
 * ```ts
 * sendEmail(context, renderContext); // 'completed'
 * ```
 */
export function sendEmail(
  context: StepDelivery,
  renderBody: (body: string) => ReturnType<typeof renderEmailBody>,
): DeliveryOutcome {
  const integration = useIntegration(context, 'email');
  if (!integration) return 'failed';
  const subject =
    typeof context.controls['subject'] === 'string' ? context.controls['subject'] : '';
  const rawBody = context.controls['body'];
  const body = renderBody(typeof rawBody === 'string' ? rawBody : JSON.stringify(rawBody ?? ''));
  if (!body.ok) {
    addDetail(context, DETAILS.messageContentNotGenerated, { raw: { error: body.error } });
    return 'failed';
  }
  const email = context.subscriber.email;
  if (typeof email !== 'string' || email === '') {
    storeMessage(context, 'email', integration.providerId, {
      content: body.value,
      subject,
      status: 'warning',
      errorId: 'mail_unexpected_error',
      errorText: 'Subscriber does not have an email address',
    });
    addDetail(context, DETAILS.missingEmail, { providerId: integration.providerId });
    return 'canceled';
  }
  return sendMessage(
    context,
    'email',
    integration,
    { content: body.value, subject, email },
    {
      email,
    },
  );
}
