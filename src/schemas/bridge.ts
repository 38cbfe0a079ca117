// What `npx novu sync` sends to register an app's code-first workflows (docs/code-first.md).
import * as z from 'zod/mini';
import type { WireShape } from './common';
import { WorkflowSyncResponse } from './workflow-response';

/** The sync body: the app's bridge endpoint (http or https). */
export const BridgeSyncBody = z.object({
  /** The URL the engine discovers the workflows at and calls to execute each step. */
  bridgeUrl: z.string(),
});
/** The sync body. */
export type BridgeSyncBody = z.infer<typeof BridgeSyncBody>;

/** The sync answer: every workflow the bridge declared, as saved. */
export const BridgeSyncResponse = z.array(WorkflowSyncResponse);
/** The sync answer. */
export type BridgeSyncResponse = WireShape<typeof WorkflowSyncResponse>[];
