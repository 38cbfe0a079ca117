/**
 * The promise every operation returns: await it for the data, or ask for the HTTP response too.
 *
 * @module
 */

import { readRequestId } from './errors';

/** @internal What the transport hands over after a successful attempt. */
export interface RawResponse {
  response: Response;
}

/** @internal A request under way and the way to parse its body. */
export interface PendingRequest<T> {
  raw: Promise<RawResponse>;
  parse: (raw: RawResponse) => Promise<T>;
}

/**
 * The data of a call together with its HTTP response and request id.
 *
 * @example
 * ```ts
 * const { data, response, requestId } = await svc.subscribers.retrieve('user-1').withResponse();
 * console.log(response.status, requestId, data.subscriberId);
 * ```
 */
export interface WithResponse<T> {
  /** The parsed, unwrapped body. */
  data: T;
  /** The HTTP response (its body has been read). */
  response: Response;
  /** The request id the service sent in a header (`x-request-id` or `request-id`), if any. */
  requestId: string | undefined;
}

/**
 * A `Promise` of an operation's data with two extras: {@link APIPromise.withResponse} and
 * {@link APIPromise.asResponse}. The request starts when the operation is called; the body is
 * parsed only when the data is asked for.
 *
 * @example
 * ```ts
 * const subscriber = await svc.subscribers.retrieve('user-1');
 * const response = await svc.subscribers.retrieve('user-1').asResponse();
 * ```
 */
export class APIPromise<T> implements Promise<T> {
  readonly #raw: Promise<RawResponse>;
  readonly #parse: (raw: RawResponse) => Promise<T>;
  #data: Promise<T> | undefined;
  #parsed: Promise<WithResponse<T>> | undefined;

  /** @internal */
  constructor(raw: Promise<RawResponse>, parse: (raw: RawResponse) => Promise<T>) {
    this.#raw = raw;
    this.#parse = parse;
    // Only so a call awaited late is not reported as unhandled; every chain still rejects.
    raw.catch(() => undefined);
  }

  /**
   * Resolves to the data together with the HTTP response and the request id.
   *
   * @example
   * ```ts
   * const { data, requestId } = await svc.events.trigger(body).withResponse();
   * ```
   */
  withResponse(): Promise<WithResponse<T>> {
    this.#parsed ??= this.#raw.then((raw) =>
      this.#parsedData().then((data) => ({
        data,
        response: raw.response,
        // Read here, not on every call: only `withResponse` hands it out.
        requestId: readRequestId(raw.response.headers),
      })),
    );
    return this.#parsed;
  }

  /** The body is read and parsed once, whichever of `then` and `withResponse` asks first. */
  #parsedData(): Promise<T> {
    this.#data ??= this.#raw.then(this.#parse);
    return this.#data;
  }

  /**
   * Resolves to the raw HTTP response of a successful call, body unread (errors still throw).
   *
   * @example
   * ```ts
   * const response = await svc.integrations.list().asResponse();
   * console.log(response.headers.get('ratelimit-remaining'));
   * ```
   */
  asResponse(): Promise<Response> {
    return this.#raw.then((raw) => raw.response);
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise by design.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // The plain `await` path: no response wrapper, no extra hop (the SDK's hot path).
    return this.#parsedData().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
