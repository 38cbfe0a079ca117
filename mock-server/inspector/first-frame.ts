/**
 * The answers the inspector page is served with (docs/inspector.md, "First frame"): the control
 * routes its default view reads first, asked of the control router in process, embedded in the
 * HTML so that the first paint shows data.
 *
 * @module
 */
import type { ControlRouter } from '../control/control-router';
import { FIRST_FRAME_ID, FIRST_FRAME_PATHS } from './first-frame-paths';

/** Above this the page is served without its answers and fetches them, as it always could. */
export const FIRST_FRAME_BYTE_LIMIT = 512 * 1024;

/**
 * The control answers of {@link FIRST_FRAME_PATHS} by path; a path the router refuses is left
 * out (the page fetches it and shows why).
 */
export async function firstFrameAnswers(control: ControlRouter): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const path of FIRST_FRAME_PATHS) {
    const response = await control({
      method: 'GET',
      target: `/__svc${path}`,
      // Asked in process, as the page itself would ask from the same machine.
      header: (name) => (name === 'host' ? 'localhost' : undefined),
      readBody: async () => '',
    });
    if (response?.kind !== 'response' || response.status !== 200) continue;
    answers[path] = (JSON.parse(response.body) as { data: unknown }).data;
  }
  return answers;
}

/**
 * The answers as the text of the page's JSON script element: `<` escaped so that no value
 * (a subscriber named `</script>`) ends the element; empty when over the byte limit.
 */
export function firstFrameScript(answers: Record<string, unknown>): string {
  const text = JSON.stringify(answers).replace(/</g, '\\u003c');
  if (text.length > FIRST_FRAME_BYTE_LIMIT) return '';
  return `<script type="application/json" id="${FIRST_FRAME_ID}">${text}</script>`;
}
