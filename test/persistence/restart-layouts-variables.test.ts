// `svc-mock --data` brings back layouts and environment variables, their changes and deletions,
// and a run after the restart renders both (docs/http-server.md#keeping-data).
import { describe, expect, it } from 'vitest';
import { keptDirectoryPerTest } from './helpers';

const { start, stop } = keptDirectoryPerTest();

const HTML = '<html><body><h1>{{env.BRAND}}</h1>{{content}}</body></html>';

describe('a restart on the same data directory', () => {
  it('brings back layouts, environment variables and what changed them', async () => {
    const first = await start();
    const environmentId = first.engine.environment('Development')._id;
    await first.call('POST', '/v2/layouts', { layoutId: 'brand', name: 'Brand' });
    await first.call('POST', '/v2/layouts', { layoutId: 'gone', name: 'Gone' });
    await first.call('PUT', '/v2/layouts/brand', {
      name: 'Brand',
      controlValues: { email: { body: HTML, editorType: 'html' } },
    });
    expect((await first.call('DELETE', '/v2/layouts/gone')).status).toBe(204);
    await first.call('POST', '/v1/environment-variables', {
      key: 'BRAND',
      values: [{ _environmentId: environmentId, value: 'Acme' }],
    });
    await first.call('POST', '/v1/environment-variables', { key: 'DROPPED' });
    await first.call('PATCH', '/v1/environment-variables/BRAND', { isSecret: true });
    expect((await first.call('DELETE', '/v1/environment-variables/DROPPED')).status).toBe(204);
    await stop(first);

    const second = await start();
    const layout = await second.call('GET', '/v2/layouts/brand');
    expect(layout.body.data.controls.values.email.body).toBe(HTML);
    expect(layout.body.data.isDefault).toBe(true);
    expect((await second.call('GET', '/v2/layouts/gone')).status).toBe(404);
    const variable = await second.call('GET', '/v1/environment-variables/BRAND');
    expect(variable.body.data).toMatchObject({ key: 'BRAND', isSecret: true });
    expect((await second.call('GET', '/v1/environment-variables/DROPPED')).status).toBe(404);
    const trigger = await second.call('POST', '/v1/events/trigger', {
      name: 'welcome',
      to: 'demo-ada',
      payload: {},
    });
    expect(trigger.status).toBe(201);
    expect(second.engine.outbox.last({ channel: 'email' })?.content).toBe(
      '<h1>Acme</h1><p>Hello!</p>',
    );
  });
});
