// The wire types a user reads (issue 27): every named type inside a response is exported from the
// package root, so an app can annotate `subscriber.channels` as `ChannelSettings[]`, and every
// field of a response schema has a doc comment, which hover and the API reference show. Read from
// the schema sources with the TypeScript parser: a response schema is one its wire type is
// declared from (`interface X extends WireShape<typeof X>`, `type X = WireShape<typeof X>`), or
// a recursive one with its type written by hand (`const X: z.ZodMiniType<X>`).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const schemasDir = join(root, 'src', 'schemas');

const parse = (path: string) =>
  ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);

const schemaFiles = readdirSync(schemasDir)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => parse(join(schemasDir, name)));

/** `WireShape<typeof X>` (a type, or an interface's base) -> `X`. */
function wireShapeOf(type: ts.Node | undefined): string | undefined {
  if (!type) return;
  const named = ts.isTypeReferenceNode(type)
    ? type.typeName
    : ts.isExpressionWithTypeArguments(type)
      ? type.expression
      : undefined;
  if (named?.getText() !== 'WireShape') return;
  const [argument] = (type as ts.TypeReferenceNode).typeArguments ?? [];
  return argument && ts.isTypeQueryNode(argument) ? argument.exprName.getText() : undefined;
}

/** The response schemas: those a wire type is declared from. */
const wireTypes = new Set<string>();
/** Every `const` of the schema files, by name, with its initializer. */
const constants = new Map<string, { file: ts.SourceFile; init: ts.Expression }>();
for (const file of schemaFiles) {
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      for (const base of statement.heritageClauses?.flatMap((clause) => clause.types) ?? []) {
        const name = wireShapeOf(base);
        if (name) wireTypes.add(name);
      }
    }
    if (ts.isTypeAliasDeclaration(statement)) {
      const name = wireShapeOf(statement.type);
      if (name) wireTypes.add(name);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer) {
          constants.set(declaration.name.text, { file, init: declaration.initializer });
          // A recursive schema's type is written by hand: `const X: z.ZodMiniType<X> = ...`.
          const annotation = declaration.type;
          if (
            annotation &&
            ts.isTypeReferenceNode(annotation) &&
            annotation.typeName.getText() === 'z.ZodMiniType' &&
            annotation.typeArguments?.[0]?.getText() === declaration.name.text
          ) {
            wireTypes.add(declaration.name.text);
          }
        }
      }
    }
  }
}

/** `z.looseObject(...)` / `z.object(...)`, the calls that declare an object type. */
const isObjectCall = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) &&
  /^z\.(looseObject|object|strictObject)$/.test(node.expression.getText());

/** The names the package root exports (`export { X }`, `export type { X }`; `X as Y` by both). */
function rootExports(): Set<string> {
  const index = parse(join(root, 'src', 'index.ts'));
  const names = new Set<string>();
  for (const statement of index.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause) continue;
    if (!ts.isNamedExports(statement.exportClause)) continue;
    for (const element of statement.exportClause.elements) {
      names.add(element.name.text);
      if (element.propertyName) names.add(element.propertyName.text);
    }
  }
  return names;
}

/**
 * What a response schema is made of: the schema constants it names (its named nested types)
 * and the field lists of the objects it declares, following the other constants it uses (a
 * shared shape, a union of schemas) into their initializers. `X.def.shape` spreads X's fields:
 * it names no nested type, and its fields are checked as X's.
 */
function partsOf(name: string) {
  const nested = new Set<string>();
  /** The field lists: each object call's, and each shared shape's (`{ ...shape }`). */
  const shapes: ts.ObjectLiteralExpression[] = [];
  const seen = new Set<string>();
  const visit = (node: ts.Node): void => {
    const [fields] = isObjectCall(node) ? node.arguments : [];
    if (fields && ts.isObjectLiteralExpression(fields)) shapes.push(fields);
    if (ts.isIdentifier(node) && constants.has(node.text) && !seen.has(node.text)) {
      const spreadShape =
        ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node;
      const isKey = ts.isPropertyAssignment(node.parent) && node.parent.name === node;
      if (!spreadShape && !isKey) {
        const { init } = constants.get(node.text) as { init: ts.Expression };
        if (isObjectCall(init) || wireTypes.has(node.text)) nested.add(node.text);
        else {
          seen.add(node.text);
          if (ts.isObjectLiteralExpression(init)) shapes.push(init);
          visit(init);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  seen.add(name);
  visit((constants.get(name) as { init: ts.Expression }).init);
  return { nested, shapes };
}

describe('the wire types of the responses', () => {
  it('finds the response schemas (the checks below read real declarations)', () => {
    expect(wireTypes.size).toBeGreaterThan(40);
    for (const name of ['Subscriber', 'ChannelSettings', 'Job', 'MessageCTA', 'StepMetadata']) {
      expect(wireTypes.has(name), name).toBe(true);
    }
  });

  it('names every object type nested in a response (each has its own wire type)', () => {
    const unnamed = [...wireTypes].flatMap((name) =>
      [...partsOf(name).nested]
        .filter((nested) => !wireTypes.has(nested))
        .map((nested) => `${name} > ${nested}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('exports every wire type from the package root', () => {
    const exported = rootExports();
    expect([...wireTypes].filter((name) => !exported.has(name)).sort()).toEqual([]);
  });

  it('documents every field of a response schema', () => {
    const shapes = new Set([...wireTypes].flatMap((name) => partsOf(name).shapes));
    const undocumented = [...shapes].flatMap((shape) =>
      shape.properties
        .filter((field) => !ts.isSpreadAssignment(field))
        .filter((field) => ts.getJSDocCommentsAndTags(field).length === 0)
        .map((field) => {
          const file = field.getSourceFile();
          const { line } = file.getLineAndCharacterOfPosition(field.getStart());
          return `src/schemas/${file.fileName.split('/').pop()}:${line + 1} ${field.name?.getText()}`;
        }),
    );
    expect(undocumented).toEqual([]);
  });
});
