/**
 * Integrations: create (defaults, duplicates, conditions, primary-on-create), list (the
 * organization's) and set-primary (docs/behaviour/integrations.md).
 *
 * @module
 */

import { IntegrationCreateBody } from '../../../src/schemas/integration';
import type { EngineScope } from '../scope';
import { isObjectId } from '../store/ids';
import type { EnvironmentData, IntegrationRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';
import { validateBody } from '../wire/validation';
import { slugifyStrict } from './slug';

/**
 * An integration in the wire shape (credentials included, as the spec requires).
 *
 * @example
 * ```ts
 * const integrations: IntegrationDto[] = engine.operations['integrations.list'](engine.scope('Development'));
 * ```
 */
export type IntegrationDto = IntegrationRecord;

const DISPLAY_NAMES: Record<string, string> = {
  svc: 'Svc Inbox',
  'svc-email': 'Svc Email',
  'svc-sms': 'Svc SMS',
  'svc-slack': 'Svc Slack',
  sendgrid: 'SendGrid',
  mailgun: 'Mailgun',
  mailjet: 'Mailjet',
  mandrill: 'Mandrill',
  postmark: 'Postmark',
  ses: 'SES',
  resend: 'Resend',
  nodemailer: 'Custom SMTP',
  sendinblue: 'Brevo',
  sparkpost: 'SparkPost',
  twilio: 'Twilio',
  nexmo: 'Nexmo',
  plivo: 'Plivo',
  sns: 'SNS',
  telnyx: 'Telnyx',
  messagebird: 'MessageBird',
  fcm: 'Firebase Cloud Messaging',
  apns: 'APNS',
  expo: 'Expo Push',
  'one-signal': 'OneSignal',
  slack: 'Slack',
  discord: 'Discord',
  msteams: 'MSTeams',
  mattermost: 'Mattermost',
};

/**
 * The display name the service gives a provider, or the provider id with a capital first letter.
 */
export function providerDisplayName(providerId: string): string {
  // An own-property read: `constructor` or `__proto__` is a provider id, not the table's prototype.
  const known = Object.hasOwn(DISPLAY_NAMES, providerId) ? DISPLAY_NAMES[providerId] : undefined;
  return known ?? providerId.charAt(0).toUpperCase() + providerId.slice(1);
}

const notDeleted = (integration: IntegrationRecord) => !integration.deleted;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The service stores `conditions` without validating them and answers a 400 when its database
 * cannot cast them (docs/behaviour/integrations.md#create): every condition must be an object
 * whose `children` is an array of objects.
 */
function assertConditionsShape(body: unknown): void {
  if (!isRecord(body) || !Array.isArray(body['conditions'])) return;
  body['conditions'].forEach((condition: unknown, index: number) => {
    const children = isRecord(condition) ? condition['children'] : undefined;
    const path = `conditions.${index}.children`;
    if (!isRecord(condition) || !Array.isArray(children)) {
      throw ServiceError.http(400, `Integration validation failed: ${path}: must be an array`);
    }
    children.forEach((child: unknown, childIndex: number) => {
      if (!isRecord(child)) {
        throw ServiceError.http(
          400,
          `Integration validation failed: ${path}.${childIndex}: must be an object`,
        );
      }
    });
  });
}

/**
 * `POST /v1/integrations` (docs/behaviour/integrations.md#create): validation, duplicate rules, name and identifier defaults, and the
 * primary-on-create rule for active email and sms integrations.
 */
export function createIntegration(scope: EngineScope, body: unknown): IntegrationDto {
  assertConditionsShape(body);
  const input = validateBody(IntegrationCreateBody, body);
  const { data, environment, ids } = scope;
  const at = scope.iso();
  if (input._environmentId !== undefined && input._environmentId !== environment._id) {
    throw ServiceError.http(
      403,
      'API key authentication is scoped to a single environment and cannot target a different `_environmentId`.',
    );
  }
  const integrations = tables.integrations.where(data, notDeleted);
  if (
    input.providerId === 'svc' &&
    input.channel === 'in_app' &&
    integrations.some((i) => i.providerId === 'svc' && i.channel === 'in_app')
  ) {
    throw ServiceError.http(400, 'One environment can only have one In app provider');
  }
  if (
    (input.providerId === 'svc-email' || input.providerId === 'svc-sms') &&
    integrations.some((i) => i.providerId === input.providerId)
  ) {
    throw ServiceError.http(
      409,
      `Integration with svc provider for ${input.channel} channel already exists`,
    );
  }
  if (
    input.identifier !== undefined &&
    tables.integrations.withIdentifier(data, input.identifier).some(notDeleted)
  ) {
    throw ServiceError.http(409, 'Integration with identifier already exists');
  }
  const name = input.name ?? providerDisplayName(input.providerId);
  const record: IntegrationRecord = {
    _id: ids.objectId(),
    _environmentId: environment._id,
    _organizationId: environment._organizationId,
    name,
    identifier: input.identifier ?? `${slugifyStrict(name)}-${ids.shortId(9)}`,
    providerId: input.providerId,
    channel: input.channel,
    credentials: structuredClone(input.credentials ?? {}),
    configurations: structuredClone(input.configurations ?? {}),
    active: input.active ?? false,
    deleted: false,
    primary: false,
    priority: 0,
    conditions: structuredClone(input.conditions ?? []),
    createdAt: at,
    updatedAt: at,
  };
  if (record.active && (record.channel === 'email' || record.channel === 'sms')) {
    const active = integrations
      .filter((i) => i.channel === record.channel && i.active)
      .sort((a, b) => b.priority - a.priority);
    const highest = active[0];
    if (highest?.primary) {
      tables.integrations.edit(data, highest);
      record.priority = highest.priority;
      highest.priority += 1;
      highest.updatedAt = at;
    } else {
      record.primary = true;
      record.priority = highest ? highest.priority + 1 : 1;
    }
  }
  tables.integrations.push(data, record);
  return structuredClone(record);
}

/**
 * The newest active integration of the environment that `matches` accepts, as every one of the
 * service's single-integration look-ups picks it (`findOne(query, { sort: { createdAt: -1 } })` in
 * `SelectIntegration` and `UpdateSubscriberChannel`): the latest `createdAt`, of equal ones the
 * later stored (docs/behaviour/runs.md#integration-selection). `among`: the integrations to look
 * at, in insertion order (every one by default; those with an identifier, by its index).
 */
export function newestActiveIntegration(
  data: EnvironmentData,
  matches: (integration: IntegrationRecord) => boolean,
  among: Iterable<IntegrationRecord> = tables.integrations.values(data),
): IntegrationRecord | undefined {
  let newest: IntegrationRecord | undefined;
  for (const integration of among) {
    if (!integration.active || integration.deleted || !matches(integration)) continue;
    if (newest === undefined || integration.createdAt >= newest.createdAt) newest = integration;
  }
  return newest;
}

/**
 * `GET /v1/integrations` (docs/behaviour/integrations.md#list, with the spec's scope): the organization's integrations not deleted, in
 * insertion order, environment by environment.
 */
export function listIntegrations(scope: EngineScope): IntegrationDto[] {
  const organizationData = scope.organizationData();
  return organizationData.flatMap((data) =>
    tables.integrations.where(data, notDeleted).map((i) => structuredClone(i)),
  );
}

/**
 * `POST /v1/integrations/{integrationId}/set-primary` (docs/behaviour/integrations.md#set-primary): found by `_id` in the organization;
 * email and sms only; demotes the active primary, activates the target and recomputes priorities.
 */
export function setPrimaryIntegration(scope: EngineScope, integrationId: string): IntegrationDto {
  const organizationData = scope.organizationData();
  const at = scope.iso();
  if (!isObjectId(integrationId)) {
    throw ServiceError.commandValidation('SetIntegrationAsPrimaryCommand', {
      integrationId: { messages: ['integrationId must be a mongodb id'], value: integrationId },
    });
  }
  const id = integrationId.toLowerCase();
  let owner: EnvironmentData | undefined;
  let target: IntegrationRecord | undefined;
  for (const data of organizationData) {
    target = tables.integrations.find(
      data,
      (integration) => integration._id === id && notDeleted(integration),
    );
    if (target) {
      owner = data;
      break;
    }
  }
  if (!owner || !target)
    throw ServiceError.http(404, `Integration with id ${integrationId} not found`);
  if (target.channel !== 'email' && target.channel !== 'sms') {
    throw ServiceError.http(400, `Channel ${target.channel} does not support primary`);
  }
  if (target.primary) return structuredClone(target);
  const chosen = target;
  // Every integration of the channel may change below: kept for a rollback (store/journal.ts).
  for (const integration of tables.integrations.values(owner)) {
    tables.integrations.edit(owner, integration);
  }
  const sameChannel = tables.integrations.where(
    owner,
    (integration) =>
      notDeleted(integration) &&
      integration._environmentId === chosen._environmentId &&
      integration.channel === chosen.channel,
  );
  for (const integration of sameChannel) {
    if (integration.active && integration.primary) {
      integration.primary = false;
      integration.updatedAt = at;
    }
  }
  Object.assign(chosen, { active: true, primary: true, conditions: [], updatedAt: at });
  const others = sameChannel
    .filter((integration) => integration.active && integration !== chosen)
    .sort((a, b) => b.priority - a.priority);
  chosen.priority = others.length + 1;
  others.forEach((integration, index) => {
    integration.priority = others.length - index;
  });
  return structuredClone(chosen);
}

/**
 * The integrations every new environment gets (docs/behaviour/integrations.md#list): `svc` in-app everywhere, plus an active
 * `svc-email` (which becomes primary) in Development.
 */
export function addDefaultIntegrations(scope: EngineScope): void {
  createIntegration(scope, { providerId: 'svc', channel: 'in_app', active: true });
  if (scope.environment.name === 'Development') {
    createIntegration(scope, { providerId: 'svc-email', channel: 'email', active: true });
  }
}
