/**
 * Translation keys in step content (docs/behaviour/translations.md#in-runs): `{{t.key}}` in a
 * workflow's controls becomes the text of the subscriber's locale, else the default locale's
 * (`en_US`), key by key, before Liquid renders the controls (so translated texts may hold
 * `{{payload.name}}`). As in the service, a key on a workflow without `isTranslationEnabled`, a
 * workflow without translations and a key no locale has fail the step.
 *
 * @module
 */

import { findTranslatableResource, translationKey } from '../resources/translatable-resources';
import { DEFAULT_LOCALE, normalizeLocale } from '../resources/translation-locale';
import type { EnvironmentData, WorkflowRecord } from '../store/state';
import { tables } from '../store/tables';
import { type RenderResult, TEMPLATE_BUDGET } from './templates';

/** `{{t.key}}` and `{{ t.key }}`: a key of letters, digits, `_`, `-` and dots. */
const KEY_TAG = /\{\{\s*t\.([\w.-]+)\s*\}\}/g;
const HAS_KEY = /\{\{\s*t\.[\w.-]+\s*\}\}/;

/** The translations a run reads: the subscriber's locale's, then the default's. */
type Contents = readonly Record<string, unknown>[];

/** A key's text in one content: the flat key (`welcome.title`), else the nested path. */
function lookup(content: Record<string, unknown>, key: string): string | undefined {
  let value: unknown = Object.hasOwn(content, key) ? content[key] : undefined;
  if (value === undefined) {
    value = key.split('.').reduce<unknown>((current, part) => {
      if (current === null || typeof current !== 'object' || Array.isArray(current))
        return undefined;
      return Object.hasOwn(current, part) ? (current as Record<string, unknown>)[part] : undefined;
    }, content);
  }
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

class TranslationFailure extends Error {}

function hasKeys(value: unknown): boolean {
  if (typeof value === 'string') return HAS_KEY.test(value);
  if (Array.isArray(value)) return value.some(hasKeys);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasKeys);
  return false;
}

function translateText(text: string, contents: Contents, encode: (text: string) => string): string {
  let length = 0;
  const translated = text.replace(KEY_TAG, (tag, key: string) => {
    let value: string | undefined;
    for (const content of contents) {
      value = lookup(content, key);
      if (value !== undefined) break;
    }
    if (value === undefined) throw new TranslationFailure(`Missing translation for key '${key}'`);
    const replacement = encode(value);
    length += replacement.length - tag.length;
    // The translated text is parsed as a template next: it keeps within the parse budget.
    if (text.length + length > TEMPLATE_BUDGET.parseLength) {
      throw new TranslationFailure(
        `translated content too long: a translated field holds at most ${TEMPLATE_BUDGET.parseLength} characters`,
      );
    }
    return replacement;
  });
  return translated;
}

const asIs = (text: string) => text;
const inJsonString = (text: string) => JSON.stringify(text).slice(1, -1);

function translateDeep(value: unknown, contents: Contents): unknown {
  if (typeof value === 'string') {
    if (!HAS_KEY.test(value)) return value;
    // A block document kept as JSON text: its strings take the texts JSON-escaped.
    const encode = value.trimStart().startsWith('{') ? inJsonString : asIs;
    return translateText(value, contents, encode);
  }
  if (Array.isArray(value)) return value.map((item) => translateDeep(item, contents));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = translateDeep(item, contents);
    return out;
  }
  return value;
}

/** The contents a subscriber's run reads, most specific first (none when the workflow has none). */
function contentsFor(
  data: EnvironmentData,
  workflow: WorkflowRecord,
  locale: string | null | undefined,
): Contents {
  const resource = findTranslatableResource(data, 'workflow', workflow._id);
  if (resource === undefined) return [];
  const locales = [...(locale ? [normalizeLocale(locale)] : []), DEFAULT_LOCALE].filter(
    (candidate, index, all) => all.indexOf(candidate) === index,
  );
  return locales
    .map((candidate) => tables.translations.get(data, translationKey(resource, candidate))?.content)
    .filter((content) => content !== undefined);
}

/**
 * A step's controls with their translation keys replaced for a subscriber's locale; controls
 * without keys come back as they are. A failure names why (the caller records it as the
 * step's content failure).
 *
 * @example
 * ```ts
 * const translated = translateControls(scope.data, workflow, subscriber.locale, job.step.controlValues);
 * ```
 */
export function translateControls<T extends object>(
  data: EnvironmentData,
  workflow: WorkflowRecord,
  locale: string | null | undefined,
  controls: T,
): RenderResult<T> {
  if (!hasKeys(controls)) return { ok: true, value: controls };
  if (!workflow.isTranslationEnabled) {
    return { ok: false, error: 'Translation is not enabled for this resource', path: '' };
  }
  const contents = contentsFor(data, workflow, locale);
  if (contents.length === 0) {
    return {
      ok: false,
      error: `No translations found for workflow '${workflow.workflowId}'`,
      path: '',
    };
  }
  try {
    return { ok: true, value: translateDeep(controls, contents) as T };
  } catch (error) {
    if (error instanceof TranslationFailure) return { ok: false, error: error.message, path: '' };
    throw error;
  }
}
