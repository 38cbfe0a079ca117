import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import {
  subscribersPreferencesBulkUpdate,
  subscribersPreferencesList,
  subscribersPreferencesUpdate,
} from '../funcs/subscribers';
import type {
  PreferencesListQuery,
  PreferencesUpdateBody,
  SubscriberPreferences as SubscriberPreferencesResponse,
} from '../schemas/preference';
import type {
  BulkPreferencesUpdateBody,
  BulkPreferencesUpdateResponse,
} from '../schemas/preference-bulk';

/**
 * The `svc.subscribers.preferences` namespace: which channels a subscriber receives, globally and
 * per workflow.
 *
 * @example
 * ```ts
 * await svc.subscribers.preferences.update('user-1', { workflowId: 'welcome', channels: { email: false } });
 * ```
 */
export class SubscriberPreferences {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Reads a subscriber's preferences (`GET /v2/subscribers/{subscriberId}/preferences`): the global
   * channels and, per active workflow, the channels that will apply.
   *
   * @example
   * ```ts
   * const { global, workflows } = await svc.subscribers.preferences.list('user-1', {
   *   criticality: 'all',
   * });
   * ```
   */
  list(
    subscriberId: string,
    query?: PreferencesListQuery,
    options?: RequestOptions,
  ): APIPromise<SubscriberPreferencesResponse> {
    return subscribersPreferencesList(this.#core, subscriberId, query, options);
  }

  /**
   * Turns channels on or off for one workflow (`workflowId`) or, without it, globally (`PATCH
   * /v2/subscribers/{subscriberId}/preferences`); resolves to the preferences after the change.
   *
   * @example
   * ```ts
   * await svc.subscribers.preferences.update('user-1', {
   *   workflowId: 'welcome',
   *   channels: { email: false },
   * });
   * ```
   */
  update(
    subscriberId: string,
    body: PreferencesUpdateBody,
    options?: RequestOptions,
  ): APIPromise<SubscriberPreferencesResponse> {
    return subscribersPreferencesUpdate(this.#core, subscriberId, body, options);
  }

  /**
   * Turns channels on or off for up to 100 workflows at once (`PATCH
   * /v2/subscribers/{subscriberId}/preferences/bulk`); resolves to each workflow's preference
   * after the change, in the order given (a workflow named twice once, with its last channels).
   *
   * @example
   * ```ts
   * const updated = await svc.subscribers.preferences.bulkUpdate('user-1', {
   *   preferences: [
   *     { workflowId: 'welcome', channels: { email: false } },
   *     { workflowId: 'weekly-digest', channels: { in_app: true, push: false } },
   *   ],
   * });
   * console.log(updated.map((preference) => preference.workflow?.identifier));
   * ```
   */
  bulkUpdate(
    subscriberId: string,
    body: BulkPreferencesUpdateBody,
    options?: RequestOptions,
  ): APIPromise<BulkPreferencesUpdateResponse> {
    return subscribersPreferencesBulkUpdate(this.#core, subscriberId, body, options);
  }
}
