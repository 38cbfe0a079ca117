/**
 * Reads a bridge's execute answer (`{ outputs, providers, options: { skip } }`): what the run
 * keeps on the step's job. An answer of another shape is a failed step, never a crash.
 *
 * @module
 */

import type { BridgeFailure } from './bridge-client';

/** What a step's execute answered, as its job keeps it. */
export interface ExecuteAnswer {
  outputs: Record<string, unknown>;
  providers: Record<string, unknown>;
  skip: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The execute answer, or the failure the service records for a body it cannot use.
 *
 * @example
 * ```ts
 * readExecuteAnswer({ outputs: { body: 'Hi' }, providers: {}, options: { skip: false } }, url);
 * // { ok: true, answer: { outputs: { body: 'Hi' }, providers: {}, skip: false } }
 * ```
 */
export function readExecuteAnswer(
  body: unknown,
  url: string,
): { ok: true; answer: ExecuteAnswer } | { ok: false; failure: BridgeFailure } {
  const options = isObject(body) ? body['options'] : undefined;
  const skip = isObject(options) && options['skip'] === true;
  if (!isObject(body) || (!skip && !isObject(body['outputs']))) {
    return {
      ok: false,
      failure: {
        url,
        statusCode: 400,
        code: 'BRIDGE_PARSE_ERROR',
        message: `Bridge response for \`${url}\` is not an execute answer ({ outputs, providers, options })`,
      },
    };
  }
  return {
    ok: true,
    answer: {
      outputs: isObject(body['outputs']) ? body['outputs'] : {},
      providers: isObject(body['providers']) ? body['providers'] : {},
      skip,
    },
  };
}
