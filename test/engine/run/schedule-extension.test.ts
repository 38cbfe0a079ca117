// `extendToSchedule` on delay and digest steps (docs/behaviour/runs.md#extending-to-the-schedule):
// the next time the schedule allows, found as the service finds it, and the engine's run holding
// a delay or digest until then, with the service's details and its cap of three extensions.
import { describe, expect, it } from 'vitest';
import { createMockEngine } from '../../../mock-server/engine/engine';
import { stepControls } from '../../../mock-server/engine/resources/workflow-controls';
import {
  formatZoned,
  MAX_SCHEDULE_EXTENSIONS,
  nextAvailableTime,
} from '../../../mock-server/engine/run/schedule-extension';
import {
  executionDetail,
  type PreferenceScheduleRecord,
} from '../../../mock-server/engine/store/state';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
// 2026-01-01 is a Thursday.
const weekly = (days: Record<string, { start: string; end: string }[]>) => ({
  isEnabled: true,
  weeklySchedule: Object.fromEntries(
    Object.entries(days).map(([day, hours]) => [day, { isEnabled: true, hours }]),
  ),
});
const officeHours = (day: string) => weekly({ [day]: [{ start: '09:00 AM', end: '05:00 PM' }] });

const EXTENDED = 'Step was extended to the next available time in the subscriber schedule';
const CAPPED = 'Step was executed due to maximum number of subscriber schedule extensions reached';

describe('nextAvailableTime', () => {
  it('answers the start of the next range: later today, or on a later day', () => {
    const schedule = officeHours('thursday');
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T03:00:00Z')))).toBe(
      '2026-01-01T09:00:00.000Z',
    );
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T18:00:00Z')))).toBe(
      '2026-01-08T09:00:00.000Z',
    );
    expect(iso(nextAvailableTime(officeHours('friday'), at('2026-01-01T18:00:00Z')))).toBe(
      '2026-01-02T09:00:00.000Z',
    );
  });

  it('answers the instant itself inside a range, with the schedule off, or with nothing ahead', () => {
    const inside = at('2026-01-01T10:00:00Z');
    expect(nextAvailableTime(officeHours('thursday'), inside)).toBe(inside);
    expect(nextAvailableTime({ ...officeHours('friday'), isEnabled: false }, inside)).toBe(inside);
    expect(nextAvailableTime(undefined, inside)).toBe(inside);
    expect(nextAvailableTime({ isEnabled: true, weeklySchedule: {} }, inside)).toBe(inside);
  });

  it("counts yesterday's overnight range as now", () => {
    const schedule = weekly({ wednesday: [{ start: '10:00 PM', end: '02:00 AM' }] });
    const night = at('2026-01-01T01:00:00Z');
    expect(nextAvailableTime(schedule, night)).toBe(night);
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T03:00:00Z')))).toBe(
      '2026-01-07T22:00:00.000Z',
    );
  });

  it("takes a day's ranges in their stored order, as the service does", () => {
    const schedule = weekly({
      thursday: [
        { start: '02:00 PM', end: '05:00 PM' },
        { start: '09:00 AM', end: '11:00 AM' },
      ],
    });
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T08:00:00Z')))).toBe(
      '2026-01-01T14:00:00.000Z',
    );
  });

  it("reads the subscriber's wall clock; an unknown zone finds nothing", () => {
    const schedule = officeHours('friday');
    // 18:00 UTC Thursday is 03:00 Friday in Tokyo: Friday 09:00 there is 00:00 UTC.
    expect(iso(nextAvailableTime(schedule, at('2026-01-01T18:00:00Z'), 'Asia/Tokyo'))).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    const now = at('2026-01-01T18:00:00Z');
    expect(nextAvailableTime(schedule, now, 'Mars/Olympus')).toBe(now);
  });

  it('formats a zoned time as the service does (yyyy-MM-dd HH:mm:ss zzz)', () => {
    expect(formatZoned(at('2026-01-02T00:00:00Z'), 'Asia/Tokyo')).toBe('2026-01-02 09:00:00 GMT+9');
    expect(formatZoned(at('2026-01-02T14:00:00Z'), 'America/New_York')).toBe(
      '2026-01-02 09:00:00 EST',
    );
  });
});

const email = {
  type: 'email' as const,
  name: 'Email',
  controlValues: { subject: 'Hi', body: 'Hello' },
};

function setup(options: { schedule?: PreferenceScheduleRecord; timezone?: string } = {}) {
  const engine = createMockEngine({
    clockStart: '2026-01-01T00:00:00.000Z',
    seed: {
      subscribers: [
        {
          subscriberId: 'ada',
          email: 'ada@example.com',
          ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
        },
      ],
      integrations: [{ providerId: 'sendgrid', channel: 'email', active: true, primary: true }],
      workflows: [
        {
          workflowId: 'held',
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'hours', extendToSchedule: true },
            },
            email,
          ],
        },
        {
          workflowId: 'not-held',
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'hours' },
            },
            email,
          ],
        },
        {
          workflowId: 'held-critical',
          critical: true,
          steps: [
            {
              type: 'delay',
              name: 'Wait',
              controlValues: { type: 'regular', amount: 1, unit: 'hours', extendToSchedule: true },
            },
            email,
          ],
        },
        {
          workflowId: 'digest',
          steps: [
            {
              type: 'digest',
              name: 'Digest',
              controlValues: { amount: 1, unit: 'hours', extendToSchedule: true },
            },
            { ...email, controlValues: { subject: 'Digest', body: '{{step.events.size}} events' } },
          ],
        },
      ],
      preferences: [{ subscriberId: 'ada', schedule: options.schedule ?? officeHours('thursday') }],
    },
  });
  // Looked up on each use: a restore swaps the environment's data.
  const context = () => engine.scope('Development');
  const trigger = (name: string, payload: Record<string, unknown> = {}) =>
    engine.operations['events.trigger'](context(), { body: { name, to: 'ada', payload } })
      .transactionId;
  const jobs = (transactionId: string) =>
    context().data.notifications.find((item) => item.transactionId === transactionId)?.jobs ?? [];
  const details = (transactionId: string, index: number) =>
    (jobs(transactionId)[index]?.executionDetails ?? []).map((detail) => detail.detail);
  const sent = () => engine.outbox.list().map((message) => message.channel);
  return { engine, trigger, jobs, details, sent };
}

describe('the run: a delay extended to the schedule', () => {
  it('waits on from the end of the delay to the start of the window, then sends', () => {
    const { engine, trigger, jobs, details, sent } = setup();
    const transactionId = trigger('held');
    engine.clock.advance('1h');
    expect(jobs(transactionId).map((job) => job.status)).toEqual(['delayed', 'pending']);
    expect(details(transactionId, 0)).toContain(EXTENDED);
    expect(details(transactionId, 0)).not.toContain('Delay is finished');
    const extended = jobs(transactionId)[0]
      ?.executionDetails.map(executionDetail)
      .find((detail) => detail.detail === EXTENDED);
    expect(extended).toMatchObject({ status: 'Pending', source: 'Internal' });
    expect(JSON.parse(String(extended?.raw))).toEqual({
      delayMs: 8 * 3_600_000,
      nextAvailableTime: '2026-01-01T09:00:00.000Z',
      schedule: officeHours('thursday'),
      scheduleExtensionsCount: 1,
      maxScheduleExtensions: MAX_SCHEDULE_EXTENSIONS,
    });
    engine.clock.advance('479m');
    expect(sent()).toEqual([]);
    engine.clock.advance('1m');
    expect(sent()).toEqual(['email']);
    expect(jobs(transactionId).map((job) => job.status)).toEqual(['completed', 'completed']);
    expect(details(transactionId, 0).filter((text) => text === EXTENDED)).toHaveLength(1);
    expect(details(transactionId, 0).at(-1)).toBe('Delay is finished');
  });

  it('writes the next time in the subscriber zone when they have one', () => {
    const { engine, trigger, jobs } = setup({ timezone: 'Asia/Tokyo' });
    // Thursday 00:00 UTC is 09:00 in Tokyo; the delay ends at 10:00 there, inside the window.
    const inside = trigger('held');
    engine.clock.advance('1h');
    expect(jobs(inside)[0]?.status).toBe('completed');
    engine.clock.advance('8h'); // 18:00 Thursday in Tokyo
    const outside = trigger('held');
    engine.clock.advance('1h');
    const extended = jobs(outside)[0]?.executionDetails.find(
      (detail) => detail.detail === EXTENDED,
    );
    expect(JSON.parse(String(extended?.raw))).toMatchObject({
      nextAvailableTime: '2026-01-08 09:00:00 GMT+9',
      timezone: 'Asia/Tokyo',
    });
  });

  it('is not extended without the control, nor in a critical workflow', () => {
    const { engine, trigger, jobs, details, sent } = setup();
    const plain = trigger('not-held');
    const critical = trigger('held-critical');
    engine.clock.advance('1h');
    expect(jobs(plain).map((job) => job.status)).toEqual(['completed', 'canceled']);
    expect(jobs(critical).map((job) => job.status)).toEqual(['completed', 'completed']);
    expect(details(plain, 0)).not.toContain(EXTENDED);
    expect(details(critical, 0)).not.toContain(EXTENDED);
    expect(sent()).toEqual(['email']);
  });

  it('is not extended when it ends inside the schedule', () => {
    const { engine, trigger, jobs, details } = setup();
    engine.clock.advance('9h');
    const transactionId = trigger('held');
    engine.clock.advance('1h');
    expect(jobs(transactionId).map((job) => job.status)).toEqual(['completed', 'completed']);
    expect(details(transactionId, 0)).not.toContain(EXTENDED);
  });

  it('extends three times at most, then finishes with the cap detail', () => {
    const { engine, trigger, jobs, details } = setup();
    const transactionId = trigger('held');
    engine.clock.advance('1h'); // extended to Thursday 09:00 (1)
    // Each time the window comes, the subscriber has moved it to the next day.
    for (const day of ['friday', 'saturday', 'sunday']) {
      engine.seed({ preferences: [{ subscriberId: 'ada', schedule: officeHours(day) }] });
      engine.clock.advance('1d');
    }
    // Extended at 01:00 Thursday (1), 09:00 Thursday (2) and 09:00 Friday (3); at 09:00
    // Saturday, still outside (Sunday only), the cap lets the delay finish.
    expect(jobs(transactionId)[0]?.scheduleExtensionsCount).toBe(MAX_SCHEDULE_EXTENSIONS);
    const texts = details(transactionId, 0);
    expect(texts.filter((text) => text === EXTENDED)).toHaveLength(MAX_SCHEDULE_EXTENSIONS);
    expect(texts.slice(-2)).toEqual([CAPPED, 'Delay is finished']);
    const capped = jobs(transactionId)[0]
      ?.executionDetails.map(executionDetail)
      .find((d) => d.detail === CAPPED);
    expect(capped).toMatchObject({ status: 'Success', raw: null });
    // The email after it is still judged by the schedule (Sunday only): canceled.
    expect(jobs(transactionId).map((job) => job.status)).toEqual(['completed', 'canceled']);
  });

  it('keeps a pending extension through a snapshot and restore', () => {
    const { engine, trigger, jobs, sent } = setup();
    const transactionId = trigger('held');
    engine.clock.advance('1h');
    const snapshot = engine.snapshot();
    engine.clock.advance('8h');
    expect(sent()).toEqual(['email']);
    engine.restore(snapshot);
    expect(jobs(transactionId)[0]).toMatchObject({ status: 'delayed', scheduleExtensionsCount: 1 });
    engine.clock.advance('8h');
    expect(jobs(transactionId).map((job) => job.status)).toEqual(['completed', 'completed']);
  });
});

describe('the run: a digest extended to the schedule', () => {
  it('keeps collecting events until the window opens, then sends them together', () => {
    const { engine, trigger, jobs, details, sent } = setup();
    const first = trigger('digest', { n: 1 });
    engine.clock.advance('1h');
    expect(jobs(first)[0]?.status).toBe('delayed');
    expect(details(first, 0)).toContain(EXTENDED);
    expect(details(first, 0)).not.toContain('Step digested');
    engine.clock.advance('3h');
    const second = trigger('digest', { n: 2 });
    expect(jobs(second)[0]?.status).toBe('merged');
    engine.clock.advance('5h');
    expect(sent()).toEqual(['email']);
    expect(engine.outbox.list()[0]?.content).toContain('2 events');
    expect(jobs(first).map((job) => job.status)).toEqual(['completed', 'completed']);
  });
});

describe('the controls of delay and digest steps', () => {
  it('describe extendToSchedule as the service does', () => {
    for (const type of ['delay', 'digest'] as const) {
      const controls = stepControls({
        _id: 'x',
        stepId: 'x',
        name: 'x',
        type,
        active: true,
        controlValues: { extendToSchedule: true },
        filters: [],
        shouldStopOnFail: false,
      });
      expect(controls.dataSchema).toMatchObject({
        properties: { extendToSchedule: { type: 'boolean' } },
      });
      expect(controls.uiSchema).toMatchObject({
        properties: { extendToSchedule: { component: 'EXTEND_TO_SCHEDULE', placeholder: false } },
      });
      expect(controls.values).toEqual({ extendToSchedule: true });
    }
  });
});
