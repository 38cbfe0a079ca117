// The service's own Inbox e2e tests (apps/api/src/app/inbox/e2e/*.e2e.ts in novuhq/novu),
// translated case by case onto the engine: each `describe` names its file, each `it` its case.
// The service seeds v1 templates; here the same steps are v2 workflows (a button needs a label:
// the service's dashboard sanitizer drops an action without one, docs/behaviour/inbox.md).
import { describe, expect, it } from 'vitest';
import { createMockEngine, type MockEngine } from '../../../mock-server/engine/engine';
import { inbox, listOf, sessionOf, trigger } from './inbox-helpers';

const BUTTONS = {
  workflowId: 'buttons',
  steps: [
    {
      type: 'in_app' as const,
      name: 'Inbox',
      controlValues: {
        body: 'Test content for <b>{{payload.firstName}}</b>',
        primaryAction: { label: 'Primary' },
        secondaryAction: { label: 'Secondary' },
      },
    },
  ],
};
const PLAIN = {
  workflowId: 'plain',
  steps: [{ type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Test No Buttons' } }],
};
const TWO_CHANNELS = {
  workflowId: 'two-channels',
  steps: [
    { type: 'in_app' as const, name: 'Inbox', controlValues: { body: 'Hi' } },
    { type: 'email' as const, name: 'Email', controlValues: { subject: 'Hi', body: 'Hi' } },
  ],
};
const CRITICAL = { ...PLAIN, workflowId: 'critical', critical: true };

function engineWith(): MockEngine {
  return createMockEngine({
    seed: {
      subscribers: [
        {
          subscriberId: 'ada',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          locale: 'en_GB',
          data: { team: 'engines' },
        },
        { subscriberId: 'grace' },
      ],
      workflows: [BUTTONS, PLAIN, TWO_CHANNELS, CRITICAL],
    },
  });
}

async function oneNotification(workflow = 'buttons') {
  const engine = engineWith();
  await trigger(engine, workflow, 'ada');
  const token = await sessionOf(engine, 'ada');
  const [first] = (await listOf(engine, token)).data;
  return { engine, token, id: first?.id ?? '' };
}

const act = (engine: MockEngine, token: string, action: string, id: string, body?: unknown) =>
  inbox(engine, `notifications.${action}`, { token, params: { notificationId: id }, body });

describe('mark-notification-as.e2e.ts', () => {
  it('should throw bad request error when the notification id is not mongo id', async () => {
    const { engine, token } = await oneNotification();
    const { status, body } = await act(engine, token, 'read', 'fake');
    expect(status).toBe(422);
    expect(body.statusCode).toBe(422);
    expect(body.errors.notificationId.messages[0]).toBe('notificationId must be a mongodb id');
  });

  it("should throw not found error when the message doesn't exist", async () => {
    const { engine, token } = await oneNotification();
    const id = '666c0dfa0b55d0f06f4aaa6c';
    const { status, body } = await act(engine, token, 'read', id);
    expect(status).toBe(404);
    expect(body.message).toBe(`Notification with id: ${id} is not found.`);
  });

  it('should update the read status', async () => {
    const { engine, token, id } = await oneNotification();
    const { status, body } = await act(engine, token, 'read', id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ isRead: true, isSeen: true, isArchived: false });
    expect(body.data.readAt).toEqual(expect.any(String));
    expect(body.data).not.toHaveProperty('archivedAt');
  });

  it('should update the unread status (an unread also unarchives)', async () => {
    const { engine, token, id } = await oneNotification();
    await act(engine, token, 'archive', id);
    const { status, body } = await act(engine, token, 'unread', id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      isRead: false,
      isSeen: true,
      isArchived: false,
      readAt: null,
      archivedAt: null,
    });
  });

  it('should update the archived status', async () => {
    const { engine, token, id } = await oneNotification();
    const { status, body } = await act(engine, token, 'archive', id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ isRead: true, isSeen: true, isArchived: true });
    expect(body.data.readAt).toEqual(expect.any(String));
    expect(body.data.archivedAt).toEqual(expect.any(String));
  });

  it('should update the unarchived status', async () => {
    const { engine, token, id } = await oneNotification();
    await act(engine, token, 'archive', id);
    const { status, body } = await act(engine, token, 'unarchive', id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ isRead: true, isArchived: false, archivedAt: null });
    expect(body.data.readAt).toEqual(expect.any(String));
  });

  it('should update the snoozed status (a snooze marks the notification seen)', async () => {
    const { engine, token, id } = await oneNotification();
    const snoozeUntil = new Date(engine.clock.now() + 60 * 60 * 1000).toISOString();
    const { status, body } = await act(engine, token, 'snooze', id, { snoozeUntil });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ isSnoozed: true, snoozedUntil: snoozeUntil, isSeen: true });
  });

  it('should update the unsnoozed status', async () => {
    const { engine, token, id } = await oneNotification();
    const snoozeUntil = new Date(engine.clock.now() + 60 * 60 * 1000).toISOString();
    await act(engine, token, 'snooze', id, { snoozeUntil });
    const { status, body } = await act(engine, token, 'unsnooze', id);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ isSnoozed: false, isSeen: true });
    expect(body.data).not.toHaveProperty('snoozedUntil');
  });
});

describe('snooze-unsnooze-notification.e2e.ts', () => {
  it('should handle attempting to unsnooze a notification that is not snoozed', async () => {
    const { engine, token, id } = await oneNotification();
    const { status, body } = await act(engine, token, 'unsnooze', id);
    expect(status).toBe(404);
    expect(body.message).toBe(
      `Could not find a snoozed notification with id '${id}'. The notification may not exist or may not be in a snoozed state.`,
    );
    const [listed] = (await listOf(engine, token)).data;
    expect(listed?.['deliveredAt']).toHaveLength(1);
  });

  it('should reject snooze with invalid date, and beyond the tier limit', async () => {
    const { engine, token, id } = await oneNotification();
    const past = new Date(engine.clock.now() - 60 * 60 * 1000).toISOString();
    expect((await act(engine, token, 'snooze', id, { snoozeUntil: past })).status).toBe(422);
    const far = new Date(engine.clock.now() + 180 * 24 * 60 * 60 * 1000).toISOString();
    expect((await act(engine, token, 'snooze', id, { snoozeUntil: far })).status).toBe(402);
  });

  it('should ensure notifications can only be snoozed by their owner', async () => {
    const { engine, id } = await oneNotification();
    const other = await sessionOf(engine, 'grace');
    const snoozeUntil = new Date(engine.clock.now() + 60 * 60 * 1000).toISOString();
    expect((await act(engine, other, 'snooze', id, { snoozeUntil })).status).toBe(404);
  });
});

describe('update-notification-action.e2e.ts', () => {
  it('should throw bad request error when the notification id is not mongo id', async () => {
    const { engine, token } = await oneNotification();
    const { status, body } = await act(engine, token, 'complete', 'fake', {
      actionType: 'primary',
    });
    expect(status).toBe(422);
    expect(body.errors.notificationId.messages[0]).toBe('notificationId must be a mongodb id');
  });

  for (const type of ['primary', 'secondary'] as const) {
    it(`should throw bad request error when the action cannot be performed on the ${type} button`, async () => {
      const { engine, token, id } = await oneNotification('plain');
      const { status, body } = await act(engine, token, 'complete', id, { actionType: type });
      expect(status).toBe(400);
      expect(body.message).toBe(
        `Could not perform action on the ${type} button because it does not exist.`,
      );
    });
  }

  it('should update the primary and the secondary action status', async () => {
    const { engine, token, id } = await oneNotification();
    const primary = await act(engine, token, 'complete', id, { actionType: 'primary' });
    expect(primary.body.data.primaryAction.isCompleted).toBe(true);
    expect(primary.body.data.secondaryAction.isCompleted).toBe(false);
    const secondary = await act(engine, token, 'complete', id, { actionType: 'secondary' });
    expect(secondary.body.data.primaryAction.isCompleted).toBe(false);
    expect(secondary.body.data.secondaryAction.isCompleted).toBe(true);
  });
});

describe('delete-notifications.e2e.ts', () => {
  it('a malformed id fails the delete command under its field', async () => {
    const { engine, token } = await oneNotification();
    const { status, body } = await inbox(engine, 'notifications.delete', {
      token,
      params: { notificationId: 'fake' },
    });
    expect(status).toBe(422);
    expect(body.message).toBe(
      'Validation failed for DeleteNotificationCommand: notificationId: notificationId must be a mongodb id',
    );
  });
});

describe('get-notifications.e2e.ts', () => {
  it('should validate that the offset is greater or equals to zero, and the after cursor', async () => {
    const { engine, token } = await oneNotification();
    const offset = await inbox(engine, 'notifications.list', { token, query: 'limit=1&offset=-1' });
    expect(offset.status).toBe(422);
    expect(offset.body.errors.general.messages[0]).toBe('offset must not be less than 0');
    const after = await inbox(engine, 'notifications.list', {
      token,
      query: 'limit=1&after=after',
    });
    expect(after.status).toBe(422);
    expect(after.body.errors.general.messages[0]).toBe(
      'The after cursor must be a valid MongoDB ObjectId',
    );
  });

  it('should include fields from message entity: `to` as the mapper reads it, unset dates left out', async () => {
    const { engine, token } = await oneNotification();
    const [notification] = (await listOf(engine, token)).data;
    const ada = engine.operations['subscribers.retrieve'](engine.scope('Development'), {
      params: { subscriberId: 'ada' },
    });
    expect(notification?.['to']).toStrictEqual({
      id: ada._id,
      subscriberId: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    for (const key of ['readAt', 'firstSeenAt', 'archivedAt', 'snoozedUntil']) {
      expect(notification, key).not.toHaveProperty(key);
    }
  });

  it('a `data` filter that is not JSON is refused as the usecase does', async () => {
    const { engine, token } = await oneNotification();
    const answer = await inbox(engine, 'notifications.list', { token, query: 'data=%7Bnope' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Invalid JSON format for data parameter');
  });
});

describe('get-notifications-count.e2e.ts', () => {
  const count = (engine: MockEngine, token: string, filters: unknown[]) =>
    inbox(engine, 'notifications.count', {
      token,
      query: `filters=${encodeURIComponent(JSON.stringify(filters))}`,
    });

  it('should throw exception when filtering for unread and archived notifications', async () => {
    const { engine, token } = await oneNotification();
    const { status, body } = await count(engine, token, [{ read: false, archived: true }]);
    expect(status).toBe(400);
    expect(body.message).toBe('Filtering for unread and archived notifications is not supported.');
  });

  it('should return notification counts for multiple filters, each echoed as given', async () => {
    const engine = engineWith();
    const tagged = { ...PLAIN, workflowId: 'tagged', tags: ['hello'] };
    engine.seed({ workflows: [tagged] });
    for (const workflow of ['plain', 'plain', 'tagged', 'tagged', 'tagged', 'tagged']) {
      await trigger(engine, workflow, 'ada');
    }
    const token = await sessionOf(engine, 'ada');
    const { status, body } = await count(engine, token, [
      { tags: ['hello'] },
      { read: false },
      {},
      { read: true, archived: true },
    ]);
    expect(status).toBe(200);
    expect(body.data).toStrictEqual([
      { count: 4, filter: { tags: ['hello'] } },
      { count: 6, filter: { read: false } },
      { count: 6, filter: {} },
      { count: 0, filter: { read: true, archived: true } },
    ]);
  });

  it('echoes each filter as given: `tags` stays a flat list', async () => {
    const { engine, token } = await oneNotification();
    const filters = JSON.stringify([{ tags: ['a', 'b'] }, { tags: [['a'], ['b']] }]);
    const answer = await inbox(engine, 'notifications.count', {
      token,
      query: `filters=${encodeURIComponent(filters)}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((entry: { filter: unknown }) => entry.filter)).toStrictEqual([
      { tags: ['a', 'b'] },
      { tags: [['a'], ['b']] },
    ]);
  });
});

describe('update-preferences.e2e.ts', () => {
  const workflowPreference = async (engine: MockEngine, token: string) => {
    const list = await inbox(engine, 'preferences.list', { token });
    return list.body.data.find(
      (entry: { workflow?: { identifier: string } }) =>
        entry.workflow?.identifier === 'two-channels',
    );
  };

  it("should unset the subscriber's workflow preference for the specified channels when the global preference is updated", async () => {
    const engine = engineWith();
    const token = await sessionOf(engine, 'ada');
    const updated = await inbox(engine, 'preferences.updateWorkflow', {
      token,
      params: { workflowId: 'two-channels' },
      body: { email: false, in_app: false },
    });
    expect(updated.body.data.channels).toStrictEqual({ in_app: false, email: false });
    const global = await inbox(engine, 'preferences.update', { token, body: { email: true } });
    expect(global.status).toBe(200);
    expect(global.body.data.channels).toMatchObject({ email: true, in_app: true });
    expect((await workflowPreference(engine, token)).channels).toStrictEqual({
      in_app: false,
      email: true,
    });
  });

  it('the next trigger follows the global choice once the override is cleared', async () => {
    const engine = engineWith();
    const token = await sessionOf(engine, 'ada');
    await inbox(engine, 'preferences.updateWorkflow', {
      token,
      params: { workflowId: 'two-channels' },
      body: { in_app: false },
    });
    await inbox(engine, 'preferences.update', { token, body: { in_app: true } });
    await trigger(engine, 'two-channels', 'ada');
    expect((await listOf(engine, token)).data).toHaveLength(1);
  });

  it('should throw error when non-existing workflow id is passed (today: id or identifier, 404)', async () => {
    const engine = engineWith();
    const token = await sessionOf(engine, 'ada');
    for (const id of ['666c0dfa0b55d0f06f4aaa6c', '1234']) {
      const answer = await inbox(engine, 'preferences.updateWorkflow', {
        token,
        params: { workflowId: id },
        body: { email: true },
      });
      expect(answer.status, id).toBe(404);
      expect(answer.body.message, id).toBe('Workflow cannot be found');
    }
  });

  it('should throw error when tried to update a critical workflow', async () => {
    const engine = engineWith();
    const token = await sessionOf(engine, 'ada');
    const answer = await inbox(engine, 'preferences.updateWorkflow', {
      token,
      params: { workflowId: 'critical' },
      body: { email: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Critical workflow with id: \w+ can not be updated$/);
  });
});

describe('mark-notifications-as-seen.e2e.ts', () => {
  const seen = (engine: MockEngine, token: string, body: unknown) =>
    inbox(engine, 'notifications.markAsSeen', { token, body });

  it('should prioritize notificationIds over filters when both are provided', async () => {
    const engine = engineWith();
    for (let round = 0; round < 3; round++) await trigger(engine, 'plain', 'ada');
    const token = await sessionOf(engine, 'ada');
    const [first] = (await listOf(engine, token)).data;
    const answer = await seen(engine, token, { notificationIds: [first?.id], tags: ['some-tag'] });
    expect(answer.status).toBe(204);
    const flags = (await listOf(engine, token)).data.map((notification) => notification['isSeen']);
    expect(flags).toStrictEqual([true, false, false]);
  });

  it('should throw validation error for invalid notification IDs, and non-array ids or tags', async () => {
    const { engine, token } = await oneNotification('plain');
    for (const body of [
      { notificationIds: ['invalid-id', 'another-invalid'] },
      { notificationIds: 'not-an-array' },
      { tags: 'not-an-array' },
    ]) {
      const answer = await seen(engine, token, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.message).toContain('Validation Error');
    }
  });

  it('should throw validation error for invalid JSON data', async () => {
    const { engine, token } = await oneNotification('plain');
    const answer = await seen(engine, token, { data: 'invalid-json-{' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('Invalid JSON format for data parameter');
  });

  it('should handle non-existent notification IDs gracefully', async () => {
    const { engine, token } = await oneNotification('plain');
    const answer = await seen(engine, token, { notificationIds: ['507f1f77bcf86cd799439011'] });
    expect(answer.status).toBe(204);
  });
});
