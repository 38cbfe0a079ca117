// Types of api-call.mjs, for the tests that use it.
export declare function callApi(
  url: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<{
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the service's JSON, read by the assertions
  body: any;
}>;
