/** Rewrites the absolute paths of the source maps under `folder` (ending with `suffix`) relative to each map. */
export function relativeSourceMaps(folder: string, suffix?: string): number;
