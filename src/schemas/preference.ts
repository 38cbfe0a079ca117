import * as z from 'zod/mini';
import { CHANNEL_TYPES, openEnum, type WireShape } from './common';

/** Each channel on or off (only the channels that apply are present). */
export const PreferenceChannels = z.looseObject({
  /** Whether email is on. */
  email: z.optional(z.boolean()),
  /** Whether SMS is on. */
  sms: z.optional(z.boolean()),
  /** Whether in-app is on. */
  in_app: z.optional(z.boolean()),
  /** Whether chat is on. */
  chat: z.optional(z.boolean()),
  /** Whether push is on. */
  push: z.optional(z.boolean()),
});
/**
 * Whether each channel is enabled, in a preference (`SubscriberPreferencesResponse`, `WorkflowPreference`).
 */
export interface PreferenceChannels extends WireShape<typeof PreferenceChannels> {}

/** One day of a delivery schedule: whether it is on and its time ranges (`09:00 AM`). */
export const DaySchedule = z.object({
  isEnabled: z.boolean(),
  hours: z.optional(z.array(z.object({ start: z.string(), end: z.string() }))),
});
export type DaySchedule = z.infer<typeof DaySchedule>;

/** A subscriber's delivery schedule. */
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
export type PreferenceSchedule = z.infer<typeof PreferenceSchedule>;

/** Where a workflow's channel value came from. */
export const PreferenceOverride = z.looseObject({
  /** The channel. */
  channel: openEnum(CHANNEL_TYPES),
  /**
   * What set it: the `subscriber`, the workflow's defaults (`template`) or a workflow override
   * (`workflowOverride`).
   */
  source: openEnum(['subscriber', 'template', 'workflowOverride']),
});
/** Which source set a channel's preference (`overrides` of a workflow preference). */
export interface PreferenceOverride extends WireShape<typeof PreferenceOverride> {}

/** One day of a subscriber's delivery schedule as the service answers it. */
export const ScheduledDay = z.looseObject({
  /** Whether the day is on. */
  isEnabled: z.boolean(),
  /** Its time ranges (`09:00 AM` to `05:00 PM`). */
  hours: z.optional(
    z.array(
      z.looseObject({
        /** When the range starts (`09:00 AM`). */
        start: z.string(),
        /** When it ends (`05:00 PM`). */
        end: z.string(),
      }),
    ),
  ),
});
export interface ScheduledDay extends WireShape<typeof ScheduledDay> {}

/**
 * A subscriber's weekly delivery schedule as the service answers it: the days that have one.
 *
 * @example
 * ```ts
 * const weekdays: WeeklySchedule = { monday: { isEnabled: true }, sunday: { isEnabled: false } };
 * ```
 */
export const WeeklySchedule = z.looseObject({
  /** Monday's hours. */
  monday: z.optional(ScheduledDay),
  /** Tuesday's hours. */
  tuesday: z.optional(ScheduledDay),
  /** Wednesday's hours. */
  wednesday: z.optional(ScheduledDay),
  /** Thursday's hours. */
  thursday: z.optional(ScheduledDay),
  /** Friday's hours. */
  friday: z.optional(ScheduledDay),
  /** Saturday's hours. */
  saturday: z.optional(ScheduledDay),
  /** Sunday's hours. */
  sunday: z.optional(ScheduledDay),
});
export interface WeeklySchedule extends WireShape<typeof WeeklySchedule> {}

/**
 * A subscriber's preferences as `GET /v2/subscribers/{subscriberId}/preferences` answers them:
 * the global level, and what applies to each active workflow.
 */
export const SubscriberPreferences = z.looseObject({
  /** The subscriber's global preference, applied across workflows. */
  global: z.looseObject({
    /** Whether the global preference is on. */
    enabled: z.boolean(),
    /** Whether each channel is on, globally. */
    channels: PreferenceChannels,
    /** The subscriber's delivery schedule, when one is set. */
    schedule: z.optional(
      z.looseObject({
        /** Whether the schedule applies. */
        isEnabled: z.boolean(),
        /** The hours of each day it lets notifications through. */
        weeklySchedule: z.optional(WeeklySchedule),
      }),
    ),
  }),
  /** The preference that applies to each active workflow. */
  workflows: z.array(
    z.looseObject({
      /** Whether the workflow's notifications are on for the subscriber. */
      enabled: z.boolean(),
      /** Whether each channel is on for the workflow. */
      channels: PreferenceChannels,
      /** Where each channel's value came from. */
      overrides: z.array(PreferenceOverride),
      /** The workflow the preference is for. */
      workflow: z.looseObject({
        /** The workflow's slug. */
        slug: z.string(),
        /** The workflow's identifier (its trigger name). */
        identifier: z.string(),
        /** The workflow's name. */
        name: z.string(),
        /** When the workflow was last updated. */
        updatedAt: z.optional(z.string()),
      }),
      /** When the subscriber's preference for the workflow was last updated. */
      updatedAt: z.optional(z.string()),
    }),
  ),
});
export interface SubscriberPreferences extends WireShape<typeof SubscriberPreferences> {}

/**
 * Query of `GET /v2/subscribers/{subscriberId}/preferences`: which workflows to list by
 * criticality (default `nonCritical`), and context keys.
 */
export const PreferencesListQuery = z.object({
  criticality: z.optional(z.enum(['critical', 'nonCritical', 'all'])),
  contextKeys: z.optional(z.array(z.string())),
});
export type PreferencesListQuery = z.infer<typeof PreferencesListQuery>;

/**
 * Body of `PATCH /v2/subscribers/{subscriberId}/preferences`: channel switches for one workflow
 * (`workflowId`: its identifier or `_id`) or, without it, for every workflow (global); a
 * delivery schedule.
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
export type PreferencesUpdateBody = z.infer<typeof PreferencesUpdateBody>;
