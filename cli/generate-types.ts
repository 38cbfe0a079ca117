/**
 * TypeScript types from workflows' payload schemas, and the `Register` augmentation that types
 * `svc.events.trigger` by them (`svc-workflows types generate`).
 *
 * @module
 */
import type { WorkflowFile } from '../src/workflows/workflow-file';

/** The type name of a workflow's payload: `welcome-email` → `WelcomeEmailPayload`. */
function typeName(workflowId: string, taken: Set<string>): string {
  const base = `${workflowId
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')}Payload`;
  const safe = /^[0-9]/.test(base) ? `W${base}` : base;
  let name = safe;
  for (let n = 2; taken.has(name); n += 1) name = `${safe}${n}`;
  taken.add(name);
  return name;
}

// Keywords whose value maps names to schemas: the names are kept whatever they are.
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
]);
// Values that are data, not schemas: a key in them is no keyword.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required']);

/**
 * The converter's own extensions (`tsType` is pasted into the file as code, `tsEnumNames` makes
 * an `enum`): a payload schema comes from a workflow file or from a server, so none is honoured.
 */
const isConverterExtension = (key: string) => /^ts[A-Z_$]/.test(key) || key === 'ts';

/**
 * A payload schema as the converter may see it: without its extension keywords, and without
 * nested titles and `$id`s (they would become type names of their own, which two workflows could
 * both declare), wherever they stand.
 */
function safeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(safeSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'title' || key === '$id' || isConverterExtension(key)) continue;
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, safeSchema(item)]),
      );
    }
    // Any other keyword (items, allOf, not, an unknown one...) is walked as a schema.
    else out[key] = safeSchema(value);
  }
  return out;
}

/**
 * Indents the converter's unformatted output by brace depth and ends members with `;` (its own
 * formatter, prettier, is left out of the CLI's bundle).
 */
function indent(code: string): string {
  let depth = 0;
  const lines: string[] = [];
  for (const raw of code.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (/^[}\]]/.test(line)) depth = Math.max(0, depth - 1);
    const isComment = /^(\/\*\*|\*|\/\/)/.test(line);
    const open = /[{[(]$/.test(line);
    const member = depth > 0 && !isComment && !open && !/[;,]$/.test(line);
    lines.push(`${'  '.repeat(depth)}${line}${member ? ';' : ''}`);
    if (open) depth += 1;
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The text of the generated types file: one payload type per workflow (from its `payloadSchema`,
 * `Record<string, unknown>` without one), `SvcWorkflows` mapping ids to them, and the `Register`
 * augmentation. `$ref`s outside the schema are not followed.
 *
 * @example
 * ```ts
 * await writeFile('svc/workflows.gen.ts', await generateTypes(files, 'svc/workflows'));
 * ```
 */
export async function generateTypes(
  files: readonly WorkflowFile[],
  source: string,
): Promise<string> {
  // Loaded on first use: only `svc-workflows types generate` needs the converter.
  const converter = await import('json-schema-to-typescript');
  // Node names a CommonJS module's exports; a bundle's interop may only give them as `default`.
  const compile =
    converter.compile ?? (converter as unknown as { default?: typeof converter }).default?.compile;
  if (typeof compile !== 'function') throw new Error('json-schema-to-typescript has no compile');
  const taken = new Set<string>(['SvcWorkflows']);
  const blocks: string[] = [];
  const entries: string[] = [];
  for (const file of [...files].sort((a, b) => a.workflowId.localeCompare(b.workflowId))) {
    const name = typeName(file.workflowId, taken);
    if (file.payloadSchema == null) {
      blocks.push(
        `/** Payload of \`${file.workflowId}\` (no payload schema). */\nexport type ${name} = Record<string, unknown>;\n`,
      );
    } else {
      const schema = safeSchema(file.payloadSchema) as Record<string, unknown>;
      let code: string;
      try {
        code = await compile({ ...schema, title: name }, name, {
          bannerComment: '',
          format: false,
          declareExternallyReferenced: true,
          unreachableDefinitions: false,
          $refOptions: { resolve: { external: false } },
        });
      } catch (error) {
        throw new Error(
          `${file.workflowId}: payloadSchema cannot be turned into a type: ${(error as Error).message}`,
        );
      }
      blocks.push(`/** Payload of \`${file.workflowId}\`. */\n${indent(code)}`);
    }
    entries.push(`  ${JSON.stringify(file.workflowId)}: ${name};`);
  }
  return [
    `// Generated by \`svc-workflows types generate\` from ${source}. Do not edit: run it again.`,
    '',
    ...blocks,
    '/** The payload type of each workflow, by workflowId. */',
    'export interface SvcWorkflows {',
    ...entries,
    '}',
    '',
    "declare module '@svc/api' {",
    '  interface Register {',
    '    workflows: SvcWorkflows;',
    '  }',
    '}',
    '',
  ].join('\n');
}
