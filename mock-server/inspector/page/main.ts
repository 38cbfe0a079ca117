// The inspector page: tabs over the engine's activity, messages, inboxes, state, agents, and time and
// faults, refreshed live from the engine's event feed; the URL fragment deep-links a tab, a
// transaction or a message (route.ts). See docs/inspector.md.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './style.css';
import { followEvents, type LiveState } from './live';
import { go, TABS, type Tab, useRoute } from './route';
import { html, Loading, useControl } from './ui';
import { ActivityView } from './views/activity';
import { AgentsView } from './views/agents';
import { InboxView } from './views/inbox';
import { MessagesView } from './views/messages';
import { StateView } from './views/state';
import { TimeView } from './views/time';

/** Where the engine keeps its data (`GET /__svc/data`). */
interface DataPlace {
  kept: boolean;
  directory?: string;
  bytes?: number;
}

function dataText(place: DataPlace | null | undefined): string {
  if (place === null || place === undefined) return '';
  if (!place.kept) return 'Data: in memory only';
  const bytes = place.bytes ?? 0;
  const size =
    bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
  return `Data: ${place.directory} (${size})`;
}

function App() {
  const { tab, id } = useRoute();
  const setTab = (next: Tab) => go(next);
  const [env, setEnv] = useState('Development');
  const [version, setVersion] = useState(0);
  const [live, setLive] = useState<LiveState>('connecting');
  const [lastEvent, setLastEvent] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const environments = useControl<{ _id: string; name: string }[]>('/inspector/environments', []);
  const clock = useControl<{ now: string }>('/clock', [version]);
  const data = useControl<DataPlace>('/data', [version]);

  const bump = () => setVersion((value) => value + 1);
  useEffect(
    () =>
      followEvents(
        (message) => {
          if (message.event !== 'engine') return;
          setLastEvent(`${message.data.type ?? ''} #${message.data.seq ?? ''}`);
          // A trigger makes a burst of events: refresh once the burst is over.
          clearTimeout(timer.current);
          timer.current = setTimeout(bump, 120);
        },
        (state) => {
          setLive(state);
          if (state === 'live') bump();
        },
      ),
    [],
  );

  function onTabKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = TABS.findIndex(([name]) => name === tab);
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    if (!next) return;
    setTab(next[0]);
    document.getElementById(`tab-${next[0]}`)?.focus();
  }

  const props = { env, version };
  return html`<div class="app">
    <header class="top">
      <h1>svc-mock inspector</h1>
      <label class="env">Environment
        <select value=${env} onChange=${(event: Event) => setEnv((event.target as HTMLSelectElement).value)}>
          ${(environments.data ?? [{ _id: 'Development', name: 'Development' }]).map(
            (environment) => html`<option value=${environment.name}>${environment.name}</option>`,
          )}
        </select>
      </label>
      <span class="clock" title="The engine's virtual clock">Clock ${
        clock.data
          ? html`<code data-testid="header-clock">${clock.data.now}</code>`
          : html`<${Loading} inline />`
      }</span>
      <span class="data" data-testid="data" title="Where svc-mock keeps its data (--data)">${dataText(data.data)}</span>
      <span class=${`live ${live}`} data-testid="live" role="status" title=${lastEvent}>${live}</span>
      <button type="button" onClick=${bump}>Refresh</button>
    </header>
    <nav class="tabs" role="tablist" aria-label="Inspector views" onKeyDown=${onTabKey}>
      ${TABS.map(
        ([
          name,
          label,
        ]) => html`<button type="button" role="tab" id=${`tab-${name}`} data-tab=${name}
          aria-selected=${tab === name} aria-controls="panel" tabindex=${tab === name ? 0 : -1}
          onClick=${() => setTab(name)}>${label}</button>`,
      )}
    </nav>
    <main id="panel" role="tabpanel" aria-labelledby=${`tab-${tab}`} data-view=${tab}>
      ${tab === 'activity' ? html`<${ActivityView} ...${props} transactionId=${id} />` : null}
      ${tab === 'messages' ? html`<${MessagesView} ...${props} messageId=${id} />` : null}
      ${tab === 'inbox' ? html`<${InboxView} ...${props} />` : null}
      ${tab === 'state' ? html`<${StateView} ...${props} />` : null}
      ${tab === 'agents' ? html`<${AgentsView} ...${props} />` : null}
      ${tab === 'time' ? html`<${TimeView} version=${version} bump=${bump} />` : null}
    </main>
  </div>`;
}

const root = document.getElementById('app');
if (root) {
  root.textContent = ''; // the "Loading…" line the HTML shows until the script runs
  render(html`<${App} />`, root);
}
