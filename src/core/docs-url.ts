// Where runtime messages send a user for more: the guides in the repository (`docs/` is not in
// the package), under the `repository` of package.json.

/** The guides' folder on the repository's default branch. */
export const DOCS_URL = 'https://github.com/svc-dev/svc-api/blob/main/docs/';

/**
 * The URL of a guide (and heading) for a runtime message.
 *
 * @example
 * ```ts
 * docsUrl('security.md'); // 'https://github.com/svc-dev/svc-api/blob/main/docs/security.md'
 * ```
 */
export function docsUrl(page: string): string {
  return `${DOCS_URL}${page}`;
}
