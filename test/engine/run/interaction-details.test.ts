// The execution details an in-app or email step shows in the activity feed, in the service's count
// and order, and the details a subscriber's Inbox marks add to the job that sent the message
// (mock-server/engine/run/interaction-details.ts, docs/behaviour/notifications.md#execution-details).
import { describe, expect, it } from 'vitest';
import type { MockEngine } from '../../../mock-server/engine/engine';
import { MAX_INTERACTION_DETAILS } from '../../../mock-server/engine/run/interaction-details';
import { inbox, inboxEngine, listOf, sessionOf, trigger } from '../inbox/inbox-helpers';

const MAIL = {
  workflowId: 'mail',
  steps: [
    {
      type: 'email' as const,
      name: 'Mail',
      controlValues: { subject: 'Hi', body: 'Hello {{payload.name}}' },
    },
  ],
};

/** The activity feed's notifications, newest first, through the admin API. */
async function activity(engine: MockEngine) {
  const answer = await engine.perform({
    operation: 'notifications.list',
    authorization: `ApiKey ${engine.environment('Development').apiKey}`,
    params: {},
    query: new URLSearchParams(),
    path: '/v1/notifications',
  });
  if (answer.status !== 200) throw new Error(`activity: ${JSON.stringify(answer.body)}`);
  return (
    answer.body as {
      data: {
        jobs: {
          type: string;
          executionDetails: { detail: string; status: string; raw?: string | null }[];
        }[];
      }[];
    }
  ).data;
}

/** Development's stored messages. */
const storedMessages = (engine: MockEngine) => engine.scope('Development').data.messages;

/** The details of the first job of the newest notification, as `detail (status)`. */
async function newestDetails(engine: MockEngine): Promise<string[]> {
  const [newest] = await activity(engine);
  return (newest?.jobs[0]?.executionDetails ?? []).map(
    ({ detail, status }) => `${detail} (${status})`,
  );
}

async function readInInbox() {
  const engine = inboxEngine();
  await trigger(engine, 'welcome', 'ada', { name: 'Ada' });
  const token = await sessionOf(engine, 'ada');
  const [notification] = (await listOf(engine, token)).data;
  const act = (action: string, body?: unknown) =>
    inbox(engine, `notifications.${action}`, {
      token,
      params: { notificationId: notification?.id ?? '' },
      ...(body === undefined ? {} : { body }),
    });
  return { engine, act };
}

describe('activity feed: execution details of channel steps', () => {
  it('an in-app step records four details, in the service order', async () => {
    const { engine } = await readInInbox();
    expect(await newestDetails(engine)).toStrictEqual([
      'Step queued (Pending)',
      'Start sending message (Pending)',
      'Message created (Pending)',
      'Message sent (Success)',
    ]);
  });

  it('an email step records five: the integration it selected comes before the message', async () => {
    const engine = inboxEngine({
      seed: { subscribers: [{ subscriberId: 'ada', email: 'ada@example.com' }], workflows: [MAIL] },
    });
    await trigger(engine, 'mail', 'ada', { name: 'Ada' });
    expect(await newestDetails(engine)).toStrictEqual([
      'Step queued (Pending)',
      'Start sending message (Pending)',
      'Integration instance selected (Pending)',
      'Message created (Pending)',
      'Message sent (Success)',
    ]);
  });
});

describe('activity feed: what the Inbox marks add to the job', () => {
  it('reading the message in the Inbox makes the fifth detail, Message read', async () => {
    const { engine, act } = await readInInbox();
    expect((await act('read')).status).toBe(200);
    const details = await newestDetails(engine);
    expect(details).toHaveLength(5);
    expect(details.at(-1)).toBe('Message read (Success)');
    const [newest] = await activity(engine);
    expect(newest?.jobs[0]?.executionDetails.at(-1)?.raw).toBeNull();
  });

  it('unread, archive and unarchive each add their own detail, in the order they happen', async () => {
    const { engine, act } = await readInInbox();
    for (const action of ['read', 'unread', 'archive', 'unarchive']) {
      expect((await act(action)).status).toBe(200);
    }
    expect((await newestDetails(engine)).slice(4)).toStrictEqual([
      'Message read (Success)',
      'Message unread (Success)',
      'Message archived (Success)',
      'Message unarchived (Success)',
    ]);
  });

  it('snooze and unsnooze each add Message snoozed, as the service traces any snoozedUntil', async () => {
    const { engine, act } = await readInInbox();
    const inAnHour = '2026-01-01T01:00:00.000Z';
    expect((await act('snooze', { snoozeUntil: inAnHour })).status).toBe(200);
    expect((await act('unsnooze')).status).toBe(200);
    expect((await newestDetails(engine)).slice(4)).toStrictEqual([
      'Message snoozed (Success)',
      'Message snoozed (Success)',
    ]);
  });

  it('a refused snooze, or an unsnooze of a message not snoozed, adds nothing', async () => {
    const { engine, act } = await readInInbox();
    expect((await act('snooze', { snoozeUntil: '2025-01-01T00:00:00.000Z' })).status).toBe(422);
    await act('unsnooze');
    expect(await newestDetails(engine)).toHaveLength(4);
  });

  it('marking it seen in the Inbox adds Message seen, with an empty raw', async () => {
    const { engine } = await readInInbox();
    const token = await sessionOf(engine, 'ada');
    const seen = await inbox(engine, 'notifications.markAsSeen', { token, body: {} });
    expect(seen.status).toBe(204);
    expect((await newestDetails(engine)).slice(4)).toStrictEqual(['Message seen (Success)']);
    const [newest] = await activity(engine);
    expect(newest?.jobs[0]?.executionDetails.at(-1)?.raw).toBe('');
  });

  it('deleting it in the Inbox adds Message deleted; the job stays in the activity feed', async () => {
    const { engine, act } = await readInInbox();
    expect((await act('delete')).status).toBe(204);
    expect((await newestDetails(engine)).slice(4)).toStrictEqual(['Message deleted (Success)']);
    const [newest] = await activity(engine);
    expect(newest?.jobs[0]?.executionDetails.at(-1)?.raw).toBe('');
  });

  it("the Inbox's bulk read, archive and delete and the admin API's mark-as add none", async () => {
    const { engine } = await readInInbox();
    const token = await sessionOf(engine, 'ada');
    for (const name of ['readAll', 'archiveAll']) {
      expect((await inbox(engine, `notifications.${name}`, { token, body: {} })).status).toBe(204);
    }
    const [message] = storedMessages(engine);
    const markAs = await engine.perform({
      operation: 'subscribers.messages.markAs',
      authorization: `ApiKey ${engine.environment('Development').apiKey}`,
      params: { subscriberId: 'ada' },
      query: new URLSearchParams(),
      path: '/v1/subscribers/ada/messages/mark-as',
      readBody: async () => ({ messageId: message?._id, markAs: 'unread' }),
    });
    expect(markAs.status).toBeLessThan(300);
    expect((await inbox(engine, 'notifications.deleteAll', { token, body: {} })).status).toBe(204);
    expect(await newestDetails(engine)).toHaveLength(4);
  });

  it(`keeps at most ${MAX_INTERACTION_DETAILS} of them per job; the message still changes`, async () => {
    const { engine, act } = await readInInbox();
    for (let round = 0; round < MAX_INTERACTION_DETAILS / 2 + 1; round++) {
      await act('read');
      await act('unread');
    }
    const last = await act('read');
    expect(last.body.data.isRead).toBe(true);
    expect(await newestDetails(engine)).toHaveLength(4 + MAX_INTERACTION_DETAILS);
  });
});
