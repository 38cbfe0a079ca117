import * as z from 'zod/mini';
import { JsonObject, openEnum, type WireShape } from './common';

const UI_SCHEMA_GROUPS = [
  'IN_APP',
  'EMAIL',
  'DIGEST',
  'DELAY',
  'THROTTLE',
  'SMS',
  'CHAT',
  'PUSH',
  'SKIP',
  'LAYOUT',
] as const;
const UI_COMPONENTS = [
  'EMAIL_EDITOR_SELECT',
  'LAYOUT_SELECT',
  'BLOCK_EDITOR',
  'EMAIL_BODY',
  'TEXT_FULL_LINE',
  'TEXT_INLINE_LABEL',
  'IN_APP_BODY',
  'IN_APP_AVATAR',
  'IN_APP_PRIMARY_SUBJECT',
  'IN_APP_BUTTON_DROPDOWN',
  'IN_APP_DISABLE_SANITIZATION_SWITCH',
  'DISABLE_SANITIZATION_SWITCH',
  'URL_TEXT_BOX',
  'DIGEST_AMOUNT',
  'DIGEST_UNIT',
  'DIGEST_KEY',
  'DIGEST_CRON',
  'DELAY_TYPE',
  'DELAY_AMOUNT',
  'DELAY_UNIT',
  'THROTTLE_TYPE',
  'THROTTLE_WINDOW',
  'THROTTLE_UNIT',
  'THROTTLE_DYNAMIC_KEY',
  'THROTTLE_THRESHOLD',
  'THROTTLE_KEY',
  'EXTEND_TO_SCHEDULE',
  'SMS_BODY',
  'CHAT_BODY',
  'PUSH_BODY',
  'PUSH_SUBJECT',
  'QUERY_EDITOR',
  'DATA',
  'LAYOUT_EMAIL',
] as const;

/** A link target of an in-app redirect. */
export const Redirect = z.looseObject({
  url: z.optional(z.string()),
  target: z.optional(openEnum(['_self', '_blank', '_parent', '_top', '_unfencedTop'])),
});
export type Redirect = z.infer<typeof Redirect>;

/** An in-app action button. */
export const Action = z.looseObject({
  label: z.optional(z.string()),
  redirect: z.optional(Redirect),
});
export type Action = z.infer<typeof Action>;

/** Control values of an in-app step. */
export const InAppControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  body: z.optional(z.string()),
  subject: z.optional(z.string()),
  avatar: z.optional(z.string()),
  primaryAction: z.optional(Action),
  secondaryAction: z.optional(Action),
  redirect: z.optional(Redirect),
  disableOutputSanitization: z.optional(z.boolean()),
  data: z.optional(JsonObject),
});
export type InAppControlValues = z.infer<typeof InAppControlValues>;

/** Control values of an email step. */
export const EmailControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  subject: z.string(),
  body: z.string(),
  editorType: z.optional(openEnum(['block', 'html'])),
  disableOutputSanitization: z.optional(z.boolean()),
  /** `null` = no layout; omitted = the default layout. */
  layoutId: z.optional(z.nullable(z.string())),
});
export type EmailControlValues = z.infer<typeof EmailControlValues>;

/** Control values of an SMS step. */
export const SmsControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  body: z.optional(z.string()),
});
export type SmsControlValues = z.infer<typeof SmsControlValues>;

/** Control values of a push step. */
export const PushControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  subject: z.optional(z.string()),
  body: z.optional(z.string()),
});
export type PushControlValues = z.infer<typeof PushControlValues>;

/** Control values of a chat step. */
export const ChatControlValues = z.looseObject({
  skip: z.optional(JsonObject),
  body: z.optional(z.string()),
});
export type ChatControlValues = z.infer<typeof ChatControlValues>;

const UiPlaceholderScalar = z.union([z.string(), z.number(), z.boolean(), JsonObject]);

/** How the dashboard renders one control field (recursive through `properties`). */
export const UiSchemaProperty: z.ZodMiniType<UiSchemaProperty> = z.looseObject({
  /** The placeholder the dashboard shows in the field. */
  placeholder: z.optional(z.nullable(z.union([UiPlaceholderScalar, z.array(UiPlaceholderScalar)]))),
  /** The dashboard component that renders the field. */
  component: openEnum(UI_COMPONENTS),
  /** The nested fields, by name. */
  get properties() {
    return z.optional(z.record(z.string(), UiSchemaProperty));
  },
});
/** How the dashboard renders one control field. */
export type UiSchemaProperty = {
  placeholder?:
    | string
    | number
    | boolean
    | Record<string, unknown>
    | Array<string | number | boolean | Record<string, unknown>>
    | null
    | undefined;
  component: (typeof UI_COMPONENTS)[number] | (string & {});
  properties?: Record<string, UiSchemaProperty> | undefined;
  [key: string]: unknown;
};

/** The dashboard UI schema of a step's controls. */
export const UiSchema = z.looseObject({
  /** The step group the UI schema is for (`IN_APP`, `EMAIL`, `DELAY`, ...). */
  group: z.optional(openEnum(UI_SCHEMA_GROUPS)),
  /** How each control field renders, by name. */
  properties: z.optional(z.record(z.string(), UiSchemaProperty)),
});
/** The dashboard UI schema of a step's controls (`WorkflowStepResponse.controls.uiSchema`). */
export interface UiSchema extends WireShape<typeof UiSchema> {}

/** Controls metadata of a step: JSON Schema, UI schema and the current values. */
export const ControlsMetadata = z.looseObject({
  /** The JSON Schema of the step's controls. */
  dataSchema: z.optional(JsonObject),
  /** How the dashboard renders the controls. */
  uiSchema: z.optional(UiSchema),
  /** The control object of the step's type (see the `*ControlValues` schemas). */
  values: JsonObject,
});
/**
 * Controls metadata of a step: JSON Schema, UI schema and the current values
 * (`WorkflowStepResponse.controls`).
 */
export interface ControlsMetadata extends WireShape<typeof ControlsMetadata> {}
