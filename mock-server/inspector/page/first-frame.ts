// The control answers the server puts in the page (docs/inspector.md: "First frame"), so its first
// paint shows data, not "Loading…". Read once: a later read of the same path asks the server.

import { FIRST_FRAME_ID } from '../first-frame-paths';

let answers: Map<string, unknown> | undefined;

/** The answer the page was served with for a control path, once; `undefined` otherwise. */
export function takeFirstFrame(path: string): unknown {
  if (answers === undefined) {
    answers = new Map();
    try {
      const text = document.getElementById(FIRST_FRAME_ID)?.textContent ?? '';
      if (text !== '')
        for (const [key, value] of Object.entries(JSON.parse(text))) answers.set(key, value);
    } catch {
      // A page without answers fetches everything, as it always could.
    }
  }
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
}
