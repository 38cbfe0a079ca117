/**
 * Locales of translations (docs/behaviour/translations.md#locales): `language_REGION`, with `-`
 * read as `_` (`en-US` is `en_US`), and the default locale the service falls back to.
 *
 * @module
 */

/** The organization's default locale (the service's default; this engine has no setting for it). */
export const DEFAULT_LOCALE = 'en_US';

// A language (2-3 letters), an optional script (`Hans`), a region (2 letters or 3 digits).
const LOCALE = /^[a-z]{2,3}(?:_[A-Z][a-z]{3})?_(?:[A-Z]{2}|\d{3})$/;

/** `en-US` → `en_US`. */
export const normalizeLocale = (locale: string): string => locale.replaceAll('-', '_');

/**
 * The locale in its stored form, or `undefined` when it is not one (`123`, `en`, `english`).
 *
 * @example
 * ```ts
 * parseLocale('es-ES'); // 'es_ES'
 * ```
 */
export function parseLocale(locale: string): string | undefined {
  const normalized = normalizeLocale(locale);
  return LOCALE.test(normalized) ? normalized : undefined;
}

/** The locale a file is named by (`es_ES.json` → `es_ES`), or `undefined`. */
export function localeOfFileName(fileName: string): string | undefined {
  const match = /^(.+)\.json$/.exec(fileName);
  return match?.[1] === undefined ? undefined : parseLocale(match[1]);
}
