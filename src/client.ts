import { createSvcCore, type SvcCore } from './core/core';
import type { SvcOptions } from './core/options';
import { Contexts } from './resources/contexts';
import { Events } from './resources/events';
import { Integrations } from './resources/integrations';
import { Messages } from './resources/messages';
import { Notifications } from './resources/notifications';
import { Subscribers } from './resources/subscribers';
import { Topics } from './resources/topics';
import { Workflows } from './resources/workflows';

/**
 * The client: one namespace per resource of the service. Works against the real service (US,
 * EU or any `baseUrl`) and against the `@svc/api/mock` engine alike.
 *
 * @example
 * ```ts
 * import { Svc } from '@svc/api';
 *
 * const svc = new Svc({ secretKey: process.env.SVC_SECRET_KEY ?? '' });
 * await svc.events.trigger({ name: 'welcome-email', to: 'user-1' });
 * const subscriber = await svc.subscribers.retrieve('user-1');
 * ```
 */
export class Svc {
  /** @internal */
  readonly core: SvcCore;
  /**
   * Subscribers: create, retrieve, update, delete, search, bulk create, subscriptions,
   * credentials, preferences, messages.
   */
  readonly subscribers: Subscribers;
  /** Provider integrations: create, list, set primary. */
  readonly integrations: Integrations;
  /** Workflows: list, retrieve, patch, delete, sync. */
  readonly workflows: Workflows;
  /** Triggered events: list, retrieve. */
  readonly notifications: Notifications;
  /** Triggers: single, bulk, broadcast; cancel. */
  readonly events: Events;
  /** The environment's messages: list, delete, delete by transaction. */
  readonly messages: Messages;
  /** Topics: create, list, retrieve, update, delete, subscriptions. */
  readonly topics: Topics;
  /** Contexts: create, list, retrieve, update, delete. */
  readonly contexts: Contexts;

  /**
   * @throws TypeError when `secretKey` is missing or an option is invalid.
   */
  constructor(options: SvcOptions) {
    this.core = createSvcCore(options);
    this.subscribers = new Subscribers(this.core);
    this.integrations = new Integrations(this.core);
    this.workflows = new Workflows(this.core);
    this.notifications = new Notifications(this.core);
    this.events = new Events(this.core);
    this.messages = new Messages(this.core);
    this.topics = new Topics(this.core);
    this.contexts = new Contexts(this.core);
  }
}
