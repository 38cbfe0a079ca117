/**
 * The control API's bridge route (docs/code-first.md): re-sync an environment with its app's
 * bridge on demand, after editing a workflow in the app.
 *
 * @module
 */

import * as z from 'zod/mini';
import { syncBridge } from '../engine/bridge/bridge-watch';
import { ServiceError } from '../engine/wire/service-error';
import { type ControlRoute, parseControlBody } from './control-router';

const SyncBody = z.strictObject({
  environment: z.optional(z.string({ error: 'environment must be a name or _id' })),
  bridgeUrl: z.optional(z.string({ error: 'bridgeUrl must be a URL' })),
});

/** `POST /__svc/bridge/sync`. */
export const bridgeRoutes: ControlRoute[] = [
  {
    method: 'POST',
    path: '/bridge/sync',
    description:
      "Re-syncs an environment's code-first workflows from its bridge: { environment?, bridgeUrl? } (default Development and the URL it keeps)",
    run: async ({ body, context }) => {
      const input = parseControlBody(SyncBody, body ?? {});
      const answer = await syncBridge(context.engine, {
        ...(input.environment === undefined ? {} : { environment: input.environment }),
        ...(input.bridgeUrl === undefined ? {} : { bridgeUrl: input.bridgeUrl }),
      });
      const answered = answer.body as { data?: { workflowId: string }[]; message?: string };
      if (answer.status !== 201) {
        throw ServiceError.http(answer.status, answered.message ?? 'The bridge sync failed');
      }
      return { workflows: (answered.data ?? []).map((workflow) => workflow.workflowId) };
    },
  },
];
