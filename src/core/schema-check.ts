/**
 * A zod schema's verdict on a parsed JSON body without zod's parse: the hot path of response
 * validation (issue 42). zod/mini parses by building an output copy of every object and a result
 * per field, and the client only needs the verdict (a checked response is returned as received).
 * A quick check reads the value in place and allocates nothing.
 *
 * It is never looser than zod on what `JSON.parse` returns (plain objects and arrays, own
 * enumerable string keys): `true` means zod accepts the value; `false` means "ask zod", which the
 * caller does, for the verdict and the issues. A node it does not model (refinements, formats,
 * transforms, defaults, lazy, custom...) is asked of zod, node by node.
 *
 * @module
 */
import type * as z from 'zod/mini';

/** @internal `true`: the schema accepts the value; `false`: zod decides. */
export type QuickCheck = (value: unknown) => boolean;

interface Definition {
  type: string;
  coerce?: boolean;
  innerType: z.core.$ZodType;
  element: z.core.$ZodType;
  options: z.core.$ZodType[];
  inclusive?: boolean;
  shape: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  keyType: z.core.$ZodType;
  valueType: z.core.$ZodType;
}

const definition = (schema: z.core.$ZodType) => schema._zod.def as unknown as Definition;

// Its `run` is its bare `parse` only when a schema has no checks (refinements, formats, sizes).
const plain = (schema: z.core.$ZodType) =>
  schema._zod.run === schema._zod.parse && !definition(schema).coerce;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const built = new WeakMap<z.core.$ZodType, QuickCheck>();

/**
 * The schema's quick check, built once per schema.
 *
 * @internal
 */
export function quickCheck(schema: z.core.$ZodType): QuickCheck {
  let check = built.get(schema);
  if (!check) {
    // A recursive schema meets its own check while that check is being built.
    built.set(schema, (value) => (check as QuickCheck)(value));
    check = build(schema);
    built.set(schema, check);
  }
  return check;
}

function build(schema: z.core.$ZodType): QuickCheck {
  const zod = schema._zod;
  const def = definition(schema);
  const { type } = def;
  // zod's verdict for this node alone (an async schema answers a promise: zod decides there too).
  const ask: QuickCheck = (value) =>
    (zod.run({ value, issues: [] }, { async: false }) as { issues?: unknown[] }).issues?.length ===
    0;
  if (!plain(schema)) return ask;
  switch (type) {
    case 'string':
    case 'boolean':
      return (value) => typeof value === type;
    // zod's numbers are finite.
    case 'number':
      return Number.isFinite;
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal':
    case 'enum': {
      const values = zod.values as ReadonlySet<unknown>;
      return (value) => values.has(value);
    }
    case 'optional':
    case 'nullable': {
      // `optional` passes `undefined` itself unless it is exact or wraps a default.
      if (zod.traits.has('$ZodExactOptional') || def.innerType._zod.optin === 'defaulted') {
        return ask;
      }
      const empty = type === 'optional' ? undefined : null;
      const inner = quickCheck(def.innerType);
      return (value) => value === empty || inner(value);
    }
    case 'array': {
      const item = quickCheck(def.element);
      return (value) => {
        if (!Array.isArray(value)) return false;
        // Indexed, not `every`: zod reads the holes of a sparse array too.
        for (let index = 0; index < value.length; index++) if (!item(value[index])) return false;
        return true;
      };
    }
    case 'union': {
      // An exclusive union needs exactly one; a discriminated one takes the option whose
      // discriminator matches, which is the one that accepts (zod refuses duplicate values).
      if (def.inclusive === false) return ask;
      const options = def.options.map(quickCheck);
      return (value) => options.some((option) => option(value));
    }
    case 'record': {
      const key = def.keyType;
      if (definition(key).type !== 'string' || !plain(key)) return ask;
      const item = quickCheck(def.valueType);
      // A JSON object is a plain object, zod's test for a record.
      return (value) => {
        if (!isObject(value)) return false;
        for (const name in value) if (!item(value[name])) return false;
        return true;
      };
    }
    case 'object':
      return objectCheck(def) ?? ask;
    default:
      return ask;
  }
}

function objectCheck({ shape, catchall }: Definition): QuickCheck | undefined {
  const strict = catchall !== undefined && definition(catchall).type === 'never';
  // zod skips a `__proto__` field (counted as required here: stricter, never looser).
  if (
    Object.getOwnPropertySymbols(shape).length ||
    (catchall !== undefined &&
      !(plain(catchall) && (strict || definition(catchall).type === 'unknown')))
  ) {
    return undefined;
  }
  // Each field's check, and whether the body must have it: a required field, a default (zod
  // parses `undefined`) or a key Object.prototype has (zod reads keys `in` the value) counts as
  // required, so when it is absent zod decides.
  const fields = new Map<string, [QuickCheck, boolean]>();
  let required = 0;
  for (const key of Object.keys(shape)) {
    const field = shape[key] as z.core.$ZodType;
    const { optin, optout } = field._zod;
    const must = optin === undefined || optout !== 'optional' || key in Object.prototype;
    if (must) required++;
    fields.set(key, [quickCheck(field), must]);
  }
  return (value) => {
    if (!isObject(value)) return false;
    let found = 0;
    // for...in reads the value's keys from V8's cache; a key lookup per field would not.
    for (const key in value) {
      const field = fields.get(key);
      if (field === undefined) {
        if (strict) return false;
      } else {
        if (!field[0](value[key])) return false;
        if (field[1]) found++;
      }
    }
    // Each key comes once: all required keys came when as many came as there are.
    return found === required;
  };
}
