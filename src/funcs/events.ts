import { call, type OperationArgs } from '../core/call';
import {
  eventsBroadcastRoute,
  eventsCancelRoute,
  eventsTriggerBulkRoute,
  eventsTriggerRoute,
} from '../routes/events';

/** {@inheritDoc Events.broadcast} */
export const eventsBroadcast = (...args: OperationArgs<typeof eventsBroadcastRoute>) =>
  call(eventsBroadcastRoute, args);

/** {@inheritDoc Events.cancel} */
export const eventsCancel = (...args: OperationArgs<typeof eventsCancelRoute>) =>
  call(eventsCancelRoute, args);

/** {@inheritDoc Events.trigger} */
export const eventsTrigger = (...args: OperationArgs<typeof eventsTriggerRoute>) =>
  call(eventsTriggerRoute, args);

/** {@inheritDoc Events.triggerBulk} */
export const eventsTriggerBulk = (...args: OperationArgs<typeof eventsTriggerBulkRoute>) =>
  call(eventsTriggerBulkRoute, args);
