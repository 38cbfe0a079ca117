import type { APIPromise } from '../core/api-promise';
import type { SvcCore } from '../core/core';
import type { RequestOptions } from '../core/options';
import { bridgeSync } from '../funcs/bridge';
import type { BridgeSyncBody, BridgeSyncResponse } from '../schemas/bridge';

/**
 * The `svc.bridge` namespace: an app's code-first workflows (`@novu/framework`), served at its
 * bridge endpoint.
 *
 * @example
 * ```ts
 * await svc.bridge.sync({ bridgeUrl: 'http://localhost:4000/api/novu' });
 * await svc.events.trigger({ name: 'welcome', to: 'user-1', payload: { name: 'Ada' } });
 * ```
 */
export class Bridge {
  readonly #core: SvcCore;

  /** @internal */
  constructor(core: SvcCore) {
    this.#core = core;
  }

  /**
   * Registers the workflows the app's bridge declares (`POST /v1/bridge/sync`, what `npx novu
   * sync` sends): the service discovers them at `bridgeUrl`, saves each as a code-first workflow,
   * removes the code-first workflows no longer declared and keeps the URL for the runs.
   *
   * @example
   * ```ts
   * const workflows = await svc.bridge.sync({ bridgeUrl: 'http://localhost:4000/api/novu' });
   * workflows.map((workflow) => workflow.workflowId); // ['welcome']
   * ```
   */
  sync(body: BridgeSyncBody, options?: RequestOptions): APIPromise<BridgeSyncResponse> {
    return bridgeSync(this.#core, body, options);
  }
}
