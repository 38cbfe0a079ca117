import * as z from 'zod/mini';
import {
  CHANNEL_TYPES,
  CHAT_PUSH_PROVIDER_IDS,
  JsonObject,
  openEnum,
  Timestamp,
  type WireShape,
} from './common';
import { IntegrationCondition, IntegrationConditionInput } from './step-filter';

/** Every provider id the service knows (the job/execution-detail `providerId` enum). */
export const PROVIDER_IDS = [
  'emailjs',
  'mailgun',
  'mailjet',
  'mandrill',
  'nodemailer',
  'postmark',
  'sendgrid',
  'sendinblue',
  'ses',
  'netcore',
  'infobip-email',
  'resend',
  'plunk',
  'mailersend',
  'mailtrap',
  'clickatell',
  'outlook365',
  'svc-email',
  'sparkpost',
  'email-webhook',
  'braze',
  'nexmo',
  'plivo',
  'sms77',
  'sms-central',
  'sns',
  'telnyx',
  'twilio',
  'gupshup',
  'firetext',
  'infobip-sms',
  'burst-sms',
  'bulk-sms',
  'isend-sms',
  'forty-six-elks',
  'kannel',
  'maqsam',
  'termii',
  'africas-talking',
  'svc-sms',
  'sendchamp',
  'generic-sms',
  'clicksend',
  'bandwidth',
  'messagebird',
  'simpletexting',
  'azure-sms',
  'ring-central',
  'brevo-sms',
  'eazy-sms',
  'mobishastra',
  'afro-message',
  'unifonic',
  'smsmode',
  'imedia',
  'svc',
  ...CHAT_PUSH_PROVIDER_IDS,
] as const;
/** A known provider id. */
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Provider credentials of an integration (all optional; provider-specific keys pass through). */
export const IntegrationCredentials = z.looseObject({
  /** The provider's API key. */
  apiKey: z.optional(z.string()),
  /** The provider account's user name. */
  user: z.optional(z.string()),
  /** The provider's secret key. */
  secretKey: z.optional(z.string()),
  /** The sending domain (Mailgun and similar providers). */
  domain: z.optional(z.string()),
  /** The provider account's password (SMTP and similar providers). */
  password: z.optional(z.string()),
  /** The provider's host name (SMTP and similar providers). */
  host: z.optional(z.string()),
  /** The provider's port, as a string. */
  port: z.optional(z.string()),
  /** The provider's region (`us-east-1`, `eu`, ...). */
  region: z.optional(z.string()),
  /** The provider account's SID (Twilio and similar providers). */
  accountSid: z.optional(z.string()),
  /** The provider's messaging profile id (Telnyx). */
  messageProfileId: z.optional(z.string()),
  /** The provider's auth token. */
  token: z.optional(z.string()),
  /** The sender address or number messages are sent from. */
  from: z.optional(z.string()),
  /** The sender's display name. */
  senderName: z.optional(z.string()),
  /** The provider's project name. */
  projectName: z.optional(z.string()),
  /** The provider's application id. */
  applicationId: z.optional(z.string()),
  /** The provider's client id. */
  clientId: z.optional(z.string()),
  /** The provider API's base URL, where it can be changed. */
  baseUrl: z.optional(z.string()),
  /** The provider's webhook URL. */
  webhookUrl: z.optional(z.string()),
  /** The redirect URL of the provider's OAuth flow. */
  redirectUrl: z.optional(z.string()),
  /** The provider's service account (a JSON document as text, e.g. FCM). */
  serviceAccount: z.optional(z.string()),
  /** The IP pool to send from (SendGrid). */
  ipPoolName: z.optional(z.string()),
  /** The request header that carries the API key (generic email webhook providers). */
  apiKeyRequestHeader: z.optional(z.string()),
  /** The request header that carries the secret key (generic email webhook providers). */
  secretKeyRequestHeader: z.optional(z.string()),
  /** Where the message id is found in the provider's answer (generic providers). */
  idPath: z.optional(z.string()),
  /** Where the date is found in the provider's answer (generic providers). */
  datePath: z.optional(z.string()),
  /** The provider's API token. */
  apiToken: z.optional(z.string()),
  /** The name of the authentication token the provider expects. */
  authenticationTokenKey: z.optional(z.string()),
  /** The provider's instance id. */
  instanceId: z.optional(z.string()),
  /** Grafana OnCall alert group id. */
  alertUid: z.optional(z.string()),
  /** Grafana OnCall alert title. */
  title: z.optional(z.string()),
  /** Grafana OnCall alert image URL. */
  imageUrl: z.optional(z.string()),
  /** Grafana OnCall alert state. */
  state: z.optional(z.string()),
  /** Grafana OnCall link back to the source. */
  externalLink: z.optional(z.string()),
  /** The provider's channel id. */
  channelId: z.optional(z.string()),
  /** The phone number id of the sender (WhatsApp Business). */
  phoneNumberIdentification: z.optional(z.string()),
  /** The provider's access key. */
  accessKey: z.optional(z.string()),
  /** The provider's app SID. */
  appSid: z.optional(z.string()),
  /** The sender id of SMS messages. */
  senderId: z.optional(z.string()),
  /** Whether the connection uses TLS from the start (SMTP). */
  secure: z.optional(z.boolean()),
  /** Whether TLS is required (SMTP). */
  requireTls: z.optional(z.boolean()),
  /** Whether TLS is not used even when the server offers it (SMTP). */
  ignoreTls: z.optional(z.boolean()),
  /** Whether the subscriber hash (HMAC) is required to open the Inbox (in-app integrations). */
  hmac: z.optional(z.boolean()),
  /** Whether the provider authenticates with a token instead of user and password. */
  authenticateByToken: z.optional(z.boolean()),
  /** TLS options of the connection (SMTP). */
  tlsOptions: z.optional(JsonObject),
});
/** The provider credentials of an integration (`Integration.credentials`). */
export interface IntegrationCredentials extends WireShape<typeof IntegrationCredentials> {}

/** Extra configuration of an integration (inbound webhooks). */
export const IntegrationConfigurations = z.looseObject({
  /** Whether inbound email webhooks are enabled for the integration. */
  inboundWebhookEnabled: z.optional(z.boolean()),
  /** The key that signs the inbound webhook requests. */
  inboundWebhookSigningKey: z.optional(z.string()),
});
/** The provider configuration of an integration (`Integration.configurations`). */
export interface IntegrationConfigurations extends WireShape<typeof IntegrationConfigurations> {}

/** A provider integration of a channel, as the service returns it. */
export const Integration = z.looseObject({
  /** The integration's id: what set-primary and the conditions name it by. */
  _id: z.optional(z.string()),
  /** The environment's `_id`. */
  _environmentId: z.string(),
  /** The organization's `_id`. */
  _organizationId: z.string(),
  /** Display name. */
  name: z.string(),
  /** Your identifier of the integration (unique in the environment). */
  identifier: z.string(),
  /** The provider (`sendgrid`, `twilio`, `fcm`, ...). */
  providerId: z.string(),
  /** The channel it delivers: `in_app`, `email`, `sms`, `chat` or `push`. */
  channel: openEnum(CHANNEL_TYPES),
  /**
   * The provider credentials. Required by the spec, but the service omits them for API-key callers,
   * so optional here.
   */
  credentials: z.optional(IntegrationCredentials),
  /** Provider configuration beyond the credentials. */
  configurations: z.optional(IntegrationConfigurations),
  /** Whether it delivers. */
  active: z.boolean(),
  /** Whether it was deleted. */
  deleted: z.boolean(),
  /** When it was deleted. */
  deletedAt: z.optional(Timestamp),
  /** Who deleted it. */
  deletedBy: z.optional(z.string()),
  /** Whether it is the primary integration of its channel (email and SMS). */
  primary: z.boolean(),
  /** Ordering among the active integrations of a channel (highest is preferred). */
  priority: z.optional(z.number()),
  /** Conditions under which it is chosen (tenant filters). */
  conditions: z.optional(z.array(IntegrationCondition)),
  /** When it was created (ISO 8601). */
  createdAt: z.optional(Timestamp),
  /** When it was last updated (ISO 8601). */
  updatedAt: z.optional(Timestamp),
});
export interface Integration extends WireShape<typeof Integration> {}

/** Body of `POST /v1/integrations`. */
export const IntegrationCreateBody = z.object({
  name: z.optional(z.string()),
  identifier: z.optional(z.string()),
  _environmentId: z.optional(z.string()),
  providerId: z.string(),
  channel: z.enum(CHANNEL_TYPES),
  credentials: z.optional(IntegrationCredentials),
  active: z.optional(z.boolean()),
  check: z.optional(z.boolean()),
  conditions: z.optional(z.array(IntegrationConditionInput)),
  configurations: z.optional(IntegrationConfigurations),
});
export type IntegrationCreateBody = z.infer<typeof IntegrationCreateBody>;

/**
 * Body of `PUT /v1/integrations/{integrationId}`: the fields to change (`credentials` and
 * `conditions` replace the stored ones).
 */
export const IntegrationUpdateBody = z.object({
  name: z.optional(z.string()),
  identifier: z.optional(z.string()),
  _environmentId: z.optional(z.string()),
  active: z.optional(z.boolean()),
  credentials: z.optional(IntegrationCredentials),
  check: z.optional(z.boolean()),
  conditions: z.optional(z.array(IntegrationConditionInput)),
  configurations: z.optional(IntegrationConfigurations),
});
export type IntegrationUpdateBody = z.infer<typeof IntegrationUpdateBody>;

/** The answer of `GET /v1/integrations`: every integration of the organization. */
export const IntegrationList = z.array(Integration);
export type IntegrationList = Integration[];

/**
 * An item of `GET /v1/integrations/active`: an active integration, and whether it is the one its
 * environment sends its channel through.
 */
export const ActiveIntegration = z.extend(Integration, {
  /** Whether a step of its channel in its environment delivers through it. */
  selected: z.boolean(),
});
export interface ActiveIntegration extends WireShape<typeof ActiveIntegration> {}

/** The answer of `GET /v1/integrations/active`. */
export const ActiveIntegrationList = z.array(ActiveIntegration);
export type ActiveIntegrationList = ActiveIntegration[];
