// `svc-mock --data` keeps the environments `POST /v1/environments` made (docs/behaviour/environments.md):
// after a restart they are listed with the same key and identifier, their key works, and what a
// publish copied into one is there; a delete stays deleted.
import { expect, it } from 'vitest';
import { keptDirectoryPerTest } from './helpers';

const kept = keptDirectoryPerTest();

const names = (server: { engine: { environments: readonly { name: string }[] } }) =>
  server.engine.environments.map((environment) => environment.name);

it.each([
  ['from the journal', {}],
  ['from a compacted image', { compactAfterBytes: 1_000 }],
])('keeps a created environment across a restart (%s)', async (_how, options) => {
  const first = await kept.start(options);
  const created = await first.call('POST', '/v1/environments', { name: 'Staging', color: '#fff' });
  expect(created.status).toBe(201);
  const staging = first.engine.environment(created.body.data._id);
  const published = await first.call('POST', `/v2/environments/${staging._id}/publish`, {});
  expect(published.status).toBe(200);
  const copied = first.engine.scope(staging._id).data.workflows.map((w) => w.workflowId);
  expect(copied.length).toBeGreaterThan(0);
  await kept.stop(first);

  const second = await kept.start(options);
  expect(names(second)).toEqual(['Development', 'Production', 'Staging']);
  const back = second.engine.environment(staging._id);
  expect({ key: back.apiKey, identifier: back.identifier }).toEqual({
    key: staging.apiKey,
    identifier: staging.identifier,
  });
  expect(second.engine.scope(staging._id).data.workflows.map((w) => w.workflowId)).toEqual(copied);
  const ownKey = await fetch(`${second.url}/v1/environments`, {
    headers: { authorization: `ApiKey ${staging.apiKey}` },
  });
  expect(ownKey.status).toBe(200);
  const deleted = await fetch(`${second.url}/v1/environments/${staging._id}`, {
    method: 'DELETE',
    headers: { authorization: `ApiKey ${staging.apiKey}` },
  });
  expect(deleted.status).toBe(200);
  await kept.stop(second);

  const third = await kept.start(options);
  expect(names(third)).toEqual(['Development', 'Production']);
});
