// Values per environment that step content reads as `{{env.KEY}}`.
import * as z from 'zod/mini';
import { Timestamp, type WireShape } from './common';
import { WorkflowReference } from './workflow-reference';

/** What a variable's key may hold: a letter, then letters, digits and `_`. */
export const ENVIRONMENT_VARIABLE_KEY_PATTERN: RegExp = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The longest key, and the longest value. */
export const ENVIRONMENT_VARIABLE_MAX_LENGTH = 256;

/** What a secret variable's values read as. */
export const SECRET_MASK = '••••••••';

/** A variable's value in one environment. */
export const EnvironmentVariableValue = z.looseObject({
  /** The environment's `_id`. */
  _environmentId: z.string(),
  /** The value; {@link SECRET_MASK} for a secret variable. */
  value: z.string(),
});
export interface EnvironmentVariableValue extends WireShape<typeof EnvironmentVariableValue> {}

/** An environment variable as the service answers it (values of the caller's environment only). */
export const EnvironmentVariable = z.looseObject({
  /** The variable's internal id. */
  _id: z.string(),
  /** The organization it belongs to. */
  _organizationId: z.string(),
  /** Its key, as templates read it (`{{env.KEY}}`). */
  key: z.string(),
  /** `string`. */
  type: z.string(),
  /** Whether reads mask its values. */
  isSecret: z.boolean(),
  /** Its value in the caller's environment (none when it has no value there). */
  values: z.array(EnvironmentVariableValue),
  /** When it was created (ISO 8601). */
  createdAt: Timestamp,
  /** When it was last updated (ISO 8601). */
  updatedAt: Timestamp,
});
export interface EnvironmentVariable extends WireShape<typeof EnvironmentVariable> {}

const valueInput = z.object({
  _environmentId: z.string(),
  value: z.string().check(z.maxLength(ENVIRONMENT_VARIABLE_MAX_LENGTH)),
});

/** Body of `POST /v1/environment-variables`. */
export const EnvironmentVariableCreateBody = z.object({
  /** A letter, then letters, digits and `_`; at most 256 characters. */
  key: z
    .string()
    .check(z.maxLength(ENVIRONMENT_VARIABLE_MAX_LENGTH), z.regex(ENVIRONMENT_VARIABLE_KEY_PATTERN)),
  /** `string` (the default). */
  type: z.optional(z.enum(['string'])),
  /** Whether reads mask its values. */
  isSecret: z.optional(z.boolean()),
  /** Its values, one per environment (through an API key: the key's environment only). */
  values: z.optional(z.array(valueInput)),
});
export type EnvironmentVariableCreateBody = z.input<typeof EnvironmentVariableCreateBody>;

/**
 * Body of `PATCH /v1/environment-variables/{variableKey}`: the given values are merged by
 * environment.
 */
export const EnvironmentVariableUpdateBody = z.object({
  key: z.optional(
    z
      .string()
      .check(
        z.maxLength(ENVIRONMENT_VARIABLE_MAX_LENGTH),
        z.regex(ENVIRONMENT_VARIABLE_KEY_PATTERN),
      ),
  ),
  type: z.optional(z.enum(['string'])),
  isSecret: z.optional(z.boolean()),
  values: z.optional(z.array(valueInput)),
});
export type EnvironmentVariableUpdateBody = z.input<typeof EnvironmentVariableUpdateBody>;

/** Query of `GET /v1/environment-variables`. */
export const EnvironmentVariableListQuery = z.object({
  /** A part of the key, in any case. */
  search: z.optional(z.string()),
});
export type EnvironmentVariableListQuery = z.input<typeof EnvironmentVariableListQuery>;

/** The variables of `GET /v1/environment-variables`, newest first. */
export const EnvironmentVariableList = z.array(EnvironmentVariable);
export type EnvironmentVariableList = EnvironmentVariable[];

/**
 * What `GET /v1/environment-variables/{variableKey}/usage` answers: the workflows whose step
 * controls reference `env.KEY`.
 */
export const EnvironmentVariableUsage = z.looseObject({
  /** The workflows whose step controls reference the variable. */
  workflows: z.array(WorkflowReference),
});
export interface EnvironmentVariableUsage extends WireShape<typeof EnvironmentVariableUsage> {}
