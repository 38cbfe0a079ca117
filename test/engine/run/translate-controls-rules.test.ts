// The translation pre-pass of a run (mock-server/engine/run/translate-controls.ts,
// docs/behaviour/translations.md#in-runs): which keys it reads, where it looks them up, how it
// escapes texts inside a block document, and its budget.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { TEMPLATE_BUDGET } from '../../../mock-server/engine/run/templates';
import { translateControls } from '../../../mock-server/engine/run/translate-controls';

function setup(isTranslationEnabled = true) {
  const engine = createMockEngine({
    seed: {
      workflows: [
        {
          workflowId: 'welcome',
          isTranslationEnabled,
          steps: [{ type: 'in_app', name: 'Inbox', controlValues: { body: 'x' } }],
        },
      ],
    },
  });
  const scope = engine.scope('Development');
  const workflow = scope.data.workflows[0];
  if (!workflow) throw new Error('no workflow');
  const add = (locale: string, content: Record<string, unknown>) =>
    engine.operations['translations.create'](scope, {
      body: { resourceId: 'welcome', resourceType: 'workflow', locale, content },
    });
  const translate = (controls: Record<string, unknown>, locale?: string | null) =>
    translateControls(scope.data, workflow, locale, controls);
  return { add, translate };
}

describe('translation keys', () => {
  it('reads {{t.key}} and {{ t.key }}, flat keys first, then nested paths', () => {
    const { add, translate } = setup();
    add('en_US', { 'a.b': 'flat', a: { c: 'nested' }, n: 3 });
    expect(translate({ body: '{{t.a.b}} {{ t.a.c }} {{t.n}}' })).toEqual({
      ok: true,
      value: { body: 'flat nested 3' },
    });
  });

  it('leaves controls without keys alone, even when translation is off', () => {
    const { translate } = setup(false);
    const controls = { body: 'Hi {{payload.t}} {{ subscriber.firstName }}' };
    expect(translate(controls)).toEqual({ ok: true, value: controls });
  });

  it('looks in the subscriber locale (en-GB is en_GB), then en_US, key by key', () => {
    const { add, translate } = setup();
    add('en_US', { a: 'A-us', b: 'B-us' });
    add('en_GB', { a: 'A-gb' });
    expect(translate({ body: '{{t.a}} {{t.b}}' }, 'en-GB')).toEqual({
      ok: true,
      value: { body: 'A-gb B-us' },
    });
    expect(translate({ body: '{{t.a}}' }, null)).toEqual({ ok: true, value: { body: 'A-us' } });
  });

  it('escapes texts inside a block document kept as JSON text', () => {
    const { add, translate } = setup();
    add('en_US', { quoted: 'Say "hi"\n' });
    const body = JSON.stringify({ type: 'doc', content: [{ type: 'text', text: '{{t.quoted}}' }] });
    const result = translate({ body });
    expect(result.ok && JSON.parse((result.value as { body: string }).body).content[0].text).toBe(
      'Say "hi"\n',
    );
  });

  it('fails past the parse budget instead of building a huge template', () => {
    const { add, translate } = setup();
    add('en_US', { big: 'x'.repeat(60_000) });
    const result = translate({ body: '{{t.big}}{{t.big}}' });
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.error).toContain(`at most ${TEMPLATE_BUDGET.parseLength}`);
  });

  it('names a missing key, a workflow without translations, and translation turned off', () => {
    const { add, translate } = setup();
    expect(translate({ body: '{{t.a}}' })).toMatchObject({
      ok: false,
      error: "No translations found for workflow 'welcome'",
    });
    add('en_US', { a: { deeper: 'x' } });
    expect(translate({ body: '{{t.a}}' })).toMatchObject({
      ok: false,
      error: "Missing translation for key 'a'",
    });
    expect(setup(false).translate({ body: '{{t.a}}' })).toMatchObject({
      ok: false,
      error: 'Translation is not enabled for this resource',
    });
  });
});
