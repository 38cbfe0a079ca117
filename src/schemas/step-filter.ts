import * as z from 'zod/mini';
import { openEnum, type WireShape } from './common';

/** Comparison operators of a step filter condition. */
export const FILTER_OPERATORS = [
  'LARGER',
  'SMALLER',
  'LARGER_EQUAL',
  'SMALLER_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ALL_IN',
  'ANY_IN',
  'NOT_IN',
  'BETWEEN',
  'NOT_BETWEEN',
  'LIKE',
  'NOT_LIKE',
  'IN',
  'IS_DEFINED',
] as const;
/** A step filter comparison operator. */
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Field types of a step filter (`type`). */
export const FILTER_TYPES = [
  'BOOLEAN',
  'TEXT',
  'DATE',
  'NUMBER',
  'STATEMENT',
  'LIST',
  'MULTI_LIST',
  'GROUP',
] as const;

/** Logical joins of a step filter's children (`value`). */
export const FILTER_JOINS = ['AND', 'OR'] as const;

/** What a filter condition reads (`on`). */
export const FILTER_SOURCES = ['subscriber', 'payload', 'tenant'] as const;

/** One condition of a step filter, as the service returns it (open enums). */
export const FieldFilterPart = z.looseObject({
  /** The field the condition reads (`email`, `tier`, ...). */
  field: z.string(),
  /** The value it compares with. */
  value: z.string(),
  /** The comparison operator. */
  operator: openEnum(FILTER_OPERATORS),
  /** What it reads: the `subscriber`, the `payload` or the `tenant`. */
  on: openEnum(FILTER_SOURCES),
});
/** One field comparison of a step filter or integration condition (`StepFilter.children`). */
export interface FieldFilterPart extends WireShape<typeof FieldFilterPart> {}

/** A step filter (integration conditions, step filters), as the service returns it. */
export const StepFilter = z.looseObject({
  /** Whether the filter's result is negated. */
  isNegated: z.boolean(),
  /** The filter's type. */
  type: openEnum(FILTER_TYPES),
  /** How the children are joined: `AND` or `OR`. */
  value: openEnum(FILTER_JOINS),
  /** The filter's conditions. */
  children: z.array(FieldFilterPart),
});
export interface StepFilter extends WireShape<typeof StepFilter> {}

/** One condition of a step filter in a request or seed (closed enums). */
export const FieldFilterPartInput = z.object({
  field: z.string(),
  value: z.string(),
  operator: z.enum(FILTER_OPERATORS),
  on: z.enum(FILTER_SOURCES),
});
export type FieldFilterPartInput = z.infer<typeof FieldFilterPartInput>;

/** A step filter in a request or seed (closed enums, all fields required). */
export const StepFilterInput = z.object({
  isNegated: z.boolean(),
  type: z.enum(FILTER_TYPES),
  value: z.enum(FILTER_JOINS),
  children: z.array(FieldFilterPartInput),
});
export type StepFilterInput = z.infer<typeof StepFilterInput>;

/**
 * An integration condition as the service stores and returns it: a step filter whose `isNegated`,
 * `type` and `value` may be absent (the service keeps what it was given).
 */
export const IntegrationCondition = z.looseObject({
  /** Whether the condition's result is negated. */
  isNegated: z.optional(z.boolean()),
  /** The condition's type. */
  type: z.optional(openEnum(FILTER_TYPES)),
  /** How the children are joined: `AND` or `OR`. */
  value: z.optional(openEnum(FILTER_JOINS)),
  /** The condition's field comparisons. */
  children: z.array(FieldFilterPart),
});
/** A condition that selects an integration (`Integration.conditions`). */
export interface IntegrationCondition extends WireShape<typeof IntegrationCondition> {}

/**
 * An integration condition in `POST /v1/integrations`: `children` is required, `isNegated`,
 * `type` and `value` (the join, `AND` when absent) are optional.
 */
export const IntegrationConditionInput = z.object({
  isNegated: z.optional(z.boolean()),
  type: z.optional(z.enum(FILTER_TYPES)),
  value: z.optional(z.enum(FILTER_JOINS)),
  children: z.array(FieldFilterPartInput),
});
export type IntegrationConditionInput = z.infer<typeof IntegrationConditionInput>;
