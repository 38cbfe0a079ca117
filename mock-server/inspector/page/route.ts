// Deep links of the inspector: the URL fragment names the tab and, for Activity and Messages,
// one transaction or one message: `#activity`, `#activity/<transactionId>`, `#messages/<id>`.
// (`#token=...` is the control token's, read and removed by api.ts before this runs.)
import { useEffect, useState } from 'preact/hooks';

/** The inspector's tabs, in order. */
export const TABS = [
  ['activity', 'Activity'],
  ['messages', 'Messages'],
  ['inbox', 'Inbox'],
  ['state', 'State'],
  ['agents', 'Agents'],
  ['time', 'Time & faults'],
] as const;
/** A tab's name. */
export type Tab = (typeof TABS)[number][0];

/** Where the page is: a tab, and the transaction or message it points at, if any. */
export interface Route {
  tab: Tab;
  id: string | null;
}

/** The route a fragment names; an unknown or empty one is the Activity tab. */
export function parseRoute(hash: string): Route {
  const [name = '', ...rest] = hash.replace(/^#/, '').split('/');
  const tab = TABS.find(([known]) => known === name)?.[0] ?? 'activity';
  const id = rest.length > 0 ? decodeURIComponent(rest.join('/')) : null;
  return { tab, id: id === '' ? null : id };
}

/** The fragment of a route (`#messages/<id>`). */
export function routeHash(tab: Tab, id?: string | null): string {
  return id ? `#${tab}/${encodeURIComponent(id)}` : `#${tab}`;
}

// `hashchange` fires a task later; the page's own moves announce themselves at once, so a tab
// is selected in the same turn as the key or click that chose it.
const MOVED = 'svc-route';

/** The current route, following the fragment (links, back and forward). */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const follow = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', follow);
    addEventListener(MOVED, follow);
    return () => {
      removeEventListener('hashchange', follow);
      removeEventListener(MOVED, follow);
    };
  }, []);
  return route;
}

/** Goes to a route: the fragment changes, so the address can be copied and shared. */
export function go(tab: Tab, id?: string | null): void {
  const hash = routeHash(tab, id);
  if (location.hash === hash) return;
  location.hash = hash;
  dispatchEvent(new Event(MOVED));
}
