// The plan's create line counts steps in words that agree with the count ("(1 step)").
import { describe, expect, it } from 'vitest';
import { formatPlan, planWorkflows } from '../../src/workflows/plan';

const step = (stepId: string) => ({
  stepId,
  name: stepId,
  type: 'in_app' as const,
  controlValues: { body: 'Hi' },
});

describe('formatPlan', () => {
  it('says "(1 step)" and "(2 steps)"', () => {
    const plan = planWorkflows(
      [
        { workflowId: 'one', name: 'One', steps: [step('a')] },
        { workflowId: 'two', name: 'Two', steps: [step('a'), step('b')] },
      ],
      [],
    );
    expect(formatPlan(plan)).toContain('+ create one (1 step)\n+ create two (2 steps)\n');
  });
});
