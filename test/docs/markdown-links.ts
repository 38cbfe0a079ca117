/**
 * Reads the links and headings of a markdown text, for the link checks of the guides.
 *
 * @module
 */

/** One relative link of a markdown text: `[text](path#anchor)`. */
export interface MarkdownLink {
  /** The link as written, e.g. `guide.md#setup`. */
  raw: string;
  /** The path part, relative to the markdown file (`''` for a same-page anchor). */
  path: string;
  /** The anchor, without `#`, if any. */
  anchor?: string;
}

const LINK = /\]\(([^)\s]+)\)/g;
const FENCE = /^```/;

/** The text outside fenced code blocks, so code that looks like a link is not read as one. */
function prose(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .filter((line) => {
      if (FENCE.test(line.trim())) {
        inFence = !inFence;
        return false;
      }
      return !inFence;
    })
    .join('\n');
}

/**
 * The relative links of a markdown text (external `scheme:` links and mail links are left out).
 *
 * @example
 * ```ts
 * relativeLinks('[Time](virtual-clock.md#settle)'); // [{ raw: 'virtual-clock.md#settle', path: 'virtual-clock.md', anchor: 'settle' }]
 * ```
 */
export function relativeLinks(markdown: string): MarkdownLink[] {
  return [...prose(markdown).matchAll(LINK)]
    .map((match) => match[1] ?? '')
    .filter((raw) => !/^[a-z][a-z0-9+.-]*:/i.test(raw))
    .map((raw) => {
      const hash = raw.indexOf('#');
      if (hash < 0) return { raw, path: raw };
      return { raw, path: raw.slice(0, hash), anchor: raw.slice(hash + 1) };
    });
}

/**
 * The anchors GitHub gives the headings of a markdown text: lower case, punctuation dropped,
 * spaces to hyphens, repeats numbered (`setup`, `setup-1`).
 *
 * @example
 * ```ts
 * headingAnchors('## settle: run what is waiting'); // Set { 'settle-run-what-is-waiting' }
 * ```
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
