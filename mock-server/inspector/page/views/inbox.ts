// Inbox: a subscriber's in-app messages with read, seen and archived state. Marking goes through
// the control route that calls the API's own mark-as operation, so the API agrees.
import { useState } from 'preact/hooks';
import type { inbox } from '../../views/messages';
import type { environmentState } from '../../views/state';
import { control } from '../api';
import { Badge, Failure, html, Loading, query, Time, useControl } from '../ui';

type Inbox = ReturnType<typeof inbox>;
type State = ReturnType<typeof environmentState>;

/** The Inbox tab. */
export function InboxView({ env, version }: { env: string; version: number }) {
  const subscribers = useControl<State>(`/inspector/state${query({ environment: env })}`, [
    version,
  ]);
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const subscriberId = chosen || subscribers.data?.subscribers.items[0]?.subscriberId || '';
  const box = useControl<Inbox>(
    subscriberId
      ? `/inspector/inbox/${encodeURIComponent(subscriberId)}${query({ environment: env })}`
      : undefined,
    [version],
  );
  async function mark(messageId: string, markAs: string) {
    try {
      setFailure(null);
      await control(
        'POST',
        `/inspector/inbox/${encodeURIComponent(subscriberId)}/mark${query({ environment: env })}`,
        {
          messageId,
          markAs,
        },
      );
    } catch (error) {
      setFailure(String(error));
    }
  }
  return html`<div>
    <form class="filters" onSubmit=${(event: Event) => event.preventDefault()}>
      <label>Subscriber
        <select value=${subscriberId} data-testid="inbox-subscriber"
          onChange=${(event: Event) => setChosen((event.target as HTMLSelectElement).value)}>
          ${subscribers.data?.subscribers.items.map(
            (item) =>
              html`<option value=${item.subscriberId}>${item.subscriberId}${item.firstName ? ` (${item.firstName})` : ''}</option>`,
          )}
        </select>
      </label>
      ${box.data ? html`<p class="counts"><strong>${box.data.unread}</strong> unread · <strong>${box.data.unseen}</strong> unseen</p>` : null}
    </form>
    <${Failure} error=${failure ?? box.error ?? subscribers.error} />
    ${subscribers.data === null && !subscribers.error ? html`<${Loading} />` : null}
    ${box.data?.messages.length === 0 ? html`<p class="empty">This inbox is empty.</p>` : null}
    <ul class="inbox" aria-label="In-app messages">
      ${box.data?.messages.map(
        (message) => html`<li key=${message._id} class=${`card ${message.read ? '' : 'unread'}`}
          data-message-id=${message._id} data-read=${String(message.read)} data-seen=${String(message.seen)}>
          <div class="inbox-text">
            ${message.subject ? html`<strong>${message.subject}</strong>` : null}
            <span>${typeof message.content === 'string' ? message.content : JSON.stringify(message.content)}</span>
            <span class="muted"><${Time} iso=${message.createdAt} /> · ${message.workflowId ?? ''}</span>
          </div>
          <div class="inbox-state">
            <${Badge} text=${message.read ? 'read' : 'unread'} />
            <${Badge} text=${message.seen ? 'seen' : 'unseen'} />
            ${message.archived ? html`<${Badge} text="archived" />` : null}
          </div>
          <div class="actions">
            <button type="button" onClick=${() => mark(message._id, message.read ? 'unread' : 'read')}>
              ${message.read ? 'Mark unread' : 'Mark read'}</button>
            ${message.seen ? null : html`<button type="button" onClick=${() => mark(message._id, 'seen')}>Mark seen</button>`}
          </div>
        </li>`,
      )}
    </ul>
  </div>`;
}
