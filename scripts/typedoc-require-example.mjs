// A typedoc plugin: every export of the public entry points must carry an `@example`. A missing
// one is a warning, and `treatWarningsAsErrors` in typedoc.json turns it into a failed build.
// A zod schema and its inferred type share a name and one example: the type's page gets a copy
// of the schema's, so every type page shows one. Guides (typedoc.json `projectDocuments`) are
// titled by their first `# ` heading instead of their file name, and the decision records
// (`docs/decisions/*.md`) become pages under the decisions index.
import { Application, Comment, Converter, ReflectionKind } from 'typedoc';

/** Kinds whose comment lives on their signatures rather than on the reflection itself. */
const SIGNATURE_KINDS = ReflectionKind.Function | ReflectionKind.Method;

function exampleOf(reflection) {
  const own = reflection.comment?.getTag('@example');
  if (own) return own;
  if (reflection.kindOf(SIGNATURE_KINDS)) {
    for (const signature of reflection.signatures ?? []) {
      const tag = signature.comment?.getTag('@example');
      if (tag) return tag;
    }
  }
  return undefined;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const { project } = context;
    const documents = [...(project.documents ?? [])];
    const decisions = documents.filter((document) => document.name.startsWith('decisions/'));
    const index = decisions.find((document) => document.name === 'decisions/README');
    for (const document of documents) {
      const heading = /^# (.+)$/m.exec(document.content.map((part) => part.text).join(''));
      if (heading?.[1]) document.name = heading[1].trim();
    }
    if (!index) return;
    for (const record of decisions) {
      if (record === index) continue;
      project.removeChild(record);
      record.parent = index;
      index.addChild(record);
    }
  });
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    for (const module of project.children ?? []) {
      const exports = module.children ?? [];
      const examples = new Map();
      for (const reflection of exports) {
        const example = exampleOf(reflection);
        if (example && !examples.has(reflection.name)) examples.set(reflection.name, example);
      }
      for (const reflection of exports) {
        if (reflection.kindOf(ReflectionKind.Reference) || exampleOf(reflection)) continue;
        const shared = examples.get(reflection.name);
        if (!shared) {
          app.logger.warn(
            `${module.name}: the export ${reflection.name} has no @example in its JSDoc`,
          );
          continue;
        }
        reflection.comment ??= new Comment();
        reflection.comment.blockTags.push(shared.clone());
      }
    }
  });
}
