// The reference SDK (@novu/api, unmodified, strict response validation) wired to an engine: its
// requests go straight to the engine's fetch handler, with no network and no server.
import { Novu } from '@novu/api';
import { HTTPClient } from '@novu/api/lib/http.js';
import { createFetchHandler, type MockEngine } from '@svc/api/mock';

// The interface renames the maker's identifiers (docs/behaviour/README.md): the reference SDK's
// enums know `novu`, `novu-cloud`, ... where the engine answers `svc`, `svc-cloud`, ... Only
// whole string values are mapped, in both directions; nothing else is touched.
const RENAMED: Record<string, string> = {
  svc: 'novu',
  'svc-email': 'novu-email',
  'svc-sms': 'novu-sms',
  'svc-slack': 'novu-slack',
  'svc-cloud': 'novu-cloud',
  'svc-cloud-v1': 'novu-cloud-v1',
};
const BACK = Object.fromEntries(Object.entries(RENAMED).map(([ours, theirs]) => [theirs, ours]));

const rename = (value: unknown, names: Record<string, string>): unknown => {
  if (typeof value === 'string') return names[value] ?? value;
  if (Array.isArray(value)) return value.map((item) => rename(item, names));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rename(item, names)]),
    );
  }
  return value;
};

/**
 * A maker of the reference SDK's client for an environment of `engine` (its API key), renaming
 * the maker's identifiers in JSON bodies both ways.
 */
export function referenceSdk(engine: MockEngine): (environment?: string) => Novu {
  const answer = createFetchHandler(engine, {
    onUnexpectedError: (error) => {
      throw error;
    },
  });
  const isJson = (headers: Headers) => headers.get('content-type')?.includes('json') === true;
  const httpClient = new HTTPClient({
    fetcher: async (input, init) => {
      const original = input instanceof Request ? input : new Request(input, init);
      // Multipart uploads and bodiless calls travel as the SDK sent them; JSON is renamed.
      const text = isJson(original.headers) ? await original.text() : '';
      const request =
        text === ''
          ? original
          : new Request(original.url, {
              method: original.method,
              headers: original.headers,
              body: JSON.stringify(rename(JSON.parse(text), BACK)),
            });
      const response = await answer(request);
      const body = await response.text();
      return new Response(body === '' ? null : JSON.stringify(rename(JSON.parse(body), RENAMED)), {
        status: response.status,
        headers: response.headers,
      });
    },
  });
  return (environment = 'Development') =>
    new Novu({
      secretKey: engine.environment(environment).apiKey,
      serverURL: 'https://api.svc.co',
      httpClient,
      retryConfig: { strategy: 'none' },
    });
}
