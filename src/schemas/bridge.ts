/**
 * The bridge sync body and answer (`POST /v1/bridge/sync`): what `npx novu sync` sends to register
 * an app's code-first workflows (docs/code-first.md).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { WireShape } from './common';
import { WorkflowSyncResponse } from './workflow-response';

/**
 * The sync body: the app's bridge endpoint (http or https).
 *
 * @example
 * ```ts
 * BridgeSyncBody.parse({ bridgeUrl: 'http://localhost:4000/api/novu' });
 * ```
 */
export const BridgeSyncBody = z.object({
  /** The URL the engine discovers the workflows at and calls to execute each step. */
  bridgeUrl: z.string(),
});
/** The sync body. */
export type BridgeSyncBody = z.infer<typeof BridgeSyncBody>;

/**
 * The sync answer: every workflow the bridge declared, as saved.
 *
 * @example
 * ```ts
 * const saved: BridgeSyncResponse = await svc.bridge.sync({ bridgeUrl });
 * saved[0]?.origin; // 'external'
 * ```
 */
export const BridgeSyncResponse = z.array(WorkflowSyncResponse);
/** The sync answer. */
export type BridgeSyncResponse = WireShape<typeof WorkflowSyncResponse>[];
