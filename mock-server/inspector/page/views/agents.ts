// Agents: the environment's agents with their bridge and linked integrations, and what they did
// (replies and bridge changes), newest first, from `GET /__svc/inspector/agents`.
import type { agentActivity } from '../../../engine/resources/agent-activity';
import type { AgentDto } from '../../../engine/resources/agents';
import { Badge, Failure, html, JsonBlock, Loading, query, Time, useControl } from '../ui';

interface AgentsAnswer {
  agents: AgentDto[];
  activity: ReturnType<typeof agentActivity>;
}

const KIND_LABELS: Record<string, string> = {
  reply: 'reply',
  bridge: 'bridge change',
};

/** The Agents tab. */
export function AgentsView({ env, version }: { env: string; version: number }) {
  const { data, error } = useControl<AgentsAnswer>(
    `/inspector/agents${query({ environment: env })}`,
    [version],
  );
  return html`<div class="stack">
    <${Failure} error=${error} />
    ${data === null && !error ? html`<${Loading} />` : null}
    ${
      data &&
      html`<section class="card">
        <h3>Agents <span class="muted">(${data.agents.length})</span></h3>
        ${data.agents.length === 0 ? html`<p class="muted" data-testid="agents-empty">No agents in this environment.</p>` : null}
        ${
          data.agents.length > 0
            ? html`<div class="scroll"><table>
          <thead><tr><th>Identifier</th><th>Name</th><th>State</th><th>Bridge</th><th>Integrations</th></tr></thead>
          <tbody>${data.agents.map(
            (agent) => html`<tr data-agent=${agent.identifier}>
              <td><code>${agent.identifier}</code></td><td>${agent.name}</td>
              <td><${Badge} text=${agent.active ? 'active' : 'inactive'} /> <${Badge} text=${agent.runtime} /></td>
              <td>${agent.bridgeUrl ? html`<code>${agent.bridgeUrl}</code>` : html`<span class="muted">none</span>`}
                ${agent.devBridgeUrl ? html`<div class="muted">dev <code>${agent.devBridgeUrl}</code>${agent.devBridgeActive ? ' (active)' : ''}</div>` : null}</td>
              <td>${(agent.integrations ?? []).map((integration) => html`<code>${integration.identifier}</code> `)}</td>
            </tr>`,
          )}</tbody>
        </table></div>`
            : null
        }
      </section>
      <section class="card">
        <h3>Activity <span class="muted">(newest first)</span></h3>
        ${data.activity.length === 0 ? html`<p class="muted" data-testid="agent-activity-empty">No replies or bridge changes yet.</p>` : null}
        <ol class="plain">${data.activity.map(
          (entry) => html`<li data-activity=${entry.kind}>
            <${Time} iso=${entry.at} /> <code>${entry.agentIdentifier}</code> <${Badge} text=${KIND_LABELS[entry.kind] ?? entry.kind} />
            <${JsonBlock} label="What was sent or set" value=${entry.body} />
          </li>`,
        )}</ol>
      </section>`
    }
  </div>`;
}
