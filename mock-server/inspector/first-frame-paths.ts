// What the server puts in the inspector page and the page reads back (docs/inspector.md, "First
// frame"): shared by both sides, so they name the same element and paths.

/** The id of the page's `<script type="application/json">` that holds the answers. */
export const FIRST_FRAME_ID = 'svc-first-frame';

/**
 * The control paths the default view (Activity, Development) reads before anything else; the
 * server answers these in the page. Each is exactly the path the page asks for.
 */
export const FIRST_FRAME_PATHS = [
  '/inspector/environments',
  '/clock',
  '/data',
  '/inspector/activity?environment=Development',
] as const;
