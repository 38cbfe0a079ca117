/**
 * A code-first delay, digest or throttle step's settings from its bridge outputs, as the
 * service's add-job turns them into job metadata: a delay `{ amount, unit }`, `{ type: 'timed',
 * cron }` or `{ type: 'dynamic', dynamicKey }`; a digest regular `{ amount, unit, digestKey? }`,
 * backoff when `lookBackWindow` is given, timed when `cron` is.
 *
 * @module
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The engine's settings of a time step from the bridge's outputs (other steps: the outputs).
 *
 * @example
 * ```ts
 * bridgeStepSettings('digest', { amount: 5, unit: 'minutes', lookBackWindow: { amount: 1, unit: 'minutes' } });
 * // { type: 'backoff', amount: 5, unit: 'minutes', backoffAmount: 1, backoffUnit: 'minutes' }
 * ```
 */
export function bridgeStepSettings(
  type: string,
  outputs: Record<string, unknown>,
): Record<string, unknown> {
  if (type === 'delay') {
    if (typeof outputs['cron'] === 'string') return { type: 'regular', cron: outputs['cron'] };
    if (outputs['type'] === 'dynamic')
      return { type: 'dynamic', dynamicKey: outputs['dynamicKey'] };
    return { type: 'regular', amount: outputs['amount'], unit: outputs['unit'] };
  }
  if (type === 'digest') {
    const digestKey =
      typeof outputs['digestKey'] === 'string' ? { digestKey: outputs['digestKey'] } : {};
    if (typeof outputs['cron'] === 'string')
      return { type: 'timed', cron: outputs['cron'], ...digestKey };
    const window = { amount: outputs['amount'], unit: outputs['unit'], ...digestKey };
    const lookBack = outputs['lookBackWindow'];
    if (isObject(lookBack) && lookBack['amount'] != null && lookBack['unit'] != null) {
      return {
        type: 'backoff',
        ...window,
        backoffAmount: lookBack['amount'],
        backoffUnit: lookBack['unit'],
      };
    }
    return { type: 'regular', ...window };
  }
  return { ...outputs };
}
