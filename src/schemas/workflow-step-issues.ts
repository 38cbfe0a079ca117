import * as z from 'zod/mini';
import { openEnum, type WireShape } from './common';

const CONTENT_ISSUE_TYPES = [
  'ILLEGAL_VARIABLE_IN_CONTROL_VALUE',
  'INVALID_FILTER_ARG_IN_VARIABLE',
  'MISSING_VALUE',
  'TIER_LIMIT_EXCEEDED',
] as const;
const INTEGRATION_ISSUE_TYPES = ['MISSING_INTEGRATION', 'INBOX_NOT_CONNECTED'] as const;

/** A content problem of a step's control values. */
export const StepContentIssue = z.looseObject({
  /** `MISSING_VALUE`, `ILLEGAL_VARIABLE_IN_CONTROL_VALUE`, ... . */
  issueType: openEnum(CONTENT_ISSUE_TYPES),
  /** The control (or variable) the issue is about. */
  variableName: z.optional(z.string()),
  /** A readable description. */
  message: z.string(),
});
/** A problem with one control value of a step (`StepIssues.controls`). */
export interface StepContentIssue extends WireShape<typeof StepContentIssue> {}

/** An integration problem of a step (for example no active provider). */
export const StepIntegrationIssue = z.looseObject({
  /** `MISSING_INTEGRATION` or `INBOX_NOT_CONNECTED`. */
  issueType: openEnum(INTEGRATION_ISSUE_TYPES),
  /** The field the issue is about, if any. */
  variableName: z.optional(z.string()),
  /** A readable description. */
  message: z.string(),
});
/** A problem with the integration a step needs (`StepIssues.integration`). */
export interface StepIntegrationIssue extends WireShape<typeof StepIntegrationIssue> {}

/** The issues of a step, keyed by control name / integration key. */
export const StepIssues = z.looseObject({
  /** Content issues, by control name. */
  controls: z.optional(z.record(z.string(), z.array(StepContentIssue))),
  /** Integration issues, by field. */
  integration: z.optional(z.record(z.string(), z.array(StepIntegrationIssue))),
});
/** What the service found missing or wrong in a step (`issues` of a workflow step). */
export interface StepIssues extends WireShape<typeof StepIssues> {}
