// Small pieces every view shares: the html tag, JSON blocks, status badges, times, data loading.
import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { control } from './api';
import { takeFirstFrame } from './first-frame';

export { html };

/** Pretty JSON in a scrollable block. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return html`<pre class="json" tabindex="0" aria-label=${label}>${JSON.stringify(value, null, 2)}</pre>`;
}

const TONES: Record<string, string> = {
  completed: 'ok',
  sent: 'ok',
  processed: 'ok',
  read: 'ok',
  primary: 'ok',
  ACTIVE: 'ok',
  delayed: 'wait',
  pending: 'wait',
  queued: 'wait',
  running: 'wait',
  merged: 'muted',
  skipped: 'muted',
  canceled: 'muted',
  INACTIVE: 'muted',
  warning: 'warn',
  failed: 'bad',
  error: 'bad',
  ERROR: 'bad',
};

/** A status word as a coloured badge. */
export function Badge({ text }: { text: string | number }) {
  const word = String(text);
  const tone = TONES[word] ?? (/^[45]\d\d$/.test(word) ? 'bad' : /^2\d\d$/.test(word) ? 'ok' : '');
  return html`<span class=${`badge ${tone}`}>${word}</span>`;
}

/** An ISO time as the local clock time (the full ISO text on hover). */
export function Time({ iso }: { iso: string | null | undefined }) {
  if (!iso) return html`<span class="muted">—</span>`;
  const date = new Date(iso);
  const text = `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)}Z`;
  return html`<time datetime=${iso} title=${iso}>${text}</time>`;
}

/** Loads a control route again whenever `deps` change; `null` while the first load runs. */
export function useControl<T>(
  path: string | undefined,
  deps: readonly unknown[],
): { data: T | null; error: string | null } {
  const [state, setState] = useState<{ data: T | null; error: string | null }>(() => ({
    data: path === undefined ? null : ((takeFirstFrame(path) as T | undefined) ?? null),
    error: null,
  }));
  useEffect(() => {
    if (path === undefined) return;
    let current = true;
    control<T>('GET', path).then(
      (data) => current && setState({ data, error: null }),
      (error: unknown) => current && setState((old) => ({ data: old.data, error: String(error) })),
    );
    return () => {
      current = false;
    };
  }, [path, ...deps]);
  return state;
}

/** A query string from the filled fields. */
export function query(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The loading state: shown until a view's first answer arrives (a fresh page is never blank). */
export function Loading({ inline = false }: { inline?: boolean }) {
  return inline
    ? html`<span class="loading" role="status" aria-busy="true">loading…</span>`
    : html`<p class="loading" role="status" aria-busy="true" data-testid="loading">Loading…</p>`;
}

/** A failure line, announced to screen readers. */
export function Failure({ error }: { error: string | null }) {
  return error ? html`<p class="failure" role="alert">${error}</p>` : null;
}
