// Messages: every stored message as the recipient gets it. An email's HTML renders in a frame
// sandboxed without scripts, forms or same-origin access, next to its envelope. A message that
// was not delivered (status `warning` or `error`) is marked in the list; `#messages/<id>` opens one.
import { useState } from 'preact/hooks';
import type { MessageView } from '../../views/messages';
import { go, routeHash } from '../route';
import { Badge, Failure, html, JsonBlock, Loading, query, Time, useControl } from '../ui';

const CHANNELS = ['', 'email', 'in_app', 'sms', 'chat', 'push'];

function excerpt(message: MessageView): string {
  if (message.subject) return message.subject;
  const text =
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
}

function recipient(message: MessageView): string {
  const target = message.target;
  return (
    message.email?.to.join(', ') ||
    target.phone ||
    target.webhookUrl ||
    target.deviceTokens?.join(', ') ||
    message.subscriberId ||
    ''
  );
}

function Row({ label, children }: { label: string; children: unknown }) {
  return html`<div class="row"><dt>${label}</dt><dd>${children}</dd></div>`;
}

function EmailDetail({ message }: { message: MessageView }) {
  const envelope = message.email;
  if (!envelope) return null;
  const headers = Object.entries(envelope.headers);
  return html`<div>
    <dl class="envelope">
      <${Row} label="Subject"><strong data-testid="email-subject">${message.subject ?? ''}</strong><//>
      <${Row} label="From">${envelope.from ?? html`<span class="muted">(integration has none)</span>`}<//>
      <${Row} label="To">${envelope.to.join(', ')}<//>
      ${envelope.cc.length ? html`<${Row} label="Cc">${envelope.cc.join(', ')}<//>` : null}
      ${envelope.bcc.length ? html`<${Row} label="Bcc">${envelope.bcc.join(', ')}<//>` : null}
      ${envelope.replyTo ? html`<${Row} label="Reply-To">${envelope.replyTo}<//>` : null}
      ${headers.map(([name, value]) => html`<${Row} label=${name}>${String(value)}<//>`)}
    </dl>
    <iframe class="email-frame" data-testid="email-frame" title="Email body as the recipient sees it"
      sandbox="" referrerpolicy="no-referrer" srcdoc=${String(message.content ?? '')}></iframe>
  </div>`;
}

function Detail({ message }: { message: MessageView }) {
  return html`<section class="card detail" aria-label="Message" data-testid="message-detail">
    <h3><${Badge} text=${message.channel} /> ${message.workflowId ?? ''} → ${message.subscriberId ?? '?'}</h3>
    <p class="muted"><${Time} iso=${message.createdAt} /> · via ${message.providerId ?? '—'} ·
      <${Badge} text=${message.status} /> ${message.errorText ?? ''}</p>
    ${
      message.channel === 'email'
        ? html`<${EmailDetail} message=${message} />`
        : html`<dl class="envelope">
            ${message.subject ? html`<${Row} label="Subject">${message.subject}<//>` : null}
            <${Row} label="To">${recipient(message)}<//>
          </dl>
          ${
            typeof message.content === 'string'
              ? html`<p class="message-text" data-testid="message-text">${message.content}</p>`
              : html`<${JsonBlock} label="Content" value=${message.content} />`
          }
          ${message.inApp ? html`<${JsonBlock} label="In-app fields" value=${message.inApp} />` : null}`
    }
    <p class="muted">Transaction <a href=${routeHash('activity', message.transactionId)}
      data-testid="message-transaction"><code>${message.transactionId}</code></a></p>
  </section>`;
}

/** The Messages tab. */
export function MessagesView({
  env,
  version,
  messageId,
}: {
  env: string;
  version: number;
  /** The message the URL names (`#messages/<id>`). */
  messageId: string | null;
}) {
  const [channel, setChannel] = useState('');
  const selected = messageId;
  const setSelected = (id: string) => go('messages', id);
  const { data, error } = useControl<MessageView[]>(
    `/inspector/messages${query({ environment: env, channel })}`,
    [version],
  );
  const open = data?.find((message) => message._id === selected);
  return html`<div>
    <form class="filters" onSubmit=${(event: Event) => event.preventDefault()}>
      <label>Channel
        <select value=${channel} onChange=${(event: Event) => setChannel((event.target as HTMLSelectElement).value)}>
          ${CHANNELS.map((name) => html`<option value=${name}>${name || 'all'}</option>`)}
        </select>
      </label>
    </form>
    <${Failure} error=${error} />
    ${data === null && !error ? html`<${Loading} />` : null}
    ${data?.length === 0 ? html`<p class="empty">No messages yet. A trigger's steps store them here as they send.</p>` : null}
    <div class="split">
      <ul class="list" aria-label="Messages">
        ${data?.map(
          (message) => html`<li key=${message._id}>
            <button type="button" class=${`item ${message._id === selected ? 'selected' : ''} ${message.status === 'sent' ? '' : 'undelivered'}`}
              data-message-id=${message._id} data-channel=${message.channel} data-status=${message.status}
              aria-pressed=${message._id === selected} onClick=${() => setSelected(message._id)}>
              <span class="item-head"><${Badge} text=${message.channel} /> <strong>${excerpt(message)}</strong></span>
              ${
                message.status === 'sent'
                  ? null
                  : html`<span class="undelivered-note" data-testid="undelivered"><${Badge} text=${message.status} />
                      not delivered${message.errorText ? `: ${message.errorText}` : ''}</span>`
              }
              <span class="muted">${recipient(message)} · <${Time} iso=${message.createdAt} /></span>
            </button>
          </li>`,
        )}
      </ul>
      ${
        open
          ? html`<${Detail} message=${open} />`
          : selected && data
            ? html`<p class="muted hint" role="status">No message ${selected} here (another environment or channel, or removed).</p>`
            : data?.length
              ? html`<p class="muted hint">Pick a message to see it as the recipient does.</p>`
              : null
      }
    </div>
  </div>`;
}
