import { describe, expect, it } from 'vitest';
import {
  conditionHolds,
  evaluateCondition,
  evaluateFilters,
  evaluateSkip,
} from '../../../mock-server/engine/policy/conditions';
import type { FieldFilterPart, StepFilter } from '../../../src/schemas/step-filter';

const variables = {
  subscriber: { firstName: 'Ada', email: 'ada@example.com', data: { plan: 'pro', seats: 5 } },
  payload: {
    amount: 12,
    status: 'shipped',
    vip: true,
    tags: ['a', 'b', 'c'],
    note: 'hello world',
    sentAt: '2026-01-10T00:00:00.000Z',
  },
};

const part = (
  on: 'subscriber' | 'payload',
  field: string,
  operator: FieldFilterPart['operator'],
  value: string,
): FieldFilterPart => ({ on, field, operator, value });

const group = (
  value: 'AND' | 'OR',
  children: FieldFilterPart[],
  isNegated = false,
): StepFilter => ({ isNegated, type: 'GROUP', value, children });

const passes = (condition: FieldFilterPart) => evaluateCondition(condition, variables).passed;

describe('runtime: step filters', () => {
  it('coerces the filter text to the field type (numbers, booleans, strings)', () => {
    expect(passes(part('payload', 'amount', 'EQUAL', '12'))).toBe(true);
    expect(passes(part('payload', 'vip', 'EQUAL', 'true'))).toBe(true);
    expect(passes(part('payload', 'vip', 'EQUAL', 'yes'))).toBe(false);
    expect(passes(part('subscriber', 'data.plan', 'EQUAL', 'pro'))).toBe(true);
    expect(passes(part('subscriber', 'data.plan', 'NOT_EQUAL', 'pro'))).toBe(false);
    expect(passes(part('payload', 'missing', 'NOT_EQUAL', 'x'))).toBe(true);
  });

  it('compares numbers with LARGER / SMALLER / *_EQUAL', () => {
    expect(passes(part('payload', 'amount', 'LARGER', '10'))).toBe(true);
    expect(passes(part('payload', 'amount', 'LARGER', '12'))).toBe(false);
    expect(passes(part('payload', 'amount', 'LARGER_EQUAL', '12'))).toBe(true);
    expect(passes(part('payload', 'amount', 'SMALLER', '12'))).toBe(false);
    expect(passes(part('payload', 'amount', 'SMALLER_EQUAL', '12'))).toBe(true);
    expect(passes(part('subscriber', 'data.seats', 'SMALLER', '6'))).toBe(true);
  });

  it('IN / NOT_IN: substring of a string, element of an array, member of a list for scalars', () => {
    expect(passes(part('payload', 'note', 'IN', 'world'))).toBe(true);
    expect(passes(part('payload', 'tags', 'IN', 'b'))).toBe(true);
    expect(passes(part('payload', 'tags', 'NOT_IN', 'z'))).toBe(true);
    expect(passes(part('payload', 'tags', 'NOT_IN', 'a'))).toBe(false);
    expect(passes(part('payload', 'amount', 'IN', '5, 12, 20'))).toBe(true);
    expect(passes(part('payload', 'amount', 'NOT_IN', '5,20'))).toBe(true);
    // A missing field fails both, as the service's comparison throws and fails closed.
    expect(passes(part('payload', 'missing', 'IN', 'a'))).toBe(false);
    expect(passes(part('payload', 'missing', 'NOT_IN', 'a'))).toBe(false);
  });

  it('ANY_IN / ALL_IN against comma-separated values', () => {
    expect(passes(part('payload', 'tags', 'ANY_IN', 'x, c'))).toBe(true);
    expect(passes(part('payload', 'tags', 'ANY_IN', 'x,y'))).toBe(false);
    expect(passes(part('payload', 'tags', 'ALL_IN', 'a,c'))).toBe(true);
    expect(passes(part('payload', 'tags', 'ALL_IN', 'a,z'))).toBe(false);
    expect(passes(part('payload', 'status', 'ANY_IN', 'pending,shipped'))).toBe(true);
  });

  it('BETWEEN / NOT_BETWEEN on numbers and dates, inclusive', () => {
    expect(passes(part('payload', 'amount', 'BETWEEN', '10,12'))).toBe(true);
    expect(passes(part('payload', 'amount', 'BETWEEN', '13,20'))).toBe(false);
    expect(passes(part('payload', 'amount', 'NOT_BETWEEN', '13,20'))).toBe(true);
    expect(
      passes(part('payload', 'sentAt', 'BETWEEN', '2026-01-01T00:00:00Z,2026-02-01T00:00:00Z')),
    ).toBe(true);
    expect(passes(part('payload', 'amount', 'BETWEEN', 'oops'))).toBe(false);
    // Inclusive at both bounds (a planted bug made the lower one exclusive).
    expect(passes(part('payload', 'amount', 'BETWEEN', '12,20'))).toBe(true);
    expect(passes(part('payload', 'amount', 'BETWEEN', '20,12'))).toBe(true);
    expect(passes(part('payload', 'amount', 'BETWEEN', '5,12'))).toBe(true);
    expect(passes(part('payload', 'amount', 'NOT_BETWEEN', '12,20'))).toBe(false);
    expect(passes(part('payload', 'missing', 'NOT_BETWEEN', '1,2'))).toBe(false);
  });

  it('LIKE / NOT_LIKE as substring matches', () => {
    expect(passes(part('subscriber', 'email', 'LIKE', '@example.'))).toBe(true);
    expect(passes(part('subscriber', 'email', 'NOT_LIKE', '@example.'))).toBe(false);
    expect(passes(part('subscriber', 'email', 'LIKE', 'EXAMPLE'))).toBe(false);
    expect(passes(part('payload', 'missing', 'NOT_LIKE', 'x'))).toBe(true);
  });

  it('reports what it compared', () => {
    expect(evaluateCondition(part('payload', 'tags', 'IN', 'b'), variables)).toEqual({
      on: 'payload',
      field: 'tags',
      operator: 'IN',
      expected: 'b',
      actual: '["a","b","c"]',
      passed: true,
    });
  });

  it('joins children with AND / OR, honours isNegated, and passes when any filter passes', () => {
    const pro = part('subscriber', 'data.plan', 'EQUAL', 'pro');
    const small = part('payload', 'amount', 'SMALLER', '5');
    expect(evaluateFilters([group('AND', [pro, small])], variables).passed).toBe(false);
    expect(evaluateFilters([group('OR', [pro, small])], variables).passed).toBe(true);
    expect(evaluateFilters([group('AND', [pro], true)], variables).passed).toBe(false);
    expect(evaluateFilters([group('AND', [small]), group('AND', [pro])], variables).passed).toBe(
      true,
    );
    expect(evaluateFilters([], variables).passed).toBe(true);
    expect(evaluateFilters(undefined, variables).passed).toBe(true);
    expect(evaluateFilters([group('AND', [])], variables).passed).toBe(true);
    const verdict = evaluateFilters([group('AND', [pro, small])], variables);
    expect(verdict.conditions.map((condition) => condition.passed)).toEqual([true, false]);
  });

  it('renders filter values as templates when a renderer is given', () => {
    const condition = part('payload', 'amount', 'EQUAL', '{{payload.limit}}');
    const render = (value: string) => value.replace('{{payload.limit}}', '12');
    expect(evaluateCondition(condition, variables, { renderValue: render }).passed).toBe(true);
  });
});

describe('runtime: skip control (the rule says when the step runs)', () => {
  it('runs when the JSON Logic rule is truthy and skips when it is falsy', () => {
    const rule = {
      and: [
        { '==': [{ var: 'payload.status' }, 'shipped'] },
        { '==': [{ var: 'subscriber.data.plan' }, 'pro'] },
      ],
    };
    expect(evaluateSkip(rule, variables)).toEqual({ skipped: false });
    expect(evaluateSkip({ '>': [{ var: 'payload.amount' }, 100] }, variables)).toEqual({
      skipped: true,
    });
  });

  it('runs for no rule or an empty one, as lodash isEmpty judges it', () => {
    expect(evaluateSkip(undefined, variables)).toEqual({ skipped: false });
    expect(evaluateSkip(null, variables)).toEqual({ skipped: false });
    expect(evaluateSkip({}, variables)).toEqual({ skipped: false });
    expect(evaluateSkip([], variables)).toEqual({ skipped: false });
    expect(evaluateSkip(true, variables)).toEqual({ skipped: false });
  });

  it('reports a rule that cannot be evaluated as the service does', () => {
    const verdict = evaluateSkip({ nope: [1, 2] }, variables);
    expect(verdict.error).toBe('Failed to evaluate rule: Unrecognized operation nope');
    // Not a rule but data (two keys): JSON Logic returns it as is, which is truthy.
    expect(evaluateSkip({ a: 1, b: 2 }, variables)).toEqual({ skipped: false });
  });
});

describe('conditionHolds (topic subscription preference conditions)', () => {
  const payload = { tier: 'premium', seats: 3 };

  it('is true only for a result that is exactly true', () => {
    expect(conditionHolds({ '===': [{ var: 'payload.tier' }, 'premium'] }, { payload })).toBe(true);
    expect(conditionHolds({ '===': [{ var: 'payload.tier' }, 'free'] }, { payload })).toBe(false);
    expect(conditionHolds({ var: 'payload.tier' }, { payload })).toBe(false);
    expect(conditionHolds({ var: 'payload.seats' }, { payload })).toBe(false);
  });

  it('counts an error and a rule past the budgets as false', () => {
    expect(conditionHolds({ unknownOperation: [1] }, { payload })).toBe(false);
    let deep: object = { '==': [1, 1] };
    for (let level = 0; level < 40; level += 1) deep = { and: [deep] };
    expect(conditionHolds(deep, { payload })).toBe(false);
  });
});
