/**
 * The email HTML sanitiser: the service passes rendered HTML through `sanitize-html` with its
 * defaults plus `style` and `img` tags, `style` on every tag, the `img` attributes below,
 * `allowVulnerableTags` (for `style`) and `parseStyleAttributes: false`; the engine uses the same
 * library with the same options (docs/behaviour/runs.md#email).
 *
 * @module
 */

import sanitizeHtml from 'sanitize-html';

// Made on first use: the CLI loads the sanitiser only when an email is sent (tsup.config.ts).
let options: sanitizeHtml.IOptions | undefined;
const sanitizeOptions = (): sanitizeHtml.IOptions =>
  (options ??= {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'style', 'img'],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      '*': ['style'],
      img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    },
    allowVulnerableTags: true,
    parseStyleAttributes: false,
  });

/**
 * Sanitises rendered email HTML as the service does: scripts, event handlers and unknown tags
 * go, text is entity-encoded, `style` stays. Empty input is returned as is.
 */
export function sanitizeEmailHtml(html: string): string {
  if (html === '') return html;
  return sanitizeHtml(html, sanitizeOptions());
}
