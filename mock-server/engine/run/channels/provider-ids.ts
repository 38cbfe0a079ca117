/**
 * Which chat and push provider ids a subscriber channel can belong to, split by channel: the
 * service's chat and push send usecases pick the subscriber's channels by these lists
 * (docs/behaviour/runs.md#sms-chat-and-push).
 *
 * @module
 */

import { CHAT_PUSH_PROVIDER_IDS } from '../../../../src/schemas/common';

const PUSH = new Set<string>([
  'fcm',
  'apns',
  'expo',
  'one-signal',
  'pushpad',
  'push-webhook',
  'pusher-beams',
]);

/** The chat provider ids (every chat/push id that is not a push one). */
export const CHAT_PROVIDER_IDS: ReadonlySet<string> = new Set(
  CHAT_PUSH_PROVIDER_IDS.filter((id) => !PUSH.has(id)),
);

/** The push provider ids. */
export const PUSH_PROVIDER_IDS: ReadonlySet<string> = PUSH;
