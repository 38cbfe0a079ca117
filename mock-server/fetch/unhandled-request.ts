/**
 * Which requests that no route answers mock mode reports: those meant for the service (its
 * hosts, the configured base URL, its domain, or carrying one of the engine's API keys), never
 * the app's own traffic (supertest on 127.0.0.1, a browser driven by Playwright, other APIs).
 * Shared by `setupSvcMock`'s msw and built-in fetch interceptors.
 *
 * @module
 */
import { type BaseUrl, targetOn } from './fetch-bridge';

/**
 * What an `onUnhandledRequest` callback may do with a request no route answers, as msw's
 * callback form has it: `error()` fails it (and the next `reset()`), `warning()` prints a
 * warning; doing neither lets it through to the network.
 *
 * @example
 * ```ts
 * const onUnhandledRequest = (request: Request, print: UnhandledRequestPrint) => print.warning();
 * ```
 */
export interface UnhandledRequestPrint {
  /** Prints a warning naming the request; the request still goes to the network. */
  warning(): void;
  /** Fails the request, and makes the next `reset()` (the `afterEach` hook) throw, naming it. */
  error(): void;
}

/**
 * A request no route answers, decided by your own rule (msw's `onUnhandledRequest` function
 * form): called for every such request, the app's own included.
 *
 * @example
 * ```ts
 * const onUnhandledRequest: UnhandledRequestCallback = (request, print) => {
 *   if (new URL(request.url).hostname.endsWith('.internal')) print.error();
 * };
 * ```
 */
export type UnhandledRequestCallback = (request: Request, print: UnhandledRequestPrint) => void;

/**
 * What mock mode does with a request no route answers. The named strategies act on requests
 * meant for the service only (its hosts or the configured `baseUrl`, another host under its
 * domain, or a request carrying the mock's API key); everything else, such as the app's own
 * server on 127.0.0.1, goes through. A function decides for every request.
 *
 * @example
 * ```ts
 * const strategy: UnhandledRequestStrategy = 'warn'; // report, but let the request through
 * ```
 */
export type UnhandledRequestStrategy = 'error' | 'warn' | 'bypass' | UnhandledRequestCallback;

/** Why a request no route answers was meant for the service. */
export type ServiceBoundReason = 'no-route' | 'service-domain' | 'api-key';

/** The domain of the service's hosts: a host under it that is not one of them is a typo. */
const SERVICE_DOMAIN = 'svc.co';

const API_KEY_SCHEME = /^apikey\s+(\S+)$/i;

/**
 * Why a request that no route answers was meant for the service, or `undefined` when it was
 * not (the app's own or another API's): on one of the bases (a path that is no route), on a
 * host under the service's domain, or carrying one of `apiKeys` in `Authorization: ApiKey`
 * (a client built with the mock's key but pointed elsewhere).
 *
 * @example
 * ```ts
 * serviceBoundReason(new URL('https://api.svc.co/v2/v2/subscribers'), null, bases, () => []);
 * // 'no-route'
 * serviceBoundReason(new URL('http://127.0.0.1:40161/signup'), null, bases, () => []);
 * // undefined
 * ```
 */
export function serviceBoundReason(
  url: URL,
  authorization: string | null,
  bases: readonly BaseUrl[],
  apiKeys: () => Iterable<string>,
): ServiceBoundReason | undefined {
  if (targetOn(url, bases) !== undefined) return 'no-route';
  const host = url.hostname.toLowerCase();
  if (host === SERVICE_DOMAIN || host.endsWith(`.${SERVICE_DOMAIN}`)) return 'service-domain';
  const key = authorization === null ? undefined : API_KEY_SCHEME.exec(authorization.trim())?.[1];
  if (key !== undefined) {
    for (const known of apiKeys()) if (known === key) return 'api-key';
  }
  return undefined;
}

const HINTS: Record<ServiceBoundReason | 'callback', string> = {
  'no-route':
    'no route of the service has this method and path (a baseUrl ending in /v1 or /v2 doubles ' +
    'the version: give the origin only); add a handler with mock.server.use(...) if it is yours',
  'service-domain':
    'the host is under the service domain but is not one it serves (https://api.svc.co, ' +
    'https://eu.api.svc.co): check the client’s region or baseUrl',
  'api-key':
    'it carries this mock’s API key but goes to a host the mock does not answer: use ' +
    'mock.client(), or pass that URL as setupSvcMock’s baseUrl',
  callback: 'your onUnhandledRequest callback called error()',
};

/** The line that explains one reported request: `METHOD url (why and what to do)`. */
export function describeUnhandled(
  method: string,
  url: string,
  reason: ServiceBoundReason | 'callback',
): string {
  return `${method} ${url} (${HINTS[reason]})`;
}
