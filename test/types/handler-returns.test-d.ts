// Compile-time checks that a handler answers its route's response schema (docs/decisions/0150):
// a missing or mistyped field, or a field the schema lacks, fails `defineOperation`.
import { describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import {
  defineOperation,
  type FieldsTheSchemaLacks,
  StatusAnswer,
  type WireAnswer,
} from '../../mock-server/engine/operations/operation';
import type { TopicDto } from '../../mock-server/engine/resources/topic-management';
import type { topicsRetrieveRoute } from '../../src/routes/topics';
import type { Topic } from '../../src/schemas/topic';

const Widget = z.looseObject({
  _id: z.string(),
  name: z.optional(z.string()),
  parts: z.array(z.looseObject({ sku: z.string() })),
});
const widgetRoute = {
  operation: 'widgets.retrieve',
  method: 'GET',
  path: '/v1/widgets/:widgetId',
  status: 200,
  category: 'configuration',
  response: Widget,
} as const;

describe('a handler answers its route response schema', () => {
  it('compiles when the answer names the schema fields', () => {
    const definition = defineOperation(widgetRoute, (_scope, { params }) => ({
      _id: params.widgetId,
      parts: [{ sku: 'a-1' }],
    }));
    expectTypeOf(definition.route.operation).toEqualTypeOf<'widgets.retrieve'>();
    defineOperation(widgetRoute, () => new StatusAnswer(200, { _id: 'w', parts: [] }));
  });

  it('fails when a required field is missing', () => {
    // @ts-expect-error `parts` is required by the schema
    defineOperation(widgetRoute, () => ({ _id: 'w' }));
  });

  it('fails when a field has another type', () => {
    // @ts-expect-error `_id` is a string on the wire
    defineOperation(widgetRoute, () => ({ _id: 1, parts: [] }));
  });

  it('fails when the answer carries a field the schema lacks, at any depth', () => {
    const stored = { _id: 'w', parts: [], _environmentId: 'e' };
    // @ts-expect-error `_environmentId` is not in the schema (not a literal: no excess-property check)
    defineOperation(widgetRoute, () => stored);
    const nested = { _id: 'w', parts: [{ sku: 'a-1', cost: 3 }] };
    // @ts-expect-error `parts[].cost` is not in the schema
    defineOperation(widgetRoute, () => nested);
    expectTypeOf<
      FieldsTheSchemaLacks<typeof nested, WireAnswer<typeof widgetRoute>>
    >().toEqualTypeOf<'parts[].cost'>();
  });

  it('derives the engine answer types from the schemas', () => {
    expectTypeOf<TopicDto>().toEqualTypeOf<WireAnswer<typeof topicsRetrieveRoute>>();
    expectTypeOf<TopicDto>().toEqualTypeOf<Topic>();
  });
});
