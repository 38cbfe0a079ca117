/**
 * What agents did that leaves nothing else behind (docs/behaviour/agents.md#activity): replies,
 * bridge changes and route test mails, kept per environment for the inspector, oldest dropped
 * past the cap.
 *
 * @module
 */

import type { EngineScope } from '../scope';
import type { AgentActivityRecord } from '../store/state';
import { tables } from '../store/tables';

/** Most activity entries an environment keeps (the oldest go first). */
export const MAX_AGENT_ACTIVITY = 200;

/**
 * Keeps one activity entry, dropping the oldest past {@link MAX_AGENT_ACTIVITY}.
 *
 * @example
 * ```ts
 * recordAgentActivity(engine.scope('Development'), 'bridge', 'support-bot', { bridgeUrl: 'https://app.acme.dev' });
 * ```
 */
export function recordAgentActivity(
  scope: EngineScope,
  kind: AgentActivityRecord['kind'],
  agentIdentifier: string,
  body: Record<string, unknown>,
): AgentActivityRecord {
  const entry: AgentActivityRecord = {
    _id: scope.ids.objectId(),
    kind,
    agentIdentifier,
    at: scope.iso(),
    body: structuredClone(body),
  };
  while (tables.agentActivity.size(scope.data) >= MAX_AGENT_ACTIVITY) {
    const oldest = tables.agentActivity.keys(scope.data).next().value as string;
    tables.agentActivity.delete(scope.data, oldest);
  }
  tables.agentActivity.set(scope.data, entry._id, entry);
  return entry;
}

/**
 * The activity of the scope's environment, newest first, at most `limit` entries.
 *
 * @example
 * ```ts
 * agentActivity(engine.scope('Development'), 50).map((entry) => entry.kind);
 * ```
 */
export function agentActivity(scope: EngineScope, limit = MAX_AGENT_ACTIVITY) {
  return tables.agentActivity.page(scope.data, { lastFirst: true, limit }).rows.map((entry) => ({
    ...structuredClone(entry),
  }));
}
