// One mock-start sample, run in a fresh process by mock-start.bench.mjs: loads the mock entry,
// starts it and waits for the first response; prints the phases in ms as one JSON line.
//   node bench/lib/mock-start-sample.mjs engine   createMockEngine + createHandlers + getResponse
//   node bench/lib/mock-start-sample.mjs node     setupSvcMock + listen + first client call
import { performance } from 'node:perf_hooks';

const variant = process.argv[2];
const seed = { subscribers: [{ subscriberId: 'user-1', firstName: 'Ada' }] };
const booted = performance.now(); // since the process started

async function engineVariant() {
  const { getResponse } = await import('msw');
  const { createMockEngine } = await import('../../dist/mock/index.js');
  const { createHandlers } = await import('../../dist/mock/msw.js');
  const imported = performance.now();
  const engine = createMockEngine({ seed });
  const handlers = createHandlers(engine);
  const response = await getResponse(
    handlers,
    new Request('https://api.svc.co/v2/subscribers/user-1', {
      headers: { authorization: `ApiKey ${engine.environment('Development').apiKey}` },
    }),
  );
  const body = await response?.json();
  if (body?.data?.subscriberId !== 'user-1') throw new Error(`unexpected ${JSON.stringify(body)}`);
  return imported;
}

async function nodeVariant() {
  const { setupSvcMock } = await import('../../dist/mock/node.js');
  const imported = performance.now();
  const mock = setupSvcMock({ seed, hooks: false });
  await mock.listen();
  const subscriber = await mock.client().subscribers.retrieve('user-1');
  mock.close();
  if (subscriber.subscriberId !== 'user-1') throw new Error('unexpected subscriber');
  return imported;
}

const imported = await (variant === 'node' ? nodeVariant() : engineVariant());
const answered = performance.now();
console.log(
  JSON.stringify({
    bootMs: booted,
    importMs: imported - booted,
    startMs: answered - imported,
    totalMs: answered,
  }),
);
