/**
 * `engine.operations`: the in-process face of the one port (perform.ts), one function per
 * operation of the route table, acting in the environment of the scope it is given. A body
 * passed by hand gets the nesting and prototype-key checks the pipeline makes on a request's
 * text.
 *
 * @module
 */

import { encodeQuery } from '../../src/routes/route';
import { type EngineOperations, OPERATIONS } from './operations/index';
import type { InProcessCall } from './perform';
import type { EnvironmentScope } from './scope';
import type { EnvironmentRecord } from './store/state';
import { checkJsonDepth } from './wire/json-depth';
import { checkNoProtoKeys } from './wire/prototype-keys';

/** A call of `engine.operations` as the engine reads it. */
interface OperationCall {
  params?: Readonly<Record<string, string>>;
  query?: URLSearchParams | Record<string, unknown>;
  body?: unknown;
  /** @internal What an operation with a `prepare` step gathered (a bridge's discovery). */
  prepared?: unknown;
}

const NO_QUERY = new URLSearchParams();

/**
 * The engine's `operations` over its in-process `perform`.
 *
 * @internal
 */
export function inProcessOperations(
  performInProcess: (
    operation: string,
    environment: EnvironmentRecord,
    call: InProcessCall,
  ) => unknown,
): EngineOperations {
  return Object.fromEntries(
    Object.keys(OPERATIONS).map((name) => [
      name,
      (target: EnvironmentScope, call: OperationCall = {}) => {
        checkJsonDepth(call.body, 'The request body');
        checkNoProtoKeys(call.body, 'The request body');
        const query =
          call.query instanceof URLSearchParams
            ? call.query
            : call.query === undefined
              ? NO_QUERY
              : encodeQuery(call.query);
        return performInProcess(name, target.environment, {
          params: call.params ?? {},
          query,
          body: call.body,
          ...(call.prepared === undefined ? {} : { prepared: call.prepared }),
        });
      },
    ]),
  ) as unknown as EngineOperations;
}
