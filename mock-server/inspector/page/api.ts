// The page's one way to the server: the control API (`/__svc/...`) with the control token when
// one is set. The token comes from the URL fragment (`#token=...`, removed from the address bar
// at once) or a prompt, and stays in this tab's sessionStorage; it is never in the served HTML.
const TOKEN_KEY = 'svc-control-token';
const TOKEN_HEADER = 'x-svc-control-token';

function tokenFromFragment(): string | undefined {
  const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (!match) return undefined;
  const token = decodeURIComponent(match[1] ?? '');
  history.replaceState(null, '', location.pathname + location.search);
  return token;
}

let token = tokenFromFragment() ?? sessionStorage.getItem(TOKEN_KEY) ?? undefined;
if (token) sessionStorage.setItem(TOKEN_KEY, token);

/** Headers every request of the page carries. */
export function authHeaders(): Record<string, string> {
  return token ? { [TOKEN_HEADER]: token } : {};
}

/** Asks for the control token after the server refused one; false when the user cancels. */
export function askToken(): boolean {
  const answer = prompt('This svc-mock needs its control token (--control-token):');
  if (answer === null || answer === '') return false;
  token = answer.trim();
  sessionStorage.setItem(TOKEN_KEY, token);
  return true;
}

/** An answer of the control API that was not a success. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calls a control route and returns its `data`; a refused token prompts once and retries. */
export async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  // Every write carries a JSON body and type (the control API may refuse other writes).
  const write = method !== 'GET';
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`/__svc${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(write ? { 'content-type': 'application/json' } : {}),
        ...authHeaders(),
      },
      ...(write ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    if ((response.status === 401 || response.status === 403) && attempt === 0 && askToken()) {
      continue;
    }
    const json = (await response.json().catch(() => ({}))) as { data?: T; message?: unknown };
    if (!response.ok) {
      const message = Array.isArray(json.message) ? json.message.join('; ') : String(json.message);
      throw new ControlError(response.status, `${response.status}: ${message}`);
    }
    return json.data as T;
  }
}
