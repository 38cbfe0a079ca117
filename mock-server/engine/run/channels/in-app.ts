/**
 * In-app steps: a Message in the subscriber's inbox (docs/behaviour/runs.md#in-app).
 *
 * @module
 */

import type { InAppControlValues } from '../../../../src/schemas/workflow';
import { REDIRECT_CTA } from '../../store/shared';
import { inAppMessageFields } from '../in-app-fields';
import {
  type DeliveryOutcome,
  type StepDelivery,
  sent,
  storeMessage,
  useIntegration,
} from './delivery';

/**
 * Delivers an in-app step: needs an active in-app integration, then stores the Message
 * (`seen`/`read` false, status `sent`, rendered content, subject, cta, avatar).
 */
export function sendInApp(delivery: StepDelivery): DeliveryOutcome {
  const integration = useIntegration(delivery, 'in_app');
  if (!integration) return 'failed';
  const fields = inAppMessageFields(delivery.controls as InAppControlValues);
  const message = storeMessage(delivery, 'in_app', integration.providerId, {
    content: fields.content,
    cta:
      fields.cta.data === undefined && fields.cta.action === undefined
        ? REDIRECT_CTA
        : (structuredClone(fields.cta) as Record<string, unknown>),
    ...(fields.subject === undefined ? {} : { subject: fields.subject }),
    ...(fields.avatar === undefined ? {} : { avatar: fields.avatar }),
    ...(fields.data === undefined ? {} : { data: structuredClone(fields.data) }),
  });
  sent(delivery, message, integration, {});
  return 'completed';
}
