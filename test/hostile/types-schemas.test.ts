// Issue 38 item 7: `svc types generate` turns payload schemas from workflow files (a pull
// request) or from a server into TypeScript. The converter's extension keywords (`tsType` is
// pasted in as code, `tsEnumNames` makes an enum) are dropped wherever they stand, so the
// generated file parses and holds types only.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../cli/generate-types';
import type { WorkflowFile } from '../../src/workflows/workflow-file';

const RUN = '(() => { globalThis.pwned = require("node:child_process").execSync("id"); })()';
const GLOBAL = 'string; declare global { interface Array<T> { pwned: true } } type X = string';

// Node kinds a types file has no business holding.
const CODE_KINDS = new Set([
  ts.SyntaxKind.CallExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.ExpressionStatement,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ImportType,
  ts.SyntaxKind.TypeQuery,
]);

/** Parses the generated file: its syntax errors, and what it holds that is not a type. */
function inspect(code: string): { errors: string[]; foreign: string[] } {
  const file = ts.createSourceFile('workflows.gen.ts', code, ts.ScriptTarget.Latest, true);
  const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  const errors = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const foreign: string[] = [];
  const visit = (node: ts.Node) => {
    if (CODE_KINDS.has(node.kind)) foreign.push(node.getText(file));
    if (ts.isModuleDeclaration(node) && node.name.getText(file) !== "'@svc/api'") {
      foreign.push(node.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { errors, foreign };
}

const workflow = (payloadSchema: unknown): WorkflowFile =>
  ({ workflowId: 'order-paid', name: 'Order paid', payloadSchema, steps: [] }) as WorkflowFile;

async function generate(payloadSchema: unknown): Promise<string> {
  return generateTypes([workflow(payloadSchema)], 'svc/workflows');
}

const placements: Record<string, unknown> = {
  root: { type: 'object', tsType: RUN },
  property: { type: 'object', properties: { total: { type: 'number', tsType: RUN } } },
  items: { type: 'object', properties: { list: { type: 'array', items: { tsType: RUN } } } },
  'items (tuple)': { type: 'array', items: [{ type: 'string' }, { tsType: RUN }] },
  $defs: {
    type: 'object',
    properties: { a: { $ref: '#/$defs/a' } },
    $defs: { a: { type: 'object', tsType: RUN } },
  },
  definitions: {
    type: 'object',
    properties: { a: { $ref: '#/definitions/a' } },
    definitions: { a: { tsType: GLOBAL } },
  },
  allOf: { allOf: [{ type: 'object' }, { tsType: RUN }] },
  anyOf: { type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { tsType: RUN }] } } },
  oneOf: { type: 'object', properties: { a: { oneOf: [{ tsType: GLOBAL }, { type: 'null' }] } } },
  additionalProperties: { type: 'object', additionalProperties: { tsType: RUN } },
  patternProperties: { type: 'object', patternProperties: { '^x': { tsType: RUN } } },
  'declare global': { type: 'object', properties: { a: { tsType: GLOBAL } } },
};

describe('svc types generate on hostile payload schemas', () => {
  for (const [where, schema] of Object.entries(placements)) {
    it(`ignores a tsType in ${where}: the file parses and holds no code`, async () => {
      const code = await generate(schema);
      expect(inspect(code)).toEqual({ errors: [], foreign: [] });
      expect(code).not.toContain('pwned');
    });
  }

  it('makes an enum with tsEnumNames a union of its values (an enum did not parse)', async () => {
    const code = await generate({
      type: 'object',
      properties: {
        plan: { type: 'string', enum: ['free', 'pro'], tsEnumNames: ['Free', 'Pro'] },
        tier: { enum: [1, 2], tsEnumNames: ['One = (() => 1)()', 'Two'] },
      },
      required: ['plan'],
    });
    expect(inspect(code)).toEqual({ errors: [], foreign: [] });
    expect(code).toMatch(/plan: \("free" \| "pro"\)/);
    expect(code).not.toContain('enum ');
  });

  it('drops every ts* keyword but keeps properties that happen to be named like one', async () => {
    const code = await generate({
      type: 'object',
      properties: {
        tsType: { type: 'string' },
        title: { type: 'number' },
        nested: { type: 'object', tsNamedThing: RUN, properties: { x: { type: 'string' } } },
      },
      required: ['tsType', 'title'],
      additionalProperties: false,
    });
    expect(inspect(code)).toEqual({ errors: [], foreign: [] });
    expect(code).toMatch(/\btsType: string;/);
    expect(code).toMatch(/\btitle: number;/);
  });

  it('keeps data (enum values, defaults) as data: quotes and comment ends stay inside', async () => {
    const code = await generate({
      type: 'object',
      description: 'ends */ export const z = (() => 1)(); /*',
      properties: {
        'we"ird\n*/': { type: 'string', description: '*/ declare global {} /*' },
        x: { enum: ['a"b', "c'`$" + '{d}`', { tsType: RUN }], default: '*/ x()' },
      },
    });
    expect(inspect(code)).toEqual({ errors: [], foreign: [] });
  });
});
