// The API reference (typedoc.json, scripts/typedoc-require-example.mjs, typedoc-plugin-zod):
// converted in memory, as `npm run docs` does before rendering, and checked for what a reader
// needs: modules named by import path, wire types with their fields, an example on what a user
// calls or passes,
// each export once, and the guides as pages.
import { join } from 'node:path';
import {
  Application,
  type DeclarationReflection,
  type ProjectReflection,
  ReflectionKind,
  TSConfigReader,
  TypeDocReader,
} from 'typedoc';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
let project: ProjectReflection;
let warnings = 0;

beforeAll(async () => {
  const app = await Application.bootstrapWithPlugins(
    { options: join(root, 'typedoc.json'), tsconfig: join(root, 'tsconfig.json') },
    [new TypeDocReader(), new TSConfigReader()],
  );
  const converted = await app.convert();
  if (!converted) throw new Error('typedoc could not convert the project');
  app.validate(converted);
  project = converted;
  warnings = app.logger.warningCount;
}, 240_000);

const moduleNamed = (name: string) => project.children?.find((module) => module.name === name);
const exportOf = (module: string, name: string, kind: ReflectionKind) =>
  moduleNamed(module)?.children?.find((child) => child.name === name && child.kindOf(kind));

describe('the API reference', () => {
  it('converts without a warning (every export has an example)', () => {
    expect(warnings).toBe(0);
  });

  it('names its modules by import path', () => {
    expect(project.children?.map((module) => module.name).sort()).toEqual([
      '@svc/api',
      '@svc/api/mock',
      '@svc/api/mock/browser',
      '@svc/api/mock/msw',
      '@svc/api/mock/node',
      '@svc/api/mock/server',
      '@svc/api/workflows',
    ]);
  });

  it('shows the fields of the wire types, not z.infer<typeof X>', () => {
    const body = exportOf('@svc/api', 'TriggerBody', ReflectionKind.TypeAlias);
    expect(body?.type?.type).toBe('reflection');
    // A response type is a named interface (issue 27), its fields its own, each with its doc.
    for (const name of ['Subscriber', 'Message', 'Integration', 'TriggerResponse']) {
      const type = exportOf('@svc/api', name, ReflectionKind.Interface);
      expect(type?.children?.length, name).toBeGreaterThan(2);
    }
    const subscriber = exportOf('@svc/api', 'Subscriber', ReflectionKind.Interface);
    const fields = (subscriber?.children ?? []).map((child) => child.name);
    expect(fields).toEqual(expect.arrayContaining(['subscriberId', 'email', 'firstName', 'data']));
    const email = subscriber?.children?.find((child) => child.name === 'email');
    expect(email?.comment?.summary.map((part) => part.text).join('')).toMatch(/email address/i);
  });

  it('gives an example to what a user calls or passes: functions, classes, options types', () => {
    const called = ReflectionKind.Function | ReflectionKind.Class;
    const typed = ReflectionKind.TypeAlias | ReflectionKind.Interface;
    const exampleOf = (child: DeclarationReflection) =>
      child.comment?.getTag('@example') ??
      child.signatures?.find((signature) => signature.comment?.getTag('@example'));
    const needing = (project.children ?? []).flatMap((module) =>
      (module.children ?? [])
        .filter(
          (child: DeclarationReflection) =>
            child.kindOf(called) || (child.kindOf(typed) && child.name.endsWith('Options')),
        )
        .map((child) => ({ name: `${module.name}: ${child.name}`, child })),
    );
    expect(needing.length).toBeGreaterThan(100);
    expect(needing.filter(({ child }) => !exampleOf(child)).map(({ name }) => name)).toEqual([]);
  });

  it('gives a type the example of the schema of the same name, when it has none of its own', () => {
    const api = moduleNamed('@svc/api')?.children ?? [];
    const typed = ReflectionKind.TypeAlias | ReflectionKind.Interface;
    const schemasWithExample = new Set(
      api
        .filter(
          (child) => child.kindOf(ReflectionKind.Variable) && child.comment?.getTag('@example'),
        )
        .map((child) => child.name),
    );
    const pairs = api.filter((child) => child.kindOf(typed) && schemasWithExample.has(child.name));
    // Few schemas keep an example (one that teaches: TriggerBody's forms of `to`).
    expect(pairs.map((type) => type.name)).toContain('TriggerBody');
    expect(
      pairs.filter((type) => !type.comment?.getTag('@example')).map((type) => type.name),
    ).toEqual([]);
  });

  it('documents SeedData once, as the type seeding takes', () => {
    const seed = moduleNamed('@svc/api/mock')?.children?.filter(
      (child) => child.name === 'SeedData',
    );
    expect(seed?.map((child) => ReflectionKind[child.kind])).toEqual(['TypeAlias']);
  });

  it('makes the guides pages titled by their heading, with the decision records under their index', () => {
    const titles = (project.documents ?? []).map((document) => document.name);
    expect(titles).toEqual(
      expect.arrayContaining(['Getting started', 'The client', 'Benchmarks', 'Decisions']),
    );
    const decisions = project.documents?.find((document) => document.name === 'Decisions');
    expect(decisions?.children?.length).toBeGreaterThan(20);
    expect(titles.some((title) => /^\d/.test(title))).toBe(false);
  });
});
