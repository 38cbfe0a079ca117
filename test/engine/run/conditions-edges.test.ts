// Edges of the step conditions that the mutation run (docs/benchmarks.md, "Mutation score")
// showed untested: each operator at and past its bounds, malformed lists and bounds, values
// that cannot be compared, groups that are neither AND nor OR, and the skip rule's budgets at
// their exact limits.
import { describe, expect, it } from 'vitest';
import {
  evaluateCondition,
  evaluateFilters,
  evaluateSkip,
  type FilterGroup,
  SKIP_RULE_BUDGET,
} from '../../../mock-server/engine/policy/conditions';
import { jsonDepth } from '../../../mock-server/engine/wire/json-depth';
import type { FieldFilterPart } from '../../../src/schemas/step-filter';

const variables = {
  subscriber: { data: { plan: 'pro' } },
  payload: {
    amount: 12,
    vip: true,
    tags: ['a', 'b', 'c'],
    numbers: [1, 2, 3],
    empty: '',
    blank: '  ',
    word: 'abc',
    nothing: null,
    // An object JavaScript cannot turn into text: String() throws on it.
    odd: { toString: 1, valueOf: 1 },
  },
};

const passes = (field: string, operator: string, value: string): boolean =>
  evaluateCondition({ on: 'payload', field, operator, value } as FieldFilterPart, variables).passed;

describe('conditions: operators at their edges', () => {
  it('LARGER_EQUAL and SMALLER_EQUAL are each one-sided', () => {
    expect(passes('amount', 'LARGER_EQUAL', '13')).toBe(false);
    expect(passes('amount', 'LARGER_EQUAL', '11')).toBe(true);
    expect(passes('amount', 'SMALLER_EQUAL', '13')).toBe(true);
    expect(passes('amount', 'SMALLER_EQUAL', '11')).toBe(false);
  });

  it('IN takes a boolean field from a list', () => {
    expect(passes('vip', 'IN', 'false, true')).toBe(true);
    expect(passes('vip', 'IN', 'false')).toBe(false);
  });

  it('ANY_IN and ALL_IN compare numbers in arrays after coercion', () => {
    expect(passes('numbers', 'ANY_IN', '2')).toBe(true);
    expect(passes('numbers', 'ANY_IN', '9')).toBe(false);
    expect(passes('numbers', 'ALL_IN', '1,3')).toBe(true);
  });

  it('lists ignore empty entries; an empty list never passes ALL_IN', () => {
    expect(passes('tags', 'ALL_IN', 'a,c,')).toBe(true);
    expect(passes('tags', 'ANY_IN', ', ,b')).toBe(true);
    expect(passes('tags', 'ALL_IN', '')).toBe(false);
    expect(passes('tags', 'ALL_IN', ' , ')).toBe(false);
  });

  it('BETWEEN is closed on both sides and needs exactly two numeric bounds', () => {
    expect(passes('amount', 'BETWEEN', '1,5')).toBe(false);
    expect(passes('amount', 'BETWEEN', '10,20,30')).toBe(false);
    expect(passes('amount', 'NOT_BETWEEN', '10,20,30')).toBe(false);
    expect(passes('amount', 'NOT_BETWEEN', 'x,20')).toBe(false);
    expect(passes('amount', 'NOT_BETWEEN', '10,x')).toBe(false);
    expect(passes('word', 'NOT_BETWEEN', '10,20')).toBe(false);
  });

  it('BETWEEN does not read an empty or blank text as zero', () => {
    expect(passes('empty', 'BETWEEN', '-1,1')).toBe(false);
    expect(passes('blank', 'BETWEEN', '-1,1')).toBe(false);
    expect(passes('empty', 'NOT_BETWEEN', '-1,1')).toBe(false);
  });

  it('LIKE never matches a missing or null field, NOT_LIKE always does', () => {
    expect(passes('missing', 'LIKE', 'undefined')).toBe(false);
    expect(passes('missing', 'LIKE', '')).toBe(false);
    expect(passes('nothing', 'LIKE', 'null')).toBe(false);
    expect(passes('missing', 'NOT_LIKE', 'undefined')).toBe(true);
    expect(passes('nothing', 'NOT_LIKE', 'null')).toBe(true);
  });

  it('an unknown operator fails; a comparison that throws fails instead of throwing', () => {
    expect(passes('amount', 'SOMETIMES', '12')).toBe(false);
    expect(passes('odd', 'LIKE', 'x')).toBe(false);
    expect(passes('odd', 'NOT_LIKE', 'x')).toBe(false);
    const odd = evaluateCondition(
      { on: 'payload', field: 'odd', operator: 'LIKE', value: 'x' } as FieldFilterPart,
      variables,
    );
    expect(odd.actual).toBe('{"toString":1,"valueOf":1}');
  });

  it('reports a missing field as an empty actual value', () => {
    const result = evaluateCondition(
      { on: 'payload', field: 'missing', operator: 'EQUAL', value: 'x' } as FieldFilterPart,
      variables,
    );
    expect(result).toMatchObject({ actual: '', expected: 'x', passed: false });
    const unknownSource = evaluateCondition(
      { on: 'tenant', field: 'name', operator: 'IS_DEFINED', value: '' } as FieldFilterPart,
      variables,
    );
    expect(unknownSource).toMatchObject({ actual: '', passed: false });
  });
});

describe('conditions: filter groups', () => {
  const pro = {
    on: 'subscriber',
    field: 'data.plan',
    operator: 'EQUAL',
    value: 'pro',
  } as FieldFilterPart;

  it('a group without children passes, whatever its join', () => {
    expect(evaluateFilters([{ value: 'OR', children: [] }], variables).passed).toBe(true);
    const noChildren = { value: 'AND' } as unknown as FilterGroup;
    expect(evaluateFilters([noChildren], variables)).toEqual({ passed: true, conditions: [] });
  });

  it('a group of several children joined by neither AND nor OR fails without judging them', () => {
    const group = { value: 'XOR', children: [pro, pro] } as unknown as FilterGroup;
    expect(evaluateFilters([group], variables)).toEqual({ passed: false, conditions: [] });
  });
});

describe('conditions: the skip rule', () => {
  it('empty rules (lodash isEmpty: numbers and booleans too) run the step', () => {
    for (const rule of [0, false, '', [], {}, 7]) {
      expect(evaluateSkip(rule, variables), JSON.stringify(rule)).toEqual({ skipped: false });
    }
  });

  it('a plain text rule is a literal, not measured against the budgets', () => {
    expect(evaluateSkip('x'.repeat(SKIP_RULE_BUDGET.size + 10), variables)).toEqual({
      skipped: false,
    });
  });

  it('answers the evaluation error in full, and "Unknown error" for a throw that is no Error', () => {
    expect(evaluateSkip({ nope: [1] }, variables)).toEqual({
      skipped: false,
      error: 'Failed to evaluate rule: Unrecognized operation nope',
    });
    const throwing = {
      payload: {
        get value(): never {
          throw 'not an error';
        },
      },
    };
    expect(evaluateSkip({ var: 'payload.value' }, throwing)).toEqual({
      skipped: false,
      error: 'Failed to evaluate rule: Unknown error',
    });
  });

  it('a rule exactly as deep and as large as the budget runs; one more is refused', () => {
    let deep: object = { '==': [1, 1] };
    for (let level = 0; level < 15; level++) deep = { and: [deep] };
    expect(jsonDepth(deep, 64)).toBe(SKIP_RULE_BUDGET.depth);
    expect(evaluateSkip(deep, variables)).toEqual({ skipped: false });
    expect(evaluateSkip({ and: [deep] }, variables)).toEqual({
      skipped: false,
      error: `The skip rule nests more than ${SKIP_RULE_BUDGET.depth} levels deep`,
      budgetExceeded: true,
    });
    const sized = (length: number) => {
      const rule = { '==': ['', 'x'] };
      const padding = length - JSON.stringify(rule).length;
      rule['=='][0] = 'y'.repeat(padding);
      expect(JSON.stringify(rule).length).toBe(length);
      return rule;
    };
    expect(evaluateSkip(sized(SKIP_RULE_BUDGET.size), variables)).toEqual({ skipped: true });
    expect(evaluateSkip(sized(SKIP_RULE_BUDGET.size + 1), variables).budgetExceeded).toBe(true);
  });

  it('a rule of exactly the step budget runs; one more step is refused', () => {
    // `map` over n items takes n + 3 evaluation steps (the rule, `var`, its path, each item).
    const mapOver = (n: number) =>
      evaluateSkip(
        { map: [{ var: 'payload.items' }, 1] },
        { payload: { items: new Array(n).fill(0) } },
      );
    expect(mapOver(SKIP_RULE_BUDGET.steps - 3)).toEqual({ skipped: false });
    expect(mapOver(SKIP_RULE_BUDGET.steps - 2)).toEqual({
      skipped: false,
      error: `The skip rule took more than ${SKIP_RULE_BUDGET.steps} evaluation steps`,
      budgetExceeded: true,
    });
  });

  it('text counts towards the memory budget; exactly the budget runs', () => {
    // `{ var: 'payload.s' }` produces the path (9 characters) and the text it reads.
    const readText = (length: number) =>
      evaluateSkip({ var: 'payload.s' }, { payload: { s: 'x'.repeat(length) } });
    expect(readText(SKIP_RULE_BUDGET.memory - 9)).toEqual({ skipped: false });
    expect(readText(SKIP_RULE_BUDGET.memory - 8)).toEqual({
      skipped: false,
      error: `The skip rule produced more than ${SKIP_RULE_BUDGET.memory} array items and characters`,
      budgetExceeded: true,
    });
  });
});
