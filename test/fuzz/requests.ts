// Builds hostile HTTP requests for one endpoint of the table: path ids, repeated and unknown query
// keys, bodies that are valid, mistyped, extended, not JSON or absent, and every kind of
// Authorization header a client can send.
import fc from 'fast-check';
import type { FuzzEndpoint } from './endpoints';
import { HUGE, wildJson, wildNumberText, wildString } from './values';

/** A generated request, kept as plain data so fast-check can print and shrink it. */
export interface FuzzRequest {
  method: string;
  path: string;
  query: [string, string][];
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  body: string | null;
}

// What the Headers class accepts: no NUL, CR or LF, nothing above U+00FF.
const headerSafe = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

function authorizationArbitrary(keys: string[]): fc.Arbitrary<string | null> {
  return fc.oneof(
    { arbitrary: fc.constant(`ApiKey ${keys[0]}`), weight: 12 },
    { arbitrary: fc.constantFrom(...keys.slice(1).map((key) => `ApiKey ${key}`)), weight: 2 },
    fc.constant(null),
    fc.constantFrom('', 'ApiKey', 'ApiKey ', 'Bearer token', 'Basic dXNlcjpwYXNz', 'ApiKey wrong'),
    fc.constantFrom(...keys.map((key) => `apikey ${key}`), ...keys.map((key) => `ApiKey  ${key} `)),
    wildString.filter(headerSafe).map((value) => `ApiKey ${value}`),
    wildString.filter(headerSafe),
  );
}

function queryArbitrary(endpoint: FuzzEndpoint): fc.Arbitrary<[string, string][]> {
  const names = Object.keys(endpoint.query);
  const known = names.map((name) =>
    fc.tuple(fc.constant(name), endpoint.query[name] as fc.Arbitrary<string>),
  );
  const repeated = names.map((name) => fc.tuple(fc.constant(`${name}[]`), wildString));
  const unknown = fc.tuple(
    fc.oneof(wildString, fc.constantFrom('extra', '__proto__')),
    fc.oneof(wildString, wildNumberText),
  );
  const entry = fc.oneof(...known, ...repeated, unknown);
  // Repeats of a key come naturally: the same name can be drawn more than once.
  return fc.array(entry, { maxLength: known.length === 0 ? 2 : 8 });
}

function bodyArbitrary(
  endpoint: FuzzEndpoint,
): fc.Arbitrary<{ text: string | null; type: string | null }> {
  const json = (value: unknown) => ({ text: JSON.stringify(value), type: 'application/json' });
  const fields = endpoint.body ?? {};
  // Every field most of the time (so the operation itself is reached), sometimes one missing.
  const record = fc
    .tuple(
      fc.record(fields),
      fc.subarray(Object.keys(fields), { maxLength: Math.min(1, Object.keys(fields).length) }),
    )
    .map(([values, dropped]) => {
      const kept: Record<string, unknown> = { ...values };
      for (const key of dropped) delete kept[key];
      return kept;
    });
  const object = endpoint.body
    ? fc
        .tuple(
          fc.oneof(
            { arbitrary: record, weight: 3 },
            { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 1 },
          ),
          fc.dictionary(
            fc.oneof(fc.string(), fc.constantFrom('_id', 'subscriberId', 'deleted')),
            wildJson,
            {
              maxKeys: 2,
            },
          ),
        )
        .map(([fields, extra]) => json({ ...extra, ...fields }))
    : fc.constant({ text: null, type: null });
  return fc.oneof(
    { arbitrary: object, weight: 8 },
    { arbitrary: wildJson.map(json), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,]', 'nul', '{"a":1}}', "{'a':1}", '\u0000')
        .map((text) => ({ text, type: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(wildString, fc.constantFrom('text/plain', null)).map(([text, type]) => ({
        text,
        type,
      })),
      weight: 1,
    },
    { arbitrary: fc.constant({ text: null, type: null }), weight: 1 },
    { arbitrary: fc.constant(json({ name: HUGE, data: { note: HUGE } })), weight: 1 },
  );
}

/**
 * Requests for one endpoint, authenticated with one of `keys` most of the time.
 */
export function requestArbitrary(
  endpoint: FuzzEndpoint,
  keys: string[],
): fc.Arbitrary<FuzzRequest> {
  const body =
    endpoint.method === 'GET' ? fc.constant({ text: null, type: null }) : bodyArbitrary(endpoint);
  return fc
    .record({
      params: fc.tuple(...endpoint.params),
      query: queryArbitrary(endpoint),
      authorization: authorizationArbitrary(keys),
      idempotencyKey: fc.option(
        fc.oneof(
          fc.constantFrom('key-1', 'key-2'),
          fc.constant('k'.repeat(300)),
          wildString.filter((value) => headerSafe(value) && value.trim() !== ''),
        ),
        { freq: 2 },
      ),
      body,
    })
    .map(({ params, query, authorization, idempotencyKey, body: payload }) => ({
      method: endpoint.method,
      path: endpoint.path(params),
      query,
      authorization,
      idempotencyKey,
      contentType: payload.type,
      body: payload.text,
    }));
}

/**
 * The fetch `Request` of a generated request.
 */
export function toRequest(request: FuzzRequest, origin = 'https://api.svc.co'): Request {
  const url = new URL(`${origin}${request.path}`);
  for (const [name, value] of request.query) url.searchParams.append(name, value);
  const headers = new Headers();
  if (request.authorization !== null) headers.set('authorization', request.authorization);
  if (request.idempotencyKey !== null) headers.set('idempotency-key', request.idempotencyKey);
  if (request.contentType !== null) headers.set('content-type', request.contentType);
  return new Request(url, {
    method: request.method,
    headers,
    ...(request.body === null ? {} : { body: request.body }),
  });
}
