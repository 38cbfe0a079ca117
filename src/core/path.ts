/**
 * Builds a request path, percent-encoding every interpolated value so ids with `/`, `?` or
 * spaces stay one path segment.
 *
 * @example
 * ```ts
 * path`v2/subscribers/${'a/b c'}`; // 'v2/subscribers/a%2Fb%20c'
 * ```
 *
 * @internal
 */
export function path(
  strings: TemplateStringsArray,
  ...values: ReadonlyArray<string | number>
): string {
  let result = strings[0] ?? '';
  values.forEach((value, index) => {
    result += encodeURIComponent(String(value)) + (strings[index + 1] ?? '');
  });
  return result;
}
