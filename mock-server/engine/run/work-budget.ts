/**
 * The budget of one operation's evaluation work: the time every template render of the operation
 * may take together. Each render has its own budget too (run/templates.ts), but a trigger renders
 * once per step and recipient, and a bulk or broadcast once per event on top: without a shared
 * budget one small request could keep the server busy for minutes. Once the operation's budget is
 * spent, every later render of it fails at once (its step fails with a detail) and costs nothing.
 *
 * Operations run synchronously, so one budget is current at a time.
 *
 * @module
 */

/**
 * The operation's budget (docs/security.md, "Caps and budgets"): `renderMs` milliseconds of
 * template rendering in total.
 *
 * @example
 * ```ts
 * import { OPERATION_BUDGET } from '@svc/api/mock';
 * OPERATION_BUDGET.renderMs; // 3000
 * ```
 */
export const OPERATION_BUDGET = {
  renderMs: 3_000,
} as const;

interface Budget {
  renderMsLeft: number;
}

let current: Budget | undefined;

/**
 * Runs `work` as one operation with a fresh {@link OPERATION_BUDGET}; nested calls (the events of
 * a bulk) share the outer one.
 *
 * @example
 * ```ts
 * withOperationBudget(() => handle(scope, input));
 * ```
 */
export function withOperationBudget<T>(
  work: () => T,
  renderMs: number = OPERATION_BUDGET.renderMs,
): T {
  if (current !== undefined) return work();
  current = { renderMsLeft: renderMs };
  try {
    return work();
  } finally {
    current = undefined;
  }
}

/**
 * How many milliseconds of rendering the current operation has left (`Infinity` outside one:
 * the clock's own runs have only the per-render budget).
 *
 * @example
 * ```ts
 * if (renderTimeLeft() <= 0) return budgetSpent();
 * ```
 */
export function renderTimeLeft(): number {
  return current === undefined ? Number.POSITIVE_INFINITY : current.renderMsLeft;
}

/**
 * Counts `ms` of rendering against the current operation.
 *
 * @example
 * ```ts
 * chargeRenderTime(performance.now() - started);
 * ```
 */
export function chargeRenderTime(ms: number): void {
  if (current !== undefined) current.renderMsLeft -= ms;
}
