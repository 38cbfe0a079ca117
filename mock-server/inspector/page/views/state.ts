// State: environments (keys masked, revealed on request), subscribers with their channel
// credentials and topics, topics, workflows with steps and issues, integrations.
import { useState } from 'preact/hooks';
import type { environmentState } from '../../views/state';
import { control } from '../api';
import { Badge, Failure, html, JsonBlock, Loading, query, Time, useControl } from '../ui';

type State = ReturnType<typeof environmentState>;
interface EnvironmentSummary {
  _id: string;
  name: string;
  identifier: string;
  apiKeyMasked: string;
}

function Environments({ version }: { version: number }) {
  const { data, error } = useControl<EnvironmentSummary[]>('/inspector/environments', [version]);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  async function reveal(id: string) {
    if (revealed[id]) {
      const { [id]: _hidden, ...rest } = revealed;
      setRevealed(rest);
      return;
    }
    try {
      const all = await control<{ _id: string; apiKey: string }[]>('GET', '/environments');
      const key = all.find((environment) => environment._id === id)?.apiKey;
      if (key) setRevealed({ ...revealed, [id]: key });
    } catch (caught) {
      setFailure(String(caught));
    }
  }
  return html`<section class="card">
    <h3>Environments</h3>
    <${Failure} error=${failure ?? error} />
    <div class="scroll"><table>
      <thead><tr><th>Name</th><th>_id</th><th>API key</th><th></th></tr></thead>
      <tbody>${data?.map(
        (environment) => html`<tr>
          <td>${environment.name}</td><td><code>${environment._id}</code></td>
          <td><code data-testid=${`key-${environment.name}`}>${revealed[environment._id] ?? environment.apiKeyMasked}</code></td>
          <td><button type="button" onClick=${() => reveal(environment._id)}>${revealed[environment._id] ? 'Hide' : 'Reveal'}</button></td>
        </tr>`,
      )}</tbody>
    </table></div>
  </section>`;
}

/** The State tab. */
export function StateView({ env, version }: { env: string; version: number }) {
  const { data, error } = useControl<State>(`/inspector/state${query({ environment: env })}`, [
    version,
  ]);
  return html`<div class="stack">
    <${Environments} version=${version} />
    <${Failure} error=${error} />
    ${data === null && !error ? html`<${Loading} />` : null}
    ${
      data &&
      html`<section class="card">
        <h3>Subscribers <span class="muted">(${data.subscribers.total}${data.subscribers.total > data.subscribers.items.length ? `, first ${data.subscribers.items.length} shown` : ''})</span></h3>
        <div class="scroll"><table>
          <thead><tr><th>subscriberId</th><th>Name</th><th>Email</th><th>Phone</th><th>Topics</th><th>Credentials</th></tr></thead>
          <tbody>${data.subscribers.items.map(
            (item) => html`<tr>
              <td><code>${item.subscriberId}</code></td>
              <td>${[item.firstName, item.lastName].filter(Boolean).join(' ')}</td>
              <td>${item.email ?? ''}</td><td>${item.phone ?? ''}</td>
              <td>${item.topics.join(', ')}</td>
              <td>${item.channels.length ? html`<${JsonBlock} label="Channel credentials" value=${item.channels} />` : ''}</td>
            </tr>`,
          )}</tbody>
        </table></div>
      </section>
      <section class="card">
        <h3>Topics</h3>
        ${data.topics.length === 0 ? html`<p class="muted">None.</p>` : null}
        <ul class="plain">${data.topics.map((topic) => html`<li><code>${topic.key}</code> ${topic.name ?? ''} · ${topic.subscribers} subscriber(s)</li>`)}</ul>
      </section>
      <section class="card">
        <h3>Workflows</h3>
        ${data.bridgeUrl ? html`<p class="muted" data-testid="bridge-url">Code-first workflows run through the bridge <code>${data.bridgeUrl}</code>.</p>` : null}
        ${data.workflows.map(
          (workflow) => html`<div class="workflow" data-workflow=${workflow.workflowId}>
            <h4><code>${workflow.workflowId}</code> ${workflow.name} <${Badge} text=${workflow.status} />
              ${workflow.active ? null : html`<${Badge} text="inactive" />`}
              ${workflow.origin === 'external' ? html`<${Badge} text="code-first" />` : null}
              <span class="muted"> last triggered <${Time} iso=${workflow.lastTriggeredAt} /></span></h4>
            <ol class="steps">${workflow.steps.map(
              (step) => html`<li>${step.name} <span class="muted">${step.type}</span>
                ${step.active ? null : html`<${Badge} text="inactive" />`}
                ${step.issues ? html`<${JsonBlock} label="Step issues" value=${step.issues} />` : null}</li>`,
            )}</ol>
          </div>`,
        )}
      </section>
      <section class="card">
        <h3>Integrations</h3>
        <div class="scroll"><table>
          <thead><tr><th>Identifier</th><th>Provider</th><th>Channel</th><th>State</th><th>Credentials</th></tr></thead>
          <tbody>${data.integrations.map(
            (integration) => html`<tr>
              <td><code>${integration.identifier}</code></td><td>${integration.providerId}</td><td>${integration.channel}</td>
              <td>${integration.primary ? html`<${Badge} text="primary" />` : null}
                <${Badge} text=${integration.active ? 'active' : 'inactive'} /></td>
              <td class="muted">${integration.credentialNames.join(', ')}</td>
            </tr>`,
          )}</tbody>
        </table></div>
      </section>`
    }
  </div>`;
}
