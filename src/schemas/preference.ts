import * as z from 'zod/mini';
import { CHANNEL_TYPES, openEnum } from './common';

/**
 * Each channel on or off (only the channels that apply are present).
 *
 * @example
 * ```ts
 * PreferenceChannels.parse({ email: false, in_app: true });
 * ```
 */
export const PreferenceChannels = z.looseObject({
  email: z.optional(z.boolean()),
  sms: z.optional(z.boolean()),
  in_app: z.optional(z.boolean()),
  chat: z.optional(z.boolean()),
  push: z.optional(z.boolean()),
});
/** Each channel on or off. */
export type PreferenceChannels = z.infer<typeof PreferenceChannels>;

/**
 * One day of a delivery schedule: whether it is on and its time ranges (`09:00 AM`).
 *
 * @example
 * ```ts
 * DaySchedule.parse({ isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] });
 * ```
 */
export const DaySchedule = z.object({
  isEnabled: z.boolean(),
  hours: z.optional(z.array(z.object({ start: z.string(), end: z.string() }))),
});
/** One day of a delivery schedule. */
export type DaySchedule = z.infer<typeof DaySchedule>;

/**
 * A subscriber's delivery schedule.
 *
 * @example
 * ```ts
 * PreferenceSchedule.parse({ isEnabled: true, weeklySchedule: { monday: { isEnabled: true } } });
 * ```
 */
export const PreferenceSchedule = z.object({
  isEnabled: z.boolean(),
  weeklySchedule: z.optional(
    z.object({
      monday: z.optional(DaySchedule),
      tuesday: z.optional(DaySchedule),
      wednesday: z.optional(DaySchedule),
      thursday: z.optional(DaySchedule),
      friday: z.optional(DaySchedule),
      saturday: z.optional(DaySchedule),
      sunday: z.optional(DaySchedule),
    }),
  ),
});
/** A subscriber's delivery schedule. */
export type PreferenceSchedule = z.infer<typeof PreferenceSchedule>;

/**
 * Where a workflow's channel value came from.
 *
 * @example
 * ```ts
 * PreferenceOverride.parse({ channel: 'email', source: 'subscriber' });
 * ```
 */
export const PreferenceOverride = z.looseObject({
  channel: openEnum(CHANNEL_TYPES),
  source: openEnum(['subscriber', 'template', 'workflowOverride']),
});
/** Where a workflow's channel value came from. */
export type PreferenceOverride = z.infer<typeof PreferenceOverride>;

/**
 * A subscriber's preferences as `GET /v2/subscribers/{subscriberId}/preferences` answers them:
 * the global level, and what applies to each active workflow.
 *
 * @example
 * ```ts
 * SubscriberPreferences.parse({
 *   global: { enabled: true, channels: { email: true, in_app: true } },
 *   workflows: [
 *     {
 *       enabled: true,
 *       channels: { email: false, in_app: true },
 *       overrides: [{ channel: 'email', source: 'subscriber' }],
 *       workflow: { slug: 'welcome_wf_64da692e9a94fb2e6449ad07', identifier: 'welcome', name: 'Welcome' },
 *     },
 *   ],
 * });
 * ```
 */
export const SubscriberPreferences = z.looseObject({
  global: z.looseObject({
    enabled: z.boolean(),
    channels: PreferenceChannels,
    schedule: z.optional(z.looseObject({ isEnabled: z.boolean() })),
  }),
  workflows: z.array(
    z.looseObject({
      enabled: z.boolean(),
      channels: PreferenceChannels,
      overrides: z.array(PreferenceOverride),
      workflow: z.looseObject({
        slug: z.string(),
        identifier: z.string(),
        name: z.string(),
        updatedAt: z.optional(z.string()),
      }),
      updatedAt: z.optional(z.string()),
    }),
  ),
});
/** A subscriber's preferences. */
export type SubscriberPreferences = z.infer<typeof SubscriberPreferences>;

/**
 * Query of `GET /v2/subscribers/{subscriberId}/preferences`: which workflows to list by
 * criticality (default `nonCritical`), and context keys.
 *
 * @example
 * ```ts
 * PreferencesListQuery.parse({ criticality: 'all' });
 * ```
 */
export const PreferencesListQuery = z.object({
  criticality: z.optional(z.enum(['critical', 'nonCritical', 'all'])),
  contextKeys: z.optional(z.array(z.string())),
});
/** Query of `GET /v2/subscribers/{subscriberId}/preferences`. */
export type PreferencesListQuery = z.infer<typeof PreferencesListQuery>;

/**
 * Body of `PATCH /v2/subscribers/{subscriberId}/preferences`: channel switches for one workflow
 * (`workflowId`: its identifier or `_id`) or, without it, for every workflow (global); a
 * delivery schedule.
 *
 * @example
 * ```ts
 * PreferencesUpdateBody.parse({ workflowId: 'welcome', channels: { email: false } });
 * ```
 */
export const PreferencesUpdateBody = z.object({
  channels: z.optional(
    z.object({
      email: z.optional(z.boolean()),
      sms: z.optional(z.boolean()),
      in_app: z.optional(z.boolean()),
      push: z.optional(z.boolean()),
      chat: z.optional(z.boolean()),
    }),
  ),
  workflowId: z.optional(z.string()),
  schedule: z.optional(PreferenceSchedule),
  context: z.optional(
    z.record(
      z.string(),
      z.union([
        z.string(),
        z.object({ id: z.string(), data: z.optional(z.record(z.string(), z.unknown())) }),
      ]),
    ),
  ),
});
/** Body of `PATCH /v2/subscribers/{subscriberId}/preferences`. */
export type PreferencesUpdateBody = z.infer<typeof PreferencesUpdateBody>;
