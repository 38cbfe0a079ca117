/**
 * Step conditions: the service's step `filters` (StepFilter / FieldFilterPart, evaluated the way
 * its `ConditionsFilter` does) and the `skip` control (a JSON Logic rule).
 *
 * @module
 */

import jsonLogic from 'json-logic-js';
import type { FieldFilterPart, StepFilter } from '../../../src/schemas/step-filter';
import { jsonDepth } from '../wire/json-depth';
import { readPath } from './paths';

/** What conditions read: `subscriber`, `payload` and, when known, `tenant`, `actor`, `steps`. */
export type ConditionVariables = Readonly<Record<string, unknown>>;

/** How one condition was judged (the service keeps these on the filter's execution detail). */
export interface ConditionResult {
  /** `subscriber`, `payload`, ... */
  readonly on: string;
  readonly field: string;
  readonly operator: string;
  /** The compared value after coercion, as text. */
  readonly expected: string;
  /** The field's value, as text (`''` when missing, JSON for arrays). */
  readonly actual: string;
  readonly passed: boolean;
}

/** The verdict on a step's filters. */
export interface FiltersVerdict {
  /** `true` when the step may run: no filters, or at least one filter passes. */
  readonly passed: boolean;
  /** Every condition that was judged, in order. */
  readonly conditions: ConditionResult[];
}

/** Options of {@link evaluateFilters}. */
export interface FilterOptions {
  /**
   * Renders a condition's `value` before comparing (the service compiles it as a template, so
   * `{{payload.limit}}` works). Identity when omitted.
   */
  readonly renderValue?: (value: string) => string;
}

/** Coerces the filter's text to the type of the field's value, as the service does. */
function coerceLike(actual: unknown, text: string): unknown {
  switch (typeof actual) {
    case 'number':
    case 'bigint':
      return Number(text);
    case 'string':
      return text;
    case 'boolean':
      return text === 'true';
    default:
      return text;
  }
}

const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const isScalar = (value: unknown): value is number | boolean | bigint =>
  typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';

/** `actual` contains `expected`: substring of a string, element of an array (service `IN`). */
function contains(actual: unknown, text: string): boolean | undefined {
  if (typeof actual === 'string') return actual.includes(text);
  if (Array.isArray(actual)) return actual.includes(text);
  if (isScalar(actual)) return splitList(text).some((item) => coerceLike(actual, item) === actual);
  return undefined;
}

const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    if (Number.isFinite(number)) return number;
    const date = Date.parse(value);
    return Number.isFinite(date) ? date : undefined;
  }
  return undefined;
};

function between(actual: unknown, text: string): boolean | undefined {
  const bounds = splitList(text).map(asNumber);
  const [low, high] = bounds;
  const value = asNumber(actual);
  if (bounds.length !== 2 || low === undefined || high === undefined || value === undefined) {
    return undefined;
  }
  return value >= Math.min(low, high) && value <= Math.max(low, high);
}

const asList = (actual: unknown): unknown[] | undefined =>
  Array.isArray(actual) ? actual : actual === undefined || actual === null ? undefined : [actual];

const sameItem = (item: unknown, text: string): boolean =>
  item === text || (isScalar(item) && coerceLike(item, text) === item);

/** Judges one operator; `undefined` when it cannot apply to the value (the condition fails). */
function compare(operator: string, actual: unknown, text: string): boolean | undefined {
  const expected = coerceLike(actual, text);
  switch (operator) {
    case 'EQUAL':
      return actual === expected;
    case 'NOT_EQUAL':
      return actual !== expected;
    case 'LARGER':
      return (actual as number) > (expected as number);
    case 'SMALLER':
      return (actual as number) < (expected as number);
    case 'LARGER_EQUAL':
      return (actual as number) >= (expected as number);
    case 'SMALLER_EQUAL':
      return (actual as number) <= (expected as number);
    case 'IN':
      return contains(actual, text);
    case 'NOT_IN': {
      const found = contains(actual, text);
      return found === undefined ? undefined : !found;
    }
    case 'ANY_IN': {
      const items = asList(actual);
      const wanted = splitList(text);
      return items?.some((item) => wanted.some((value) => sameItem(item, value)));
    }
    case 'ALL_IN': {
      const items = asList(actual);
      const wanted = splitList(text);
      if (items === undefined || wanted.length === 0) return undefined;
      return wanted.every((value) => items.some((item) => sameItem(item, value)));
    }
    case 'BETWEEN':
      return between(actual, text);
    case 'NOT_BETWEEN': {
      const inside = between(actual, text);
      return inside === undefined ? undefined : !inside;
    }
    case 'LIKE':
      return actual === undefined || actual === null ? false : String(actual).includes(text);
    case 'NOT_LIKE':
      return actual === undefined || actual === null ? true : !String(actual).includes(text);
    case 'IS_DEFINED':
      return actual !== undefined;
    default:
      return undefined;
  }
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value);
  try {
    return `${value ?? ''}`;
  } catch {
    // An object JavaScript cannot turn into text (`{ "toString": 1, "valueOf": 1 }`).
    return JSON.stringify(value);
  }
}

/** Judges one condition against the variables. */
export function evaluateCondition(
  part: FieldFilterPart,
  variables: ConditionVariables,
  options: FilterOptions = {},
): ConditionResult {
  const on = String(part.on);
  const source = variables[on];
  const actual = source === undefined ? undefined : readPath(source, String(part.field));
  const text = options.renderValue ? options.renderValue(String(part.value)) : String(part.value);
  let passed: boolean;
  try {
    passed = compare(String(part.operator), actual, text) === true;
  } catch {
    // The service fails a condition whose comparison throws (e.g. IN on a missing field).
    passed = false;
  }
  return {
    on,
    field: String(part.field),
    operator: String(part.operator),
    expected: describeValue(coerceLike(actual, text)),
    actual: describeValue(actual),
    passed,
  };
}

/** What a filter needs to be judged: a step filter or an integration condition. */
export type FilterGroup = Pick<StepFilter, 'children'> & {
  readonly isNegated?: boolean | undefined;
  readonly value?: string | undefined;
};

function evaluateFilter(
  filter: FilterGroup,
  variables: ConditionVariables,
  options: FilterOptions,
  results: ConditionResult[],
): boolean {
  const children = Array.isArray(filter.children) ? filter.children : [];
  if (children.length === 0) return true;
  const judge = (part: FieldFilterPart): boolean => {
    const result = evaluateCondition(part, variables, options);
    results.push(result);
    return result.passed;
  };
  let passed: boolean;
  if (children.length === 1) {
    passed = judge(children[0] as FieldFilterPart);
  } else if (filter.value === 'OR') {
    passed = children.some(judge);
  } else if (filter.value === 'AND') {
    // Every condition is judged (and reported), as the service does for AND groups.
    passed = children.map(judge).every(Boolean);
  } else {
    passed = false;
  }
  return filter.isNegated === true ? !passed : passed;
}

/**
 * Judges a step's `filters` against `{ subscriber, payload, ... }`. The step runs when there are
 * no filters or at least one filter passes; inside a filter the children are joined by its
 * `value` (`AND` / `OR`) and `isNegated` inverts the filter's result.
 */
export function evaluateFilters(
  filters: readonly FilterGroup[] | undefined,
  variables: ConditionVariables,
  options: FilterOptions = {},
): FiltersVerdict {
  const conditions: ConditionResult[] = [];
  if (!Array.isArray(filters) || filters.length === 0) return { passed: true, conditions };
  const passed = filters.some((filter) => evaluateFilter(filter, variables, options, conditions));
  return { passed, conditions };
}

/**
 * The budgets of one `skip` rule (docs/http-server.md, "Caps and budgets"): its JSON text at most
 * `size` characters and `depth` levels deep; its evaluation at most `steps` operations and
 * `memory` array items and string characters produced. A rule past a budget fails the step.
 */
export const SKIP_RULE_BUDGET = {
  size: 16_384,
  depth: 32,
  steps: 100_000,
  memory: 1_000_000,
} as const;

class RuleBudgetExceeded extends Error {
  override name = 'RuleBudgetExceeded';
}

/** The size of a value an operation produced, for the memory budget. */
const footprint = (value: unknown): number =>
  Array.isArray(value) ? value.length : typeof value === 'string' ? value.length : 0;

/**
 * Applies a JSON Logic rule within {@link SKIP_RULE_BUDGET}. json-logic-js evaluates nested
 * operations through `jsonLogic.apply`, so counting calls there counts every step; runs are
 * synchronous, so the counting wrapper is in place only for this one evaluation.
 */
function applyWithinBudget(rule: object, variables: ConditionVariables): unknown {
  const original = jsonLogic.apply;
  let steps = 0;
  let memory = 0;
  const counted = function (this: unknown, logic: unknown, data: unknown): unknown {
    steps += 1;
    if (steps > SKIP_RULE_BUDGET.steps) {
      throw new RuleBudgetExceeded(
        `The skip rule took more than ${SKIP_RULE_BUDGET.steps} evaluation steps`,
      );
    }
    const result = original.call(this, logic as never, data);
    memory += footprint(result);
    if (memory > SKIP_RULE_BUDGET.memory) {
      throw new RuleBudgetExceeded(
        `The skip rule produced more than ${SKIP_RULE_BUDGET.memory} array items and characters`,
      );
    }
    return result;
  };
  jsonLogic.apply = counted as typeof jsonLogic.apply;
  try {
    return jsonLogic.apply(rule as never, variables);
  } finally {
    jsonLogic.apply = original;
  }
}

function ruleTooLarge(rule: object): string | undefined {
  if (jsonDepth(rule, SKIP_RULE_BUDGET.depth) > SKIP_RULE_BUDGET.depth) {
    return `The skip rule nests more than ${SKIP_RULE_BUDGET.depth} levels deep`;
  }
  const size = JSON.stringify(rule).length;
  if (size > SKIP_RULE_BUDGET.size) {
    return `The skip rule is ${size} characters of JSON; the limit is ${SKIP_RULE_BUDGET.size}`;
  }
  return undefined;
}

/** The verdict on a step's `skip` control. */
export interface SkipVerdict {
  /** `true` when the rule is false and the step must be skipped. */
  readonly skipped: boolean;
  /**
   * Why the rule could not be evaluated (`Failed to evaluate rule: ...`) or exceeded its budget;
   * the step then fails (docs/behaviour/runs.md#step-conditions).
   */
  readonly error?: string;
  /** `true` when the rule exceeded {@link SKIP_RULE_BUDGET}: the step fails. */
  readonly budgetExceeded?: true;
}

/** Lodash's `isEmpty` for JSON values: null, primitives other than non-empty text, `{}`, `[]`. */
function isEmptyRule(rule: unknown): boolean {
  if (rule === null || rule === undefined) return true;
  if (typeof rule === 'string' || Array.isArray(rule)) return rule.length === 0;
  if (typeof rule === 'object') return Object.keys(rule).length === 0;
  return true;
}

/**
 * Judges the `skip` control: a JSON Logic rule over `{ subscriber, payload, steps, ... }`.
 * Despite its name the rule says when the step **runs** (the dashboard's step conditions): a
 * truthy result runs the step, a falsy one skips it. No rule or an empty rule runs the step; a
 * rule that throws (an unknown operation) is reported as `Failed to evaluate rule: <reason>`; a
 * rule past {@link SKIP_RULE_BUDGET} reports `budgetExceeded`.
 */
export function evaluateSkip(rule: unknown, variables: ConditionVariables): SkipVerdict {
  if (isEmptyRule(rule)) return { skipped: false };
  if (typeof rule === 'object' && rule !== null) {
    const tooLarge = ruleTooLarge(rule);
    if (tooLarge !== undefined) return { skipped: false, error: tooLarge, budgetExceeded: true };
  }
  try {
    return {
      skipped: !jsonLogic.truthy(
        typeof rule === 'object' && rule !== null
          ? applyWithinBudget(rule, variables)
          : jsonLogic.apply(rule as jsonLogic.RulesLogic, variables),
      ),
    };
  } catch (error) {
    if (error instanceof RuleBudgetExceeded) {
      return { skipped: false, error: error.message, budgetExceeded: true };
    }
    const reason = error instanceof Error ? error.message : 'Unknown error';
    return { skipped: false, error: `Failed to evaluate rule: ${reason}` };
  }
}

/**
 * Judges a topic subscription preference's JSON Logic `condition` at fan-out
 * (docs/behaviour/topics.md#subscription-preferences): only a result that is exactly `true`
 * lets the subscription through; any other value, a rule that throws and a rule past
 * {@link SKIP_RULE_BUDGET} count as `false`, as the service's worker treats them.
 */
export function conditionHolds(rule: object, variables: ConditionVariables): boolean {
  if (ruleTooLarge(rule) !== undefined) return false;
  try {
    return applyWithinBudget(rule, variables) === true;
  } catch {
    return false;
  }
}
