// Time and faults: the virtual clock with the delays and digests waiting for it (advance, set,
// settle), fault rules (add, remove) and snapshots (take, restore, delete), all through the
// default control routes.
import { useState } from 'preact/hooks';
import type { clockState } from '../../views/state';
import { control } from '../api';
import { Badge, Failure, html, JsonBlock, Time, useControl } from '../ui';

type Clock = ReturnType<typeof clockState>;
interface Fault {
  id: string;
  kind?: string;
  [name: string]: unknown;
}
interface Snapshot {
  id: string;
  takenAt: string;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const OPERATIONS = [
  'events.trigger',
  'subscribers.retrieve',
  'subscribers.update',
  'subscribers.search',
  'subscribers.credentials.upsert',
  'subscribers.subscriptions.list',
  'subscribers.messages.markAs',
  'notifications.list',
  'notifications.retrieve',
  'workflows.list',
  'workflows.sync',
  'integrations.list',
  'integrations.create',
  'integrations.setPrimary',
];

/** `90s`, `5m`, `2h`, `1d`, `1h30m` or plain milliseconds, in milliseconds. */
function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  let total = 0;
  const rest = trimmed.replace(
    /(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)/g,
    (_all, amount: string, unit: string) => {
      total += Number(amount) * (UNITS[unit] ?? 0);
      return '';
    },
  );
  return rest.trim() === '' && trimmed !== '' ? total : undefined;
}

/** The Time & faults tab. */
export function TimeView({ version, bump }: { version: number; bump: () => void }) {
  const clock = useControl<Clock>('/inspector/clock', [version]);
  const faults = useControl<Fault[]>('/faults', [version]);
  const snapshots = useControl<Snapshot[]>('/snapshots', [version]);
  const [failure, setFailure] = useState<string | null>(null);
  const [advance, setAdvance] = useState('1h');
  const [setTo, setSetTo] = useState('');
  const [fault, setFault] = useState({ operation: 'events.trigger', status: '503', times: '1' });
  const [snapshotId, setSnapshotId] = useState('');

  async function act(method: string, path: string, body?: unknown) {
    try {
      setFailure(null);
      await control(method, path, body);
    } catch (error) {
      setFailure(String(error));
    }
    bump();
  }
  function onAdvance(event: Event) {
    event.preventDefault();
    const ms = parseDuration(advance);
    if (ms === undefined)
      setFailure(`"${advance}" is not a duration: use 30s, 5m, 2h, 1d or milliseconds`);
    else void act('POST', '/clock/advance', { ms });
  }
  function onSet(event: Event) {
    event.preventDefault();
    if (setTo) void act('POST', '/clock/set', { to: new Date(setTo).toISOString() });
  }
  function onFault(event: Event) {
    event.preventDefault();
    const times = fault.times.trim() === '' ? undefined : Number(fault.times);
    void act('POST', '/faults', {
      match: fault.operation ? { operation: fault.operation } : {},
      ...(times === undefined ? {} : { times }),
      respond: { status: Number(fault.status) },
    });
  }
  const pending = clock.data?.pending ?? [];
  return html`<div class="stack">
    <${Failure} error=${failure} />
    <section class="card" aria-labelledby="clock-title">
      <h3 id="clock-title">Clock <code data-testid="clock-now">${clock.data?.now ?? ''}</code></h3>
      <form class="inline" onSubmit=${onAdvance}>
        <label>Advance by <input name="advance" value=${advance} size="8"
          onInput=${(event: Event) => setAdvance((event.target as HTMLInputElement).value)} /></label>
        <button type="submit">Advance</button>
      </form>
      <form class="inline" onSubmit=${onSet}>
        <label>Set to (your local time) <input type="datetime-local" step="1" value=${setTo}
          onInput=${(event: Event) => setSetTo((event.target as HTMLInputElement).value)} /></label>
        <button type="submit">Set</button>
      </form>
      <div class="inline">
        <button type="button" onClick=${() => act('POST', '/settle', {})}>Settle (run what is due)</button>
        <button type="button" onClick=${() => act('POST', '/settle', { skipTime: true })}>Settle, skipping time</button>
      </div>
      <h4>Waiting (${pending.length})</h4>
      ${pending.length === 0 ? html`<p class="muted">No delay or digest is waiting.</p>` : null}
      <ul class="plain" data-testid="pending">${pending.map(
        (
          task,
        ) => html`<li data-kind=${task.kind}><${Badge} text=${task.kind} /> fires <${Time} iso=${task.at} />
          · ${task.workflowId ?? '?'} → ${task.subscriberId ?? '?'} <code class="txn">${task.transactionId ?? ''}</code></li>`,
      )}</ul>
    </section>
    <section class="card" aria-labelledby="faults-title">
      <h3 id="faults-title">Faults</h3>
      <form class="inline" onSubmit=${onFault} aria-label="Add a fault">
        <label>Operation <input list="operations" value=${fault.operation} size="22"
          onInput=${(event: Event) => setFault({ ...fault, operation: (event.target as HTMLInputElement).value })} /></label>
        <datalist id="operations">${OPERATIONS.map((name) => html`<option value=${name} />`)}</datalist>
        <label>Status <input type="number" min="400" max="599" value=${fault.status} size="4"
          onInput=${(event: Event) => setFault({ ...fault, status: (event.target as HTMLInputElement).value })} /></label>
        <label>Times <input type="number" min="1" value=${fault.times} size="3" placeholder="∞"
          onInput=${(event: Event) => setFault({ ...fault, times: (event.target as HTMLInputElement).value })} /></label>
        <button type="submit">Add fault</button>
      </form>
      ${faults.data?.length === 0 ? html`<p class="muted">No active fault.</p>` : null}
      <ul class="plain" data-testid="faults">${faults.data?.map(
        (item) => html`<li data-fault-id=${item.id}><code>${item.id}</code>
          <${JsonBlock} label="Fault" value=${item} />
          <button type="button" onClick=${() => act('DELETE', `/faults/${encodeURIComponent(item.id)}`)}>Remove</button></li>`,
      )}</ul>
      ${faults.data?.length ? html`<button type="button" onClick=${() => act('DELETE', '/faults')}>Remove all</button>` : null}
    </section>
    <section class="card" aria-labelledby="snapshots-title">
      <h3 id="snapshots-title">Snapshots</h3>
      <form class="inline" onSubmit=${(event: Event) => {
        event.preventDefault();
        void act('POST', '/snapshots', snapshotId ? { id: snapshotId } : {});
      }}>
        <label>Id <input value=${snapshotId} placeholder="optional" size="14"
          onInput=${(event: Event) => setSnapshotId((event.target as HTMLInputElement).value)} /></label>
        <button type="submit">Take snapshot</button>
      </form>
      <ul class="plain">${snapshots.data?.map(
        (snapshot) => html`<li><code>${snapshot.id}</code> taken <${Time} iso=${snapshot.takenAt} />
          <button type="button" onClick=${() => act('POST', `/snapshots/${encodeURIComponent(snapshot.id)}/restore`, {})}>Restore</button>
          <button type="button" onClick=${() => act('DELETE', `/snapshots/${encodeURIComponent(snapshot.id)}`)}>Delete</button></li>`,
      )}</ul>
    </section>
  </div>`;
}
