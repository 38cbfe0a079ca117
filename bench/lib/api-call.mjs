// One call of the service's API over HTTP with an API key, its JSON answer parsed: what the crash
// loop's writers and the persistence tests send.

/**
 * Sends `method path` with `body` as JSON (when given) to `url`, authorized by `key`.
 *
 * @example
 * const { status, body } = await callApi(url, key, 'GET', '/v2/subscribers/ada');
 */
export async function callApi(url, key, method, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `ApiKey ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}
