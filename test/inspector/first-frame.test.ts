// The inspector page is served with the control answers its default view reads first, so its
// first paint shows data (issue 36 item 10); the browser half is in test/browser/inspector.test.ts.
import { Svc } from '@svc/api';
import { type MockServer, startMockServer } from '@svc/api/mock/node';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_FRAME_BYTE_LIMIT, firstFrameScript } from '../../mock-server/inspector/first-frame';
import { FIRST_FRAME_PATHS } from '../../mock-server/inspector/first-frame-paths';

let server: MockServer | undefined;
afterEach(() => server?.close());

const answersIn = (html: string): Record<string, unknown> | undefined => {
  const match = /<script type="application\/json" id="svc-first-frame">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1] as string) as Record<string, unknown>) : undefined;
};

const seed = {
  subscribers: [{ subscriberId: 'ada', firstName: '</script><script>alert(1)</script>' }],
  workflows: [
    {
      workflowId: 'hello',
      name: 'Hello',
      steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } }],
    },
  ],
};

describe('the first frame of the inspector page', () => {
  it('holds the answers of the paths the default view reads, as the control API answers them', async () => {
    server = await startMockServer({ port: 0, seed });
    const svc = new Svc({
      secretKey: server.engine.environment('Development').apiKey,
      baseUrl: server.url,
      maxRetries: 0,
    });
    await svc.events.trigger({
      name: 'hello',
      to: 'ada',
      payload: { note: '</script><!-- a hostile payload' },
    });
    const html = await (await fetch(`${server.url}/__svc/ui`)).text();
    const answers = answersIn(html);
    expect(Object.keys(answers ?? {}).sort()).toEqual([...FIRST_FRAME_PATHS].sort());
    for (const path of FIRST_FRAME_PATHS) {
      const { data } = (await (await fetch(`${server.url}/__svc${path}`)).json()) as {
        data: unknown;
      };
      expect(answers?.[path], path).toEqual(data);
    }
    // No value ends the element or opens a comment: `<` travels escaped.
    const element = html.slice(html.indexOf('id="svc-first-frame"'));
    expect(element.indexOf('</script>')).toBeGreaterThan(element.indexOf('a hostile payload'));
    expect(element.slice(0, element.indexOf('</script>'))).not.toContain('<');
  });

  it('holds no data when a control token guards the control API', async () => {
    server = await startMockServer({ port: 0, seed, controlToken: 'secret-token' });
    const html = await (await fetch(`${server.url}/__svc/ui`)).text();
    expect(html).toContain('Loading the inspector');
    expect(answersIn(html)).toBeUndefined();
    expect(html).not.toContain('svc-first-frame');
  });

  it('is left out above its byte limit (the page then fetches, as it always could)', () => {
    expect(firstFrameScript({ '/clock': { now: 'x' } })).toContain('svc-first-frame');
    expect(firstFrameScript({ '/data': 'x'.repeat(FIRST_FRAME_BYTE_LIMIT) })).toBe('');
  });
});
