/**
 * Chat steps to a subscriber's channel endpoints, as the service's chat send usecase resolves
 * them before the subscriber's legacy chat channels: the subscriber's chat endpoints whose
 * context is exactly the trigger's, grouped by integration; one message per integration, sent
 * to each endpoint of the group (with its connection's token), each send one outbox entry that
 * names the endpoint (docs/behaviour/channels.md#chat-steps).
 *
 * @module
 */

import { endpointMatches, isEndpointType } from '../../resources/channel-endpoint-shapes';
import { sameContextKeys } from '../../resources/channel-listing';
import type { ChannelEndpointRecord, IntegrationRecord, MessageRecord } from '../../store/state';
import { tables } from '../../store/tables';
import { DETAILS } from '../detail-texts';
import {
  addDetail,
  type ChannelResult,
  deliver,
  integrationSelected,
  objectAt,
  type StepDelivery,
  storedMessageFailed,
  storeMessage,
} from './delivery';

/** The endpoints of one integration a chat step sends to. */
export interface EndpointGroup {
  integrationIdentifier: string;
  providerId: string;
  endpoints: ChannelEndpointRecord[];
}

/**
 * The subscriber's chat endpoints with exactly the trigger's context keys, in creation order,
 * grouped by integration in the order their first endpoint was made.
 */
export function endpointGroups(delivery: StepDelivery): EndpointGroup[] {
  const { data } = delivery.scope;
  if (tables.channelEndpoints.size(data) === 0) return [];
  const contextKeys = delivery.notification.contextKeys ?? [];
  const matching = [...tables.channelEndpoints.values(data)]
    .filter(
      (endpoint) =>
        endpoint.subscriberId === delivery.subscriber.subscriberId &&
        endpoint.channel === 'chat' &&
        sameContextKeys(endpoint.contextKeys, contextKeys),
    )
    .sort((a, b) => (a._id < b._id ? -1 : 1));
  const groups = new Map<string, EndpointGroup>();
  for (const endpoint of matching) {
    const group = groups.get(endpoint.integrationIdentifier) ?? {
      integrationIdentifier: endpoint.integrationIdentifier,
      providerId: endpoint.providerId,
      endpoints: [],
    };
    group.endpoints.push(endpoint);
    groups.set(endpoint.integrationIdentifier, group);
  }
  return [...groups.values()];
}

/**
 * The provider overrides of the step for an integration, as the service combines them:
 * `overrides.providers.<providerId>`, then `overrides.steps.<stepId>.providers.<providerId>`.
 */
function combinedOverrides(delivery: StepDelivery, providerId: string): Record<string, unknown> {
  const { overrides } = delivery.notification;
  const steps = objectAt(objectAt(overrides['steps'])[delivery.job.step.stepId]);
  return {
    ...objectAt(objectAt(overrides['providers'])[providerId]),
    ...objectAt(objectAt(steps['providers'])[providerId]),
  };
}

/** An endpoint's destination, or the override `<identifier>.endpoint` when it fits its type. */
function destinationOf(
  endpoint: ChannelEndpointRecord,
  overrides: Record<string, unknown>,
): Record<string, unknown> {
  const replaced = objectAt(overrides[endpoint.identifier])['endpoint'];
  return isEndpointType(endpoint.type) && endpointMatches(endpoint.type, replaced)
    ? (replaced as Record<string, unknown>)
    : endpoint.endpoint;
}

/** The token a connection gives an endpoint's send, redacted as the service logs it. */
function redactedToken(delivery: StepDelivery, endpoint: ChannelEndpointRecord) {
  const connection =
    endpoint.connectionIdentifier === undefined
      ? undefined
      : tables.channelConnections.get(delivery.scope.data, endpoint.connectionIdentifier);
  const token = connection?.auth.accessToken;
  return typeof token === 'string' ? { token: `${token.slice(0, 8)}...` } : {};
}

function sendToEndpoint(
  delivery: StepDelivery,
  message: MessageRecord,
  integration: IntegrationRecord,
  endpoint: ChannelEndpointRecord,
  overrides: Record<string, unknown>,
): ChannelResult {
  if (storedMessageFailed(delivery, message, integration)) return 'failed';
  const destination = destinationOf(endpoint, overrides);
  const channelData = {
    identifier: endpoint.identifier,
    type: endpoint.type,
    endpoint: destination,
    ...redactedToken(delivery, endpoint),
  };
  const url = destination['url'];
  deliver(delivery, message, integration, {
    ...(endpoint.type === 'webhook' && typeof url === 'string' ? { webhookUrl: url } : {}),
    channelEndpoint: {
      identifier: endpoint.identifier,
      type: endpoint.type,
      endpoint: structuredClone(destination),
      connectionIdentifier: endpoint.connectionIdentifier ?? null,
    },
  });
  addDetail(delivery, DETAILS.messageSent, {
    providerId: integration.providerId,
    raw: { channelData },
  });
  return 'success';
}

/**
 * Sends a chat step's message to one integration's endpoints: the integration must be an active
 * chat one (else `Subscriber does not have an active integration`); one message is stored, then
 * each endpoint gets its send; any success is the group's success.
 */
export function sendToEndpointGroup(
  delivery: StepDelivery,
  group: EndpointGroup,
  content: string,
): ChannelResult {
  const integration = tables.integrations
    .withIdentifier(delivery.scope.data, group.integrationIdentifier)
    .find((candidate) => candidate.channel === 'chat' && candidate.active && !candidate.deleted);
  if (!integration) {
    addDetail(delivery, DETAILS.noActiveIntegration, {
      raw: `Integration with integrationIdentifier: ${group.integrationIdentifier} is either deleted or not active`,
    });
    return 'failed';
  }
  delivery.job.providerId = integration.providerId;
  const message = storeMessage(delivery, 'chat', group.providerId, { content });
  integrationSelected(delivery, integration);
  addDetail(delivery, DETAILS.messageCreated, { providerId: integration.providerId, raw: content });
  const overrides = combinedOverrides(delivery, integration.providerId);
  let result: ChannelResult = 'failed';
  for (const endpoint of group.endpoints) {
    if (sendToEndpoint(delivery, message, integration, endpoint, overrides) === 'success') {
      result = 'success';
    }
  }
  return result;
}
