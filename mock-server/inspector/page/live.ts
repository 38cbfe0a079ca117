// Live updates: the server-sent events of `/__svc/ui/events`, read with fetch (not EventSource)
// so the control token goes in a header, never in the URL. After a reconnect the page reloads
// its view (the stream does not replay what it missed).
import { askToken, authHeaders } from './api';

/** What the stream says: an engine event, or the greeting sent on connect. */
export interface LiveMessage {
  event: string;
  data: { type?: string; seq?: number; [name: string]: unknown };
}

/** Connection state shown in the header. */
export type LiveState = 'connecting' | 'live' | 'offline';

function parseBlock(block: string): LiveMessage | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? undefined : { event, data: JSON.parse(data.join('\n')) };
}

/** Follows the event stream until `stop()`; calls `onState` as the connection comes and goes. */
export function followEvents(
  onMessage: (message: LiveMessage) => void,
  onState: (state: LiveState) => void,
): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let askedToken = false;

  async function connect(): Promise<void> {
    while (!stopped) {
      onState('connecting');
      controller = new AbortController();
      try {
        const response = await fetch('/__svc/ui/events', {
          headers: { accept: 'text/event-stream', ...authHeaders() },
          signal: controller.signal,
        });
        if (response.status === 401 && !askedToken) {
          askedToken = true;
          if (askToken()) continue;
        }
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
        onState('live');
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const message = parseBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (message) onMessage(message);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Dropped or refused: wait and try again below.
      }
      if (stopped) return;
      onState('offline');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }

  void connect();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
