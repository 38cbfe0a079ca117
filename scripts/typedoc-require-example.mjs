// A typedoc plugin: every export of the public entry points must carry an `@example`. A missing
// one is a warning, and `treatWarningsAsErrors` in typedoc.json turns it into a failed build.
import { Application, ReflectionKind } from 'typedoc';

/** Kinds whose comment lives on their signatures rather than on the reflection itself. */
const SIGNATURE_KINDS = ReflectionKind.Function | ReflectionKind.Method;

function hasExample(reflection) {
  if (reflection.comment?.getTag('@example')) return true;
  if (reflection.kindOf(SIGNATURE_KINDS)) {
    return (reflection.signatures ?? []).some((signature) => signature.comment?.getTag('@example'));
  }
  return false;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    for (const module of project.children ?? []) {
      const exports = module.children ?? [];
      // A zod schema and its inferred type share a name: one example covers the pair.
      const withExample = new Set(exports.filter(hasExample).map((reflection) => reflection.name));
      for (const reflection of exports) {
        if (reflection.kindOf(ReflectionKind.Reference)) continue;
        if (!withExample.has(reflection.name)) {
          app.logger.warn(
            `${module.name}: the export ${reflection.name} has no @example in its JSDoc`,
          );
        }
      }
    }
  });
}
