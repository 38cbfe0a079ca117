/**
 * The budget of one operation's evaluation work: the time every template render of the operation
 * may take together. Each render has its own budget too (run/templates.ts), but a trigger renders
 * once per step and recipient, and a bulk or broadcast once per event on top: without a shared
 * budget one small request could keep the server busy for minutes. Once the operation's budget is
 * spent, every later render of it fails at once (its step fails with a detail) and costs nothing.
 *
 * A task the clock fires outside any request (a delay ending under `--clock real`) gets a budget
 * of its own per firing, and the chunks of a fan-out share their operation's (run/fan-out.ts).
 * The budget belongs to the running transaction (store/transaction.ts): each engine's request
 * has its own.
 *
 * @module
 */

import {
  activeTransaction,
  createTransaction,
  type OperationBudget,
  runTransaction,
} from '../store/transaction';

export type { OperationBudget } from '../store/transaction';

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

/**
 * Runs `work` as one operation with a fresh {@link OPERATION_BUDGET} (or the `budget` given: a
 * number of milliseconds, or what is left of an earlier one); nested calls (the events of a bulk,
 * the tasks a trigger runs) share the outer one.
 *
 * @example
 * ```ts
 * withOperationBudget(() => handle(scope, input));
 * ```
 */
export function withOperationBudget<T>(
  work: () => T,
  budget: number | OperationBudget = OPERATION_BUDGET.renderMs,
): T {
  const transaction = activeTransaction();
  if (transaction?.budget !== undefined) return work();
  const given = typeof budget === 'number' ? { renderMsLeft: budget } : budget;
  if (transaction === undefined) return runTransaction(createTransaction({ budget: given }), work);
  transaction.budget = given;
  try {
    return work();
  } finally {
    transaction.budget = undefined;
  }
}

/**
 * The budget of the operation running now, if any (what a fan-out it defers keeps).
 *
 * @example
 * ```ts
 * const budget = currentOperationBudget() ?? { renderMsLeft: OPERATION_BUDGET.renderMs };
 * ```
 */
export function currentOperationBudget(): OperationBudget | undefined {
  return activeTransaction()?.budget;
}

/**
 * How many milliseconds of rendering the current operation has left (`Infinity` outside one;
 * the engine runs each task the clock fires, and each fan-out chunk, inside one).
 *
 * @example
 * ```ts
 * if (renderTimeLeft() <= 0) return budgetSpent();
 * ```
 */
export function renderTimeLeft(): number {
  const budget = activeTransaction()?.budget;
  return budget === undefined ? Number.POSITIVE_INFINITY : budget.renderMsLeft;
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
  const budget = activeTransaction()?.budget;
  if (budget !== undefined) budget.renderMsLeft -= ms;
}
