// One reading of path parameters (mock-server/pipeline/path-match.ts) for the service's routes
// (pipeline/router.ts) and the control API (control/control-router.ts): the same raw segment
// decodes to the same value, or fails with the same 400 (ADR 0060), on both paths.
import { describe, expect, it } from 'vitest';
import { createControlRouter } from '../../mock-server/control/control-router';
import { createSnapshotStore } from '../../mock-server/control/snapshot-store';
import { createMockEngine } from '../../mock-server/engine/engine';
import { ServiceError } from '../../mock-server/engine/wire/service-error';
import type { PipelineResponse } from '../../mock-server/pipeline/message';
import { decodeParams, matchRoute } from '../../mock-server/pipeline/router';

/** The status and parsed body of a control answer (it never answers a network error). */
function answer(response: PipelineResponse | undefined) {
  if (response?.kind !== 'response') throw new Error('no answer');
  return { status: response.status, body: JSON.parse(response.body) };
}

const RAW = ['ada', 'a%20b', 'a%2Fb', 'caf%C3%A9', '%E0%A4%A', '%', 'a%zz'];

/** What the service routes make of a subscriberId segment: its decoded value or the 400 text. */
function viaServiceRoute(raw: string): string {
  const matched = matchRoute('GET', `/v2/subscribers/${raw}`);
  if (!matched) throw new Error('no route');
  try {
    return `value ${decodeParams(matched)['subscriberId']}`;
  } catch (error) {
    if (error instanceof ServiceError) return `${error.status} ${error.message}`;
    throw error;
  }
}

/** What the control API makes of the same segment under a `:id` route. */
async function viaControlRoute(raw: string): Promise<string> {
  const router = createControlRouter(
    [{ method: 'GET', path: '/things/:id', description: 'echo', run: ({ params }) => params }],
    { engine: createMockEngine(), snapshots: createSnapshotStore() },
  );
  const response = await router({
    method: 'GET',
    target: `/__svc/things/${raw}`,
    header: () => undefined,
    readBody: async () => '',
  });
  const { status, body } = answer(response);
  return status === 200 ? `value ${body.data.id}` : `${status} ${body.message}`;
}

describe('path parameters: one decoding for the service routes and the control API', () => {
  it.each(RAW)('%s reads the same on both paths', async (raw) => {
    expect(await viaControlRoute(raw)).toBe(viaServiceRoute(raw));
  });

  it('a malformed escape is the 400 "Failed to decode param" on both paths', async () => {
    expect(viaServiceRoute('%E0%A4%A')).toBe("400 Failed to decode param '%E0%A4%A'");
    expect(await viaControlRoute('%E0%A4%A')).toBe("400 Failed to decode param '%E0%A4%A'");
  });

  it('static segments differ on purpose: the service ignores their case, the control API does not', async () => {
    expect(matchRoute('GET', '/V2/Subscribers/ada')?.route.path).toBe(
      '/v2/subscribers/:subscriberId',
    );
    const router = createControlRouter(
      [{ method: 'GET', path: '/things/:id', description: 'echo', run: ({ params }) => params }],
      { engine: createMockEngine(), snapshots: createSnapshotStore() },
    );
    const response = await router({
      method: 'GET',
      target: '/__svc/Things/ada',
      header: () => undefined,
      readBody: async () => '',
    });
    expect(answer(response).status).toBe(404);
  });
});
