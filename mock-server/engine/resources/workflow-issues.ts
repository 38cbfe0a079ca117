/**
 * Step issues computed live from an environment's state: missing control values, variables
 * outside the allowed namespaces, bad filter arguments, delays past the default plan's limit, and
 * missing integrations.
 *
 * @module
 */

import { Cron } from 'croner';
import type { EnvironmentData, WorkflowStepRecord } from '../store/state';
import { tables } from '../store/tables';
import { controlType, knownControls } from './workflow-controls';

/** One issue of a step (the spec's StepContentIssue / StepIntegrationIssue). */
export interface StepIssue {
  issueType: string;
  variableName?: string;
  message: string;
}

/** The issues of a step, keyed by control name and by channel. */
export interface StepIssuesDto {
  controls?: Record<string, StepIssue[]>;
  integration?: Record<string, StepIssue[]>;
}

/** Roots a `{{ }}` variable may start with. */
export const ALLOWED_VARIABLE_ROOTS = ['payload', 'subscriber', 'steps', 'step', 'actor', 'tenant'];

/** Liquid filters that need arguments, with whether each argument must be numeric. */
const FILTER_ARGUMENTS: Record<string, { min: number; max: number; numeric: boolean }> = {
  truncate: { min: 1, max: 2, numeric: false },
  truncatewords: { min: 1, max: 2, numeric: false },
  plus: { min: 1, max: 1, numeric: true },
  minus: { min: 1, max: 1, numeric: true },
  times: { min: 1, max: 1, numeric: true },
  divided_by: { min: 1, max: 1, numeric: true },
  modulo: { min: 1, max: 1, numeric: true },
  round: { min: 0, max: 1, numeric: true },
  slice: { min: 1, max: 2, numeric: true },
  date: { min: 1, max: 2, numeric: false },
  append: { min: 1, max: 1, numeric: false },
  prepend: { min: 1, max: 1, numeric: false },
  replace: { min: 2, max: 2, numeric: false },
  split: { min: 1, max: 1, numeric: false },
  join: { min: 0, max: 1, numeric: false },
  default: { min: 1, max: 2, numeric: false },
};

const CHANNEL_STEPS = new Set(['email', 'sms', 'chat', 'push']);

function add(target: Record<string, StepIssue[]>, key: string, issue: StepIssue) {
  const list = target[key] ?? [];
  list.push(issue);
  target[key] = list;
}

/**
 * Settings the runtime also reads from control values, as it reads them from v1 step metadata (a
 * scheduled delay, backoff and timed digests: docs/virtual-clock.md): not unknown controls.
 */
const RUNTIME_SETTINGS: Partial<Record<WorkflowStepRecord['type'], readonly string[]>> = {
  delay: ['delayPath'],
  digest: ['type', 'backoff', 'backoffAmount', 'backoffUnit', 'timed'],
};

/** The service's message for a missing control: lodash `capitalize` of its name. */
const requiredMessage = (field: string) =>
  `${field.charAt(0).toUpperCase()}${field.slice(1).toLowerCase()} is required`;

/**
 * The controls a delay, digest or throttle step needs for the kind it is (the service's control
 * schemas): `amount` and `unit` for a regular window, `cron` for a timed one, `dynamicKey` for a
 * dynamic one. A step configured by `metadata` (seeded the v1 way) needs none.
 */
function requiredControls(step: WorkflowStepRecord): string[] {
  if (step.metadata !== undefined) return [];
  const values = step.controlValues;
  const kind = values['type'];
  if (step.type === 'delay') {
    if (kind === 'timed' || (kind === undefined && values['cron'] !== undefined)) return ['cron'];
    if (kind === 'dynamic') return ['dynamicKey'];
    if (kind === 'scheduled') return ['delayPath'];
    return ['amount', 'unit'];
  }
  if (step.type === 'digest') {
    return values['cron'] === undefined && kind !== 'timed' ? ['amount', 'unit'] : [];
  }
  if (step.type === 'throttle') return kind === 'dynamic' ? ['dynamicKey'] : ['amount', 'unit'];
  return [];
}

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'null' : typeof value;
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

function splitArguments(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/'[^']*'|"[^"]*"|[^,\s]+/g)) out.push(match[0]);
  return out;
}

function isNumericArgument(argument: string): boolean {
  if (/^-?\d+(\.\d+)?$/.test(argument)) return true;
  // A variable argument is resolved at render time: it may well be a number.
  return /^[A-Za-z_][\w.]*$/.test(argument);
}

/** Issues of the `{{ }}` variables inside one string control value. */
function variableIssues(text: string): StepIssue[] {
  const issues: StepIssue[] = [];
  for (const match of text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
    const [variable = '', ...filters] = (match[1] ?? '').split('|').map((part) => part.trim());
    const root = variable.split(/[.[]/)[0] ?? '';
    const isLiteral = /^(['"]).*\1$/.test(variable) || /^-?\d/.test(variable);
    if (!isLiteral && variable !== '' && !ALLOWED_VARIABLE_ROOTS.includes(root)) {
      issues.push({
        issueType: 'ILLEGAL_VARIABLE_IN_CONTROL_VALUE',
        variableName: match[0],
        message: `Variable "${variable}" is not supported: variables must start with ${ALLOWED_VARIABLE_ROOTS.join(', ')}`,
      });
      continue;
    }
    for (const filter of filters) {
      const colon = filter.indexOf(':');
      const name = (colon === -1 ? filter : filter.slice(0, colon)).trim();
      const rule = FILTER_ARGUMENTS[name];
      if (!rule) continue;
      const args = colon === -1 ? [] : splitArguments(filter.slice(colon + 1));
      const badCount = args.length < rule.min || args.length > rule.max;
      const badType = rule.numeric && args.some((argument) => !isNumericArgument(argument));
      if (badCount || badType) {
        issues.push({
          issueType: 'INVALID_FILTER_ARG_IN_VARIABLE',
          variableName: match[0],
          message: `Invalid argument for the "${name}" filter in ${match[0]}`,
        });
      }
    }
  }
  return issues;
}

function walkStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, visit);
  else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) walkStrings(item, visit);
  }
}

function hasActiveIntegration(data: EnvironmentData, channel: string): boolean {
  return tables.integrations.some(
    data,
    (integration) => !integration.deleted && integration.active && integration.channel === channel,
  );
}

const DAY_MS = 86_400_000;

/**
 * The longest delay or digest window of the service's default (free) plan: the smaller of its
 * system limit (180 days) and the plan's 24 hours.
 */
export const DEFAULT_PLAN_MAX_DEFER_MS = DAY_MS;

/** Milliseconds per digest/delay unit as the tier check counts them (a month is 30 days). */
const TIER_UNIT_MS: Record<string, number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: DAY_MS,
  weeks: 7 * DAY_MS,
  months: 30 * DAY_MS,
};

/** Where cron intervals are measured from, so the same workflow always reports the same issues. */
const CRON_ANCHOR = new Date(Date.UTC(2026, 0, 1));
const CRON_ITERATIONS = 50;
const TWO_YEARS_MS = 2 * 365 * DAY_MS;

function tierLimitIssue(): StepIssue {
  const days = Math.floor(DEFAULT_PLAN_MAX_DEFER_MS / DAY_MS);
  return {
    issueType: 'TIER_LIMIT_EXCEEDED',
    message:
      `The maximum delay allowed is ${days} days. ` +
      'Please contact our support team to discuss extending this limit for your use case.',
  };
}

/** Whether two consecutive runs of a cron (within two years of its first) lie too far apart. */
function cronExceedsLimit(cron: string): boolean {
  let schedule: Cron;
  try {
    schedule = new Cron(cron, { timezone: 'UTC', paused: true });
  } catch {
    return false;
  }
  const first = schedule.nextRun(CRON_ANCHOR);
  if (!first) return false;
  let previous = first;
  for (let i = 0; i < CRON_ITERATIONS; i++) {
    const current = schedule.nextRun(previous);
    if (!current || current.getTime() - first.getTime() > TWO_YEARS_MS) return false;
    if (current.getTime() - previous.getTime() > DEFAULT_PLAN_MAX_DEFER_MS) return true;
    previous = current;
  }
  return false;
}

/**
 * The service's tier check of a digest or delay step for its default plan: a `cron` whose runs lie
 * more than the plan's limit apart flags `cron`; an `amount` and `unit` of a day or more beyond
 * the limit flag both.
 */
function tierIssues(step: WorkflowStepRecord, controls: Record<string, StepIssue[]>): void {
  if (step.type !== 'digest' && step.type !== 'delay') return;
  const { amount, unit, cron } = step.controlValues;
  if (typeof cron === 'string' && cron !== '') {
    if (cronExceedsLimit(cron)) add(controls, 'cron', tierLimitIssue());
    return;
  }
  const unitMs = typeof unit === 'string' ? TIER_UNIT_MS[unit] : undefined;
  if (!amount || Number.isNaN(Number(amount)) || unitMs === undefined) return;
  const deferMs = Number(amount) * unitMs;
  if (deferMs < DAY_MS || deferMs <= DEFAULT_PLAN_MAX_DEFER_MS) return;
  add(controls, 'amount', tierLimitIssue());
  add(controls, 'unit', tierLimitIssue());
}

/** The issues of one step in an environment, or `undefined` when it has none. */
export function stepIssues(
  step: WorkflowStepRecord,
  data: EnvironmentData,
): StepIssuesDto | undefined {
  const controls: Record<string, StepIssue[]> = {};
  const integration: Record<string, StepIssue[]> = {};
  const values = step.controlValues;
  const missing = (field: string, label: string) =>
    add(controls, field, { issueType: 'MISSING_VALUE', message: `${label} is required` });
  if (step.type === 'email') {
    if (isBlank(values['subject'])) missing('subject', 'Subject');
    if (isBlank(values['body'])) missing('body', 'Body');
  }
  if (step.type === 'in_app' && isBlank(values['body']) && isBlank(values['subject'])) {
    missing('body', 'Body or subject');
  }
  for (const field of requiredControls(step)) {
    if (isBlank(values[field])) {
      add(controls, field, { issueType: 'MISSING_VALUE', message: requiredMessage(field) });
    }
  }
  // The service validates control values against the step type's schema, which has no room for
  // other keys: a misspelled control (`ammount`) is an issue, not silently ignored.
  const known = knownControls(step.type);
  // A number or switch of another type (`amount: '30'`), as the service's schema check words it;
  // text controls are rendered whatever they hold (an email body may be a block document).
  for (const [field, value] of Object.entries(values)) {
    const expected = controlType(step.type, field);
    if (expected !== 'number' && expected !== 'boolean') continue;
    if (isBlank(value) || jsonType(value) === expected) continue;
    // The service's delay and digest schemas have taken an amount as text too (`'25'`).
    if (expected === 'number' && typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)) continue;
    add(controls, field, {
      issueType: 'MISSING_VALUE',
      variableName: field,
      message: `must be ${expected}`,
    });
  }
  const runtime = RUNTIME_SETTINGS[step.type] ?? [];
  for (const field of known === undefined ? [] : Object.keys(values)) {
    if (known?.includes(field) || runtime.includes(field)) continue;
    add(controls, field, {
      issueType: 'MISSING_VALUE',
      variableName: field,
      message: 'must NOT have additional properties',
    });
  }
  for (const [field, value] of Object.entries(values)) {
    walkStrings(value, (text) => {
      for (const issue of variableIssues(text)) add(controls, field, issue);
    });
  }
  tierIssues(step, controls);
  if (CHANNEL_STEPS.has(step.type) && !hasActiveIntegration(data, step.type)) {
    add(integration, step.type, {
      issueType: 'MISSING_INTEGRATION',
      message: `Missing active ${step.type} integration provider`,
    });
  }
  if (step.type === 'in_app' && !hasActiveIntegration(data, 'in_app')) {
    add(integration, 'in_app', {
      issueType: 'INBOX_NOT_CONNECTED',
      message: 'The Inbox is not connected: the environment has no active in_app integration',
    });
  }
  const issues: StepIssuesDto = {};
  if (Object.keys(controls).length > 0) issues.controls = controls;
  if (Object.keys(integration).length > 0) issues.integration = integration;
  return Object.keys(issues).length > 0 ? issues : undefined;
}
