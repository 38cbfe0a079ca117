// judgePreferences (mock-server/engine/run/preferences.ts, docs/behaviour/runs.md#preferences):
// what a step turned off by the subscriber records: the level's detail and the raw preference of
// the workflow's active channels, in the service's channel order.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { DETAILS } from '../../../mock-server/engine/run/detail-texts';
import { judgePreferences } from '../../../mock-server/engine/run/preferences';

const step = (type: 'email' | 'in_app' | 'sms' | 'chat', active = true) => ({
  type,
  name: type,
  active,
  controlValues: { body: 'Hi', subject: 'Hi' },
});

function setUp(preferences: { workflowId?: string; channels: Record<string, boolean> }[]) {
  const engine = createMockEngine({
    seed: {
      subscribers: [{ subscriberId: 'ada' }],
      // Step order differs from the channel order; sms is inactive.
      workflows: [
        {
          workflowId: 'mixed',
          steps: [step('email'), step('chat'), step('in_app'), step('sms', false)],
        },
      ],
      preferences: preferences.map((preference) => ({ subscriberId: 'ada', ...preference })),
    },
  });
  const { data } = engine.scope('Development');
  const subscriber = data.subscribers.get('ada');
  const workflow = data.workflows.find((candidate) => candidate.workflowId === 'mixed');
  if (subscriber === undefined || workflow === undefined) throw new Error('seed missing');
  return (stepType: string) => judgePreferences(data, subscriber, workflow, stepType);
}

describe('preferences: a step the subscriber turned off', () => {
  it('records the global level and the active channels in channel order', () => {
    const judge = setUp([{ channels: { email: false } }]);
    expect(judge('email')).toEqual({
      send: false,
      detail: DETAILS.stepFilteredBySubscriberGlobalPreferences,
      raw: {
        enabled: true,
        channels: { in_app: true, email: false, chat: true },
        overrides: [
          { channel: 'in_app', source: 'subscriber' },
          { channel: 'email', source: 'subscriber' },
          { channel: 'chat', source: 'subscriber' },
        ],
      },
    });
    expect(judge('in_app')).toEqual({ send: true });
    expect(judge('delay')).toEqual({ send: true });
  });

  it('names the subscriber workflow level when that level turned it off', () => {
    const judge = setUp([
      { channels: { chat: true } },
      { workflowId: 'mixed', channels: { chat: false, in_app: false } },
    ]);
    expect(judge('chat')).toEqual({
      send: false,
      detail: DETAILS.stepFilteredBySubscriberWorkflowPreferences,
      raw: {
        enabled: true,
        channels: { in_app: false, email: true, chat: false },
        overrides: [
          { channel: 'in_app', source: 'subscriber' },
          { channel: 'email', source: 'subscriber' },
          { channel: 'chat', source: 'subscriber' },
        ],
      },
    });
  });
});
