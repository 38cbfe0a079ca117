/**
 * Email steps: the primary (or overridden) email integration, the rendered subject and HTML
 * body, the trigger's email overrides, and the missing-address warning
 * (docs/behaviour/runs.md#email).
 *
 * @module
 */

import { DETAILS } from '../detail-texts';
import { emailBodySource, type renderEmailBody } from '../email-body';
import {
  addDetail,
  channelOverrides,
  type DeliveryOutcome,
  type OutboxDelivery,
  objectAt,
  type StepDelivery,
  sendMessage,
  storeMessage,
  text,
  undeliverable,
  useIntegration,
} from './delivery';

const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string' && value !== ''
      ? [value]
      : [];

/**
 * The mail as the service hands it to the provider: `to` is the recipient plus `overrides.to`
 * (no duplicates); `cc`, `bcc`, `customData` and `headers` default to empty; `from`,
 * `senderName`, `subject` and the HTML (`html`, else `text`) come from the overrides when given;
 * `replyTo` only from `overrides.email.replyTo`.
 */
function mailOf(
  email: string,
  subject: string,
  html: string,
  overrides: Record<string, unknown>,
  delivery: StepDelivery,
  integrationFrom: unknown,
): OutboxDelivery {
  const to = [...new Set([email, ...list(overrides['to'])])];
  const from = text(overrides['from']) ?? text(integrationFrom);
  const senderName = text(overrides['senderName']);
  const replyTo = text(objectAt(delivery.notification.overrides['email'])['replyTo']);
  return {
    email,
    to,
    cc: list(overrides['cc']),
    bcc: list(overrides['bcc']),
    customData: objectAt(overrides['customData']),
    headers: objectAt(overrides['headers']),
    subject: text(overrides['subject']) ?? subject,
    content: text(overrides['html']) ?? text(overrides['text']) ?? html,
    ...(from === undefined ? {} : { from }),
    ...(senderName === undefined ? {} : { senderName }),
    ...(replyTo === undefined ? {} : { replyTo }),
  };
}

/** The address an email goes to: `overrides.email.toRecipient`, else the subscriber's email. */
function recipientOf(delivery: StepDelivery): string | undefined {
  return (
    text(objectAt(delivery.notification.overrides['email'])['toRecipient']) ??
    text(delivery.subscriber.email)
  );
}

/**
 * Ends an email step whose content cannot be rendered, in the service's order: the integration
 * is selected (`Integration instance selected`), the message is stored with the step's subject
 * as written (not rendered) and no content, then `Message content could not be generated`.
 * Without an integration the step fails on that first, as the service does.
 */
export function emailContentFailed(delivery: StepDelivery, raw: unknown): 'failed' {
  const integration = useIntegration(delivery, 'email');
  if (!integration) return 'failed';
  storeEmailWithoutContent(delivery, integration);
  addDetail(delivery, DETAILS.messageContentNotGenerated, { raw });
  return 'failed';
}

function storeEmailWithoutContent(
  delivery: StepDelivery,
  integration: NonNullable<ReturnType<typeof useIntegration>>,
): void {
  const subject = delivery.job.step.controlValues['subject'];
  const email = recipientOf(delivery);
  storeMessage(delivery, 'email', integration.providerId, {
    content: '',
    subject: typeof subject === 'string' ? subject : '',
    overrides: channelOverrides(
      delivery.notification.overrides,
      'email',
      integration.providerId,
      delivery.job.bridge?.providers,
    ),
    ...(email === undefined ? {} : { email }),
  });
}

/**
 * Delivers an email step to `overrides.email.toRecipient`, else the subscriber's email. Without
 * either, the service still stores the message (status `warning`, `mail_unexpected_error`) and
 * cancels the job.
 */
export function sendEmail(
  delivery: StepDelivery,
  renderBody: (body: string) => ReturnType<typeof renderEmailBody>,
): DeliveryOutcome {
  const integration = useIntegration(delivery, 'email');
  if (!integration) return 'failed';
  const subject =
    typeof delivery.controls['subject'] === 'string' ? delivery.controls['subject'] : '';
  const rawBody = delivery.controls['body'];
  const body = renderBody(emailBodySource(rawBody));
  if (!body.ok) {
    storeEmailWithoutContent(delivery, integration);
    addDetail(delivery, DETAILS.messageContentNotGenerated, { raw: { error: body.error } });
    return 'failed';
  }
  const overrides = channelOverrides(
    delivery.notification.overrides,
    'email',
    integration.providerId,
    delivery.job.bridge?.providers,
  );
  const email = recipientOf(delivery);
  const fields = { content: body.value, subject, overrides };
  if (email === undefined) {
    return undeliverable(
      delivery,
      'email',
      integration,
      {
        ...fields,
        status: 'warning',
        errorId: 'mail_unexpected_error',
        errorText: 'Subscriber does not have an email address',
      },
      DETAILS.missingEmail,
    );
  }
  const mail = mailOf(
    email,
    subject,
    body.value,
    overrides,
    delivery,
    integration.credentials['from'],
  );
  return sendMessage(delivery, 'email', integration, { ...fields, email }, mail);
}
