// A real @novu/framework app (unmodified) served by Express on a free port, in production mode
// (strict authentication: every request must carry a valid signature), recording what it received.
import type { AddressInfo } from 'node:net';
import { Client, type Workflow } from '@novu/framework';
import { serve } from '@novu/framework/express';
import express from 'express';

/** One request the bridge received. */
export interface ReceivedBridgeRequest {
  method: string;
  action: string | undefined;
  workflowId: string | undefined;
  stepId: string | undefined;
  signature: string | undefined;
  body: Record<string, unknown>;
  status?: number;
}

/** A running bridge app. */
export interface BridgeApp {
  url: string;
  received: ReceivedBridgeRequest[];
  /** Serves other workflows from now on (an app whose code was edited). */
  replace(workflows: Workflow[]): void;
  /** Answers every later request with this status (a bridge that goes down), or serves again. */
  down(status: number | 'close' | undefined): void;
  close(): Promise<void>;
}

export async function startBridgeApp(workflows: Workflow[], secretKey: string): Promise<BridgeApp> {
  const received: ReceivedBridgeRequest[] = [];
  let failing: number | 'close' | undefined;
  const app = express();
  app.use(express.json({ limit: '2mb' }));
  app.use((request, response, next) => {
    const entry: ReceivedBridgeRequest = {
      method: request.method,
      action: request.query['action'] as string | undefined,
      workflowId: request.query['workflowId'] as string | undefined,
      stepId: request.query['stepId'] as string | undefined,
      signature: request.header('novu-signature'),
      body: (request.body ?? {}) as Record<string, unknown>,
    };
    received.push(entry);
    response.on('finish', () => {
      entry.status = response.statusCode;
    });
    if (failing === 'close') {
      request.socket.destroy();
      return;
    }
    if (failing !== undefined) {
      response.status(failing).send('<html>Bad gateway</html>');
      return;
    }
    next();
  });
  const bridgeOf = (served: Workflow[]) =>
    serve({ workflows: served, client: new Client({ secretKey, strictAuthentication: true }) });
  let current = bridgeOf(workflows);
  app.use('/api/novu', (request, response, next) => current(request, response, next));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/novu`,
    received,
    replace(next) {
      current = bridgeOf(next);
    },
    down(status) {
      failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
