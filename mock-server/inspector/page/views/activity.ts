// Activity: every trigger by transaction, newest first, with its body, answer, and each
// notification's jobs, what each step sent (linked to its message), a code-first step's bridge
// calls (request, answer, time) and execution details;
// filters by workflow, subscriber, channel, status, transaction. `#activity/<transactionId>`
// opens one transaction and scrolls to it. "Load older" pages past the newest 50 (`before`).
import { useEffect, useState } from 'preact/hooks';
import type { BridgeCallExchange } from '../../../engine/event-feed';
import type { ActivityGroup, SentMessage } from '../../views/activity';
import { control } from '../api';
import { routeHash } from '../route';
import { Badge, Failure, html, JsonBlock, Loading, query, Time, useControl } from '../ui';

type Notification = ActivityGroup['notifications'][number];
type Job = Notification['jobs'][number];

/** Transactions per page (the route's default). */
const PAGE = 50;

const FILTERS = [
  ['workflowId', 'Workflow'],
  ['subscriberId', 'Subscriber'],
  ['channel', 'Channel'],
  ['status', 'Status'],
  ['transactionId', 'Transaction'],
] as const;

/** What a step sent: subject and body in short, linked to the message in the Messages tab. */
function Sent({ message }: { message: SentMessage }) {
  return html`<a class="sent" href=${routeHash('messages', message._id)} data-testid="sent"
    data-message-id=${message._id} title="Open the message">
    ${message.status === 'sent' ? null : html`<${Badge} text=${message.status} /> `}
    ${message.subject ? html`<strong>${message.subject}</strong> ` : null}
    <span>${message.excerpt}</span>
  </a>`;
}

/** One call a code-first step made to its app's bridge: when, how long, and what went each way. */
function BridgeCall({ call }: { call: BridgeCallExchange }) {
  return html`<li class="bridge-call" data-testid="bridge-call" data-ok=${String(call.ok)}>
    <${Time} iso=${call.sentAt} /> <${Badge} text=${call.ok ? 'answered' : 'failed'} />
    <code>action=${call.action}</code>
    <span class="muted"> ${call.ms} ms · ${call.attempts} attempt${call.attempts === 1 ? '' : 's'}</span>
    <div class="grid2">
      <div><${JsonBlock} label="Bridge request" value=${call.request ?? {}} /></div>
      <div><${JsonBlock} label="Bridge answer" value=${call.answer ?? null} /></div>
    </div>
  </li>`;
}

function JobRow({
  job,
  sent,
  calls,
}: {
  job: Job;
  sent: SentMessage[];
  calls: BridgeCallExchange[];
}) {
  return html`<li class="job" data-job-type=${job.type} data-job-status=${job.status}>
    <div class="job-head">
      <strong>${job.step.name}</strong> <span class="muted">${job.type}</span>
      <${Badge} text=${job.status} />
      ${job.error ? html`<span class="error-text">${job.error}</span>` : null}
    </div>
    ${sent.map((message) => html`<${Sent} message=${message} />`)}
    ${
      calls.length > 0
        ? html`<ol class="bridge-calls">${calls.map((call) => html`<${BridgeCall} call=${call} />`)}</ol>`
        : null
    }
    <ol class="details">
      ${job.executionDetails.map(
        (detail) => html`<li>
          <${Time} iso=${detail.createdAt} /> <${Badge} text=${detail.status} /> ${detail.detail}
          ${detail.raw ? html`<code class="raw">${detail.raw}</code>` : null}
        </li>`,
      )}
    </ol>
  </li>`;
}

function NotificationCard({
  item,
  messages,
  calls,
}: {
  item: Notification;
  messages: SentMessage[];
  calls: BridgeCallExchange[];
}) {
  const who = item.subscriber;
  return html`<section class="notification" data-subscriber=${who?.subscriberId ?? ''}>
    <h4>
      To ${who ? html`<strong>${who.subscriberId}</strong>` : 'a removed subscriber'}
      ${who?.email ? html` <span class="muted">${who.email}</span>` : null}
    </h4>
    <ol class="jobs">${item.jobs.map(
      (job) =>
        html`<${JobRow} job=${job} sent=${messages.filter((message) => message.jobId === job._id)}
          calls=${calls.filter((call) => call.jobId === job._id)} />`,
    )}</ol>
  </section>`;
}

function answerStatus(group: ActivityGroup): string {
  const answer = group.trigger?.answer as { status?: unknown } | undefined;
  if (typeof answer?.status === 'string') return answer.status;
  return group.trigger?.status === undefined ? 'run' : String(group.trigger.status);
}

function Group({
  group,
  open,
  current,
}: {
  group: ActivityGroup;
  open: boolean;
  current: boolean;
}) {
  const body = (group.trigger?.body ?? {}) as Record<string, unknown>;
  const recipients = group.notifications.length;
  const id = group.transactionId ?? group.key;
  // The linked transaction scrolls into view once it is on the page.
  useEffect(() => {
    if (current) document.getElementById(`txn-${id}`)?.scrollIntoView({ block: 'start' });
  }, [current, id]);
  return html`<article class=${`card group ${current ? 'current' : ''}`} id=${`txn-${id}`}
    data-transaction=${id} aria-current=${current ? 'true' : undefined}>
    <details open=${open || current}>
      <summary>
        <span class="summary-main"><strong>${group.workflowId ?? '(no workflow)'}</strong>
        <${Badge} text=${answerStatus(group)} /></span>
        <span class="muted">${`${recipients} recipient${recipients === 1 ? '' : 's'} · `}<${Time} iso=${group.at} /></span>
        ${
          group.transactionId
            ? html`<a class="txn" href=${routeHash('activity', group.transactionId)} title="Link to this transaction"><code>${group.transactionId}</code></a>`
            : html`<code class="txn">no transaction</code>`
        }
      </summary>
      ${group.notifications.map(
        (item) =>
          html`<${NotificationCard} item=${item} messages=${group.messages} calls=${group.bridgeCalls ?? []} />`,
      )}
      <div class="grid2">
        ${
          group.trigger
            ? html`<div><h4>Payload</h4><${JsonBlock} label="Payload" value=${body['payload'] ?? {}} /></div>
              <div><h4>Overrides</h4><${JsonBlock} label="Overrides" value=${body['overrides'] ?? {}} /></div>
              <div><h4>Request body</h4><${JsonBlock} label="Request body" value=${body} /></div>
              <div><h4>Answer ${group.trigger.status ?? ''}</h4>
                <${JsonBlock} label="Answer" value=${group.trigger.answer ?? null} /></div>`
            : html`<p class="muted">The trigger's request is no longer remembered (the last 200 are).</p>`
        }
      </div>
    </details>
  </article>`;
}

/** The Activity tab. */
export function ActivityView({
  env,
  version,
  transactionId,
}: {
  env: string;
  version: number;
  /** The transaction the URL names (`#activity/<transactionId>`). */
  transactionId: string | null;
}) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const path = `/inspector/activity${query({ environment: env, ...filters })}`;
  const { data, error } = useControl<ActivityGroup[]>(path, [version]);
  // Older pages stay while the newest reloads on each event; other filters start over.
  const [older, setOlder] = useState<{ path: string; groups: ActivityGroup[]; more: boolean }>({
    path,
    groups: [],
    more: true,
  });
  const [olderError, setOlderError] = useState<string | null>(null);
  const pages = older.path === path ? older : { path, groups: [], more: true };
  const shown = data ?? [];
  const keys = new Set(shown.map((group) => group.key));
  const groups = [...shown, ...pages.groups.filter((group) => !keys.has(group.key))];
  const last = groups.at(-1);
  const loadOlder = () => {
    if (!last) return;
    const more = `${path}${path.includes('?') ? '&' : '?'}before=${encodeURIComponent(last.cursor)}`;
    control<ActivityGroup[]>('GET', more).then(
      (page) => {
        setOlderError(null);
        setOlder({ path, groups: [...pages.groups, ...page], more: page.length === PAGE });
      },
      (failure: unknown) => setOlderError(String(failure)),
    );
  };
  return html`<div>
    <form class="filters" onSubmit=${(event: Event) => event.preventDefault()} aria-label="Filter the activity">
      ${FILTERS.map(
        ([name, label]) => html`<label>${label}
          <input name=${name} value=${filters[name] ?? ''} placeholder=${name === 'status' ? 'failed, 201…' : ''}
            onChange=${(event: Event) =>
              setFilters({
                ...filters,
                [name]: (event.target as HTMLInputElement).value.trim(),
              })} />
        </label>`,
      )}
    </form>
    <${Failure} error=${error} />
    ${data === null && !error ? html`<${Loading} />` : null}
    ${data?.length === 0 ? html`<p class="empty">No triggers yet. Trigger a workflow and it shows here as it runs.</p>` : null}
    ${
      transactionId && data && !groups.some((group) => group.transactionId === transactionId)
        ? html`<p class="muted hint" role="status">No transaction ${transactionId} in this list (another environment, a filter, or older: load older below).</p>`
        : null
    }
    ${groups.map(
      (group, index) =>
        html`<${Group} key=${group.key} group=${group} open=${index === 0 && !transactionId}
          current=${transactionId !== null && group.transactionId === transactionId} />`,
    )}
    <${Failure} error=${olderError} />
    ${
      shown.length === PAGE && pages.more
        ? html`<button type="button" class="older" data-testid="load-older" onClick=${loadOlder}>Load older</button>`
        : null
    }
  </div>`;
}
