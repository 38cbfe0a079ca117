// Plans and canonical files, without a service: what a push would do, field by field.
import {
  formatPlan,
  planWorkflows,
  serializeWorkflowFile,
  type WorkflowFile,
  workflowChanges,
} from '@svc/api/workflows';
import { describe, expect, it } from 'vitest';

const base: WorkflowFile = {
  workflowId: 'welcome',
  name: 'Welcome',
  tags: ['onboarding'],
  steps: [
    { stepId: 'hello', name: 'Hello', type: 'in_app', controlValues: { body: 'Hi' } },
    { stepId: 'wait', name: 'Wait', type: 'delay', controlValues: { amount: 1, unit: 'days' } },
  ],
};

describe('workflowChanges', () => {
  it('compares only the fields a file gives', () => {
    expect(
      workflowChanges({ workflowId: 'welcome', name: 'Welcome', steps: base.steps }, base),
    ).toEqual([]);
  });

  it('names added and removed control values, and a reordering of steps', () => {
    const local: WorkflowFile = {
      ...base,
      steps: [
        { stepId: 'wait', name: 'Wait', type: 'delay', controlValues: { amount: 1 } },
        {
          stepId: 'hello',
          name: 'Hello',
          type: 'in_app',
          controlValues: { body: 'Hi', subject: 'S' },
        },
      ],
    };
    expect(workflowChanges(local, base)).toEqual([
      { kind: '-', path: 'steps.wait.controlValues.unit', before: 'days' },
      { kind: '+', path: 'steps.hello.controlValues.subject', after: 'S' },
      { kind: '~', path: 'steps (order)', before: ['hello', 'wait'], after: ['wait', 'hello'] },
    ]);
  });
});

describe('planWorkflows and formatPlan', () => {
  it('orders creates and updates by workflowId, then deletes with prune', () => {
    const plan = planWorkflows(
      [
        { ...base, name: 'Hi' },
        { ...base, workflowId: 'another' },
      ],
      [base, { ...base, workflowId: 'old' }],
      { prune: true },
    );
    expect(plan.changes.map((change) => `${change.action} ${change.workflowId}`)).toEqual([
      'create another',
      'update welcome',
      'delete old',
    ]);
    expect(formatPlan(plan)).toBe(
      '+ create another (2 steps)\n~ update welcome\n    ~ name: "Welcome" → "Hi"\n- delete old\n',
    );
  });
});

describe('serializeWorkflowFile', () => {
  it('writes the same bytes whatever the key order it was given', () => {
    const shuffled = JSON.parse(
      JSON.stringify({
        steps: base.steps,
        tags: base.tags,
        name: base.name,
        workflowId: 'welcome',
      }),
    ) as WorkflowFile;
    expect(serializeWorkflowFile(shuffled)).toBe(serializeWorkflowFile(base));
    expect(serializeWorkflowFile(base).split('\n').slice(0, 3)).toEqual([
      '{',
      '  "workflowId": "welcome",',
      '  "name": "Welcome",',
    ]);
  });
});
