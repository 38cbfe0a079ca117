/**
 * Payload validation against a workflow's `payloadSchema` (AJV with formats, defaults applied),
 * answering the service's 400 `PAYLOAD_VALIDATION_ERROR`, and example payloads generated from a
 * schema (the sync response's `payloadExample`).
 *
 * @module
 */

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonObject } from '../../../src/schemas/common';
import { ServiceError } from '../wire/service-error';
import { linearRegExp } from './linear-regexp';

/** One failed rule, as the service lists it in `errors`. */
export interface PayloadValidationIssue {
  /** Dotted path of the field (`user.name`); `root` for the payload itself. */
  readonly field: string;
  readonly message: string;
  /** The value found at the field's parent path (the payload for root rules). */
  readonly value: unknown;
  readonly schemaPath: string;
}

/**
 * The limits a payload schema is checked against before it is compiled (docs/security.md, "Caps
 * and budgets"): its JSON text at most `length` characters, nested at most `depth` levels and
 * holding at most `nodes` objects (each property, item or variant is one). Compiling grows with
 * the schema, so these bound the compile.
 *
 * @example
 * ```ts
 * import { PAYLOAD_SCHEMA_LIMITS } from '@svc/api/mock';
 * PAYLOAD_SCHEMA_LIMITS.nodes; // 500
 * ```
 */
export const PAYLOAD_SCHEMA_LIMITS = {
  length: 64_000,
  depth: 32,
  nodes: 500,
} as const;

/** Why a schema is past {@link PAYLOAD_SCHEMA_LIMITS}, or `undefined`. Walks at most the limits. */
export function payloadSchemaSizeProblem(schema: object): string | undefined {
  let length: number;
  try {
    length = JSON.stringify(schema).length;
  } catch {
    return 'it is not JSON';
  }
  if (length > PAYLOAD_SCHEMA_LIMITS.length) {
    return `it holds ${length} characters of JSON, more than ${PAYLOAD_SCHEMA_LIMITS.length}`;
  }
  let nodes = 0;
  const stack: [unknown, number][] = [[schema, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (value === null || typeof value !== 'object') continue;
    if (depth > PAYLOAD_SCHEMA_LIMITS.depth) {
      return `it nests more than ${PAYLOAD_SCHEMA_LIMITS.depth} levels`;
    }
    if (!Array.isArray(value)) nodes += 1;
    if (nodes > PAYLOAD_SCHEMA_LIMITS.nodes) {
      return `it holds more than ${PAYLOAD_SCHEMA_LIMITS.nodes} objects`;
    }
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * One validator instance per environment of an engine (keyed by the environment's data, which a
 * reset or restore replaces): no schema of one engine or environment can reach another.
 * Schemas are not registered by `$id` (`addUsedSchema: false`) and each is removed from the
 * instance once compiled, so a `$id` never collides with another workflow's (the service
 * validates each workflow's payload by itself). Unknown formats are ignored without a warning.
 *
 * AJV's code scope still keeps every schema an instance compiled, and every function it made, for
 * as long as the instance lives: an instance is retired after
 * {@link COMPILES_PER_VALIDATOR_INSTANCE} compiles, and is freed once no validator it made is in
 * use (the workflow versions it compiled were updated or deleted).
 */
const instances = new WeakMap<object, { ajv: Ajv; compiles: number }>();

/** How many schemas one validator instance compiles before a new one takes over. */
export const COMPILES_PER_VALIDATOR_INSTANCE = 32;

function ajvOf(owner: object): Ajv {
  let entry = instances.get(owner);
  if (entry === undefined || entry.compiles >= COMPILES_PER_VALIDATOR_INSTANCE) {
    const ajv = new Ajv({
      allErrors: true,
      useDefaults: true,
      strict: false,
      coerceTypes: false,
      addUsedSchema: false,
      logger: false,
      // Schema patterns run on RE2: linear time, so no payload can make one backtrack for ever.
      code: { regExp: linearRegExp },
    });
    addFormats(ajv);
    entry = { ajv, compiles: 0 };
    instances.set(owner, entry);
  }
  entry.compiles += 1;
  return entry.ajv;
}

// Compiled validators per schema object, i.e. per workflow version: an update or delete drops
// the schema object and with it its validator (and a reset drops every one).
const compiled = new WeakMap<object, ValidateFunction>();

function compileProblem(owner: object, schema: object): string | undefined {
  const tooLarge = payloadSchemaSizeProblem(schema);
  if (tooLarge !== undefined) return `the schema is too large: ${tooLarge}`;
  const ajv = ajvOf(owner);
  try {
    compiled.set(schema, ajv.compile(schema));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    ajv.removeSchema(schema);
  }
}

function validatorFor(owner: object, schema: object): ValidateFunction {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  const problem = compileProblem(owner, schema);
  const validate = compiled.get(schema);
  if (problem === undefined && validate !== undefined) return validate;
  const message = problem ?? 'it does not compile';
  throw new ServiceError(
    400,
    `Payload validation failed: root: invalid payload schema (${message})`,
    {
      ctx: {
        type: 'PAYLOAD_VALIDATION_ERROR',
        errors: [{ field: 'root', message, value: {}, schemaPath: '#' }],
        schema,
      },
    },
  );
}

function issueOf(error: ErrorObject, payload: unknown): PayloadValidationIssue {
  const path = error.instancePath
    ? error.instancePath.replace(/^\//, '').replace(/\//g, '.')
    : 'root';
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  // The service joins `root` and the missing property too (`root.name`), so this does the same.
  const field = typeof missing === 'string' ? `${path}.${missing}` : path;
  let value: unknown = payload;
  for (const key of error.instancePath.split('/').filter(Boolean)) {
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return {
    field,
    message: error.message ?? 'Validation failed',
    value,
    schemaPath: error.schemaPath,
  };
}

/**
 * Validates `payload` against `schema` (with the validator of `owner`, an environment's data),
 * returning a copy with the schema's defaults applied.
 * Throws the service's 400: `Payload validation failed: <field>: <msg>; ...`, with `type`
 * `PAYLOAD_VALIDATION_ERROR`, `errors` and `schema`.
 *
 * @throws ServiceError 400 when the payload does not match.
 */
export function validatePayload(owner: object, schema: object, payload: JsonObject): JsonObject {
  const validate = validatorFor(owner, schema);
  const copy = structuredClone(payload);
  openDefaultParents(schema, copy, 0);
  if (validate(copy)) return copy;
  const errors = (validate.errors ?? []).map((error) => issueOf(error, payload));
  const summary = errors.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
  throw new ServiceError(400, `Payload validation failed: ${summary}`, {
    ctx: { errors, schema, type: 'PAYLOAD_VALIDATION_ERROR' },
  });
}

/**
 * A copy of `payload` with the schema's defaults filled in, without judging it: the service
 * merges defaults into the payload used for rendering even when `validatePayload` is off. A
 * schema that does not compile leaves the payload as given.
 */
export function applyPayloadDefaults(
  owner: object,
  schema: object,
  payload: JsonObject,
): JsonObject {
  const copy = structuredClone(payload);
  try {
    const validate = validatorFor(owner, schema);
    openDefaultParents(schema, copy, 0);
    validate(copy);
  } catch {
    // Not compilable: nothing to fill in.
  }
  return copy;
}

type Schema = Readonly<Record<string, unknown>>;

const asSchema = (value: unknown): Schema | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Schema)
    : undefined;

/** Whether an object schema holds a `default` somewhere under its properties. */
function holdsDefault(schema: Schema, depth: number): boolean {
  if (depth > PAYLOAD_SCHEMA_LIMITS.depth) return false;
  const properties = asSchema(schema['properties']) ?? {};
  return Object.values(properties).some((property) => {
    const child = asSchema(property);
    return child !== undefined && ('default' in child || holdsDefault(child, depth + 1));
  });
}

/**
 * Adds an empty object for each absent property whose schema is an object with defaults inside
 * (and nothing required), so AJV fills those defaults in: the service fills a default variable
 * such as `myUser.lastName` when the payload has no `myUser` (trigger-event.e2e.ts, "should fill
 * trigger payload with default variables"); AJV alone fills only inside objects that exist.
 */
function openDefaultParents(schema: object, payload: Record<string, unknown>, depth: number) {
  if (depth > PAYLOAD_SCHEMA_LIMITS.depth) return;
  const properties = asSchema((schema as Schema)['properties']) ?? {};
  for (const [key, property] of Object.entries(properties)) {
    const child = asSchema(property);
    if (child === undefined || 'default' in child) continue;
    let value = Object.hasOwn(payload, key) ? payload[key] : undefined;
    const required = child['required'];
    if (
      value === undefined &&
      !(Array.isArray(required) && required.length > 0) &&
      holdsDefault(child, depth + 1)
    ) {
      value = {};
      // Defined, not assigned: a property named `__proto__` stays a plain key.
      Object.defineProperty(payload, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      openDefaultParents(child, value as Record<string, unknown>, depth + 1);
    }
  }
}

const STRING_FORMATS: Record<string, string> = {
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
  time: '00:00:00',
  uuid: '00000000-0000-4000-8000-000000000000',
};

function exampleOf(schema: Schema | undefined, name: string, depth: number): unknown {
  if (schema === undefined || depth > 10) return null;
  if ('default' in schema) return structuredClone(schema['default']);
  const examples = schema['examples'];
  if (Array.isArray(examples) && examples.length > 0) return structuredClone(examples[0]);
  if ('const' in schema) return structuredClone(schema['const']);
  const choices = schema['enum'];
  if (Array.isArray(choices) && choices.length > 0) return structuredClone(choices[0]);
  const variants = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(variants) && variants.length > 0) {
    return exampleOf(asSchema(variants[0]), name, depth + 1);
  }
  const declared = schema['type'];
  const type = Array.isArray(declared) ? declared.find((item) => item !== 'null') : declared;
  switch (type ?? (schema['properties'] ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const properties = asSchema(schema['properties']) ?? {};
      for (const [key, property] of Object.entries(properties)) {
        out[key] = exampleOf(asSchema(property), key, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = exampleOf(asSchema(schema['items']), name, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'string': {
      const format = schema['format'];
      return typeof format === 'string' && format in STRING_FORMATS ? STRING_FORMATS[format] : name;
    }
    case 'number':
    case 'integer':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return null;
  }
}

/**
 * An example payload for a JSON Schema: each property takes its `default`, first `examples`
 * entry, `const` or first `enum` value, else a value of its type (strings show the property
 * name, numbers `0` or `minimum`, booleans `false`, arrays one item). `null` without a schema.
 */
export function payloadExample(schema: unknown): JsonObject | null {
  const root = asSchema(schema);
  if (root === undefined) return null;
  const example = exampleOf(root, 'payload', 0);
  return example !== null && typeof example === 'object' && !Array.isArray(example)
    ? (example as JsonObject)
    : null;
}

/**
 * Why a payload schema cannot be used (past {@link PAYLOAD_SCHEMA_LIMITS}, or it does not
 * compile), or `undefined`: a workflow created or updated with such a schema is refused, so no
 * trigger meets it later. `owner` scopes the validator (an environment's data).
 */
export function payloadSchemaProblem(owner: object, schema: object): string | undefined {
  if (compiled.has(schema)) return undefined;
  return compileProblem(owner, schema);
}
