// Issue 13 items 2 and 3: templates never touch the file system, and a template past its budget
// fails its step while the engine goes on.

import { describe, expect, it } from 'vitest';
import { TEMPLATE_BUDGET } from '../../mock-server/engine/run/templates';
import { engineWith } from './helpers';

const NO_FILES = 'Templates cannot read files';

function inboxWith(body: string) {
  return engineWith([{ type: 'in_app', name: 'Inbox', controlValues: { body } }]);
}

describe('hostile: templates and files', () => {
  it.each([
    '{% include ".npmrc" %}',
    '{% include "package.json" %}',
    '{% render "package.json" %}',
    '{% layout "package.json" %}x',
    '{% include "/etc/passwd" %}',
    '{% include "../../../../etc/hostname" %}',
    '{% assign f = "package.json" %}{% include f %}',
  ])('%s fails the step cleanly and reads nothing', (body) => {
    const { engine, trigger, lastJobs } = inboxWith(body);
    expect(trigger().status).toBe('processed');
    const [inbox] = lastJobs();
    expect(inbox?.status).toBe('failed');
    expect(inbox?.details).toContain('Message content could not be generated');
    expect(inbox?.raw).toContain(NO_FILES);
    expect(engine.outbox.count()).toBe(0);
  });

  it('the same step with a plain template delivers', () => {
    const { engine, trigger } = inboxWith('Hi {{ subscriber.subscriberId }}');
    trigger();
    expect(engine.outbox.list().map((entry) => entry.content)).toEqual(['Hi ada']);
  });
});

describe('hostile: template budgets', () => {
  it.each([
    ['a loop over a range of 100 million', '{% for i in (1..100000000) %}x{% endfor %}'],
    [
      'nested loops of a billion turns',
      '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}',
    ],
    [
      'a string doubled 40 times',
      '{% assign a = "xx" %}{% for i in (1..40) %}{% assign a = a | append: a %}{% endfor %}{{ a | size }}',
    ],
  ])('%s fails the step on a budget', (_name, body) => {
    const { trigger, lastJobs } = inboxWith(body);
    expect(trigger().status).toBe('processed');
    const [inbox] = lastJobs();
    expect(inbox?.status).toBe('failed');
    // The memory budget, or on a loaded machine the render-time budget first: either bounds it.
    expect(inbox?.raw).toMatch(/(memory alloc|template render) limit exceeded/);
  });

  it('a template longer than the parse budget fails the step', () => {
    const { trigger, lastJobs } = inboxWith(`{{ 'x' }}${'y'.repeat(TEMPLATE_BUDGET.parseLength)}`);
    trigger();
    expect(lastJobs()[0]?.raw).toContain('parse length limit exceeded');
  });

  it('the next trigger of a sane workflow still delivers', () => {
    const hostile = inboxWith('{% for i in (1..100000000) %}x{% endfor %}');
    hostile.trigger();
    const sane = inboxWith('ok {{ payload.n }}');
    sane.trigger({ n: 1 });
    expect(sane.engine.outbox.list().map((entry) => entry.content)).toEqual(['ok 1']);
  });
});
