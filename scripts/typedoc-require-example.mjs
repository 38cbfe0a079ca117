// A typedoc plugin: every export of the public entry points that a user calls or passes must
// carry an `@example`: a function (also one stored in a variable), a class, and an options type
// (a name ending in `Options`). A plain type, a zod schema and a constant are documented by their
// fields and values; an example there only repeats them. A missing example is a warning, and
// `treatWarningsAsErrors` in typedoc.json turns it into a failed build.
// A zod schema and its inferred type share a name and one example: the type's page gets a copy
// of the schema's, so every type page shows one. An operation is documented once, on its
// resource method; the standalone function says `{@inheritDoc Subscribers.retrieve}`, and since
// typedoc's inheritDoc copies only the summary, this plugin also copies the method's `@throws`
// and its `@example`, with each `svc.subscribers.retrieve(` call rewritten as the function call
// `subscribersRetrieve(core, `. Guides (typedoc.json `projectDocuments`) are
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

/** `subscribers.credentials.upsert` -> `subscribersCredentialsUpsert`, as src/funcs names them. */
const camel = (path) => path.replace(/\.(\w)/g, (_, letter) => letter.toUpperCase());

/** The `{@inheritDoc Class.method}` reference of a function signature's comment, if any. */
function inheritedFrom(signature) {
  return signature.comment?.summary.find(
    (part) => part.kind === 'inline-tag' && part.tag === '@inheritDoc',
  )?.text;
}

/**
 * Copies a method's `@throws` and `@example` onto the function that inherits its doc; the
 * example's `svc.a.b(` calls become `aB(core, ` calls of the module's functions.
 */
function copyFromMethod(app, signature, reference) {
  const module = signature.parent.parent;
  const [className, methodName, ...rest] = reference.trim().split('.');
  const method = module.getChildByName([className, methodName]);
  const source = method?.signatures?.[0]?.comment;
  // typedoc itself warns when the reference does not resolve.
  if (!source || rest.length > 0) return;
  const target = signature.comment;
  for (const tag of source.blockTags) {
    if (tag.tag !== '@throws' && tag.tag !== '@example') continue;
    if (tag.tag === '@example' && target.getTag('@example')) continue;
    const copy = tag.clone();
    if (tag.tag === '@example') {
      for (const part of copy.content) {
        part.text = part.text.replace(/\bsvc\.([\w.]+)\((\))?/g, (call, path, closed) => {
          const name = camel(path);
          if (!module.getChildByName(name)?.kindOf(ReflectionKind.Function)) return call;
          return closed ? `${name}(core)` : `${name}(core, `;
        });
        if (/\bsvc\.\w/.test(part.text)) {
          app.logger.warn(
            `${signature.name}: the example inherited from ${reference} still calls svc: ${part.text}`,
          );
        }
      }
    }
    target.blockTags.push(copy);
  }
}

/** Whether an export must show an example: what a user calls, and the options a user passes. */
function needsExample(reflection) {
  if (reflection.kindOf(ReflectionKind.Function | ReflectionKind.Class)) return true;
  if (reflection.kindOf(ReflectionKind.Interface | ReflectionKind.TypeAlias)) {
    return reflection.name.endsWith('Options');
  }
  if (!reflection.kindOf(ReflectionKind.Variable)) return false;
  const { type } = reflection;
  return type?.type === 'reflection' && (type.declaration.signatures?.length ?? 0) > 0;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  const inheriting = new Map();
  // Read before typedoc's InheritDocPlugin (RESOLVE_END, priority 0) replaces the tag.
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    inheriting.clear();
    for (const reflection of Object.values(context.project.reflections)) {
      if (!reflection.kindOf(ReflectionKind.CallSignature)) continue;
      if (!reflection.parent?.kindOf(ReflectionKind.Function)) continue;
      const reference = inheritedFrom(reflection);
      if (reference) inheriting.set(reflection, reference);
    }
  });
  // After InheritDocPlugin (0), before links are resolved (-300), so copied `{@link}`s resolve.
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    () => {
      for (const [signature, reference] of inheriting) copyFromMethod(app, signature, reference);
      inheriting.clear();
    },
    -100,
  );
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
          if (!needsExample(reflection)) continue;
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
