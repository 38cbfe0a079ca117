import { describe, expect, it } from 'vitest';
import { MarkAsBody, Message } from '../../src/schemas/message';
import { ids, issuePaths, parses, ts } from './helpers';

const message = {
  _id: '64da692e9a94fb2e6449ad60',
  _templateId: '64da692e9a94fb2e6449ad30',
  _environmentId: ids.env,
  _messageTemplateId: null,
  _organizationId: ids.org,
  _notificationId: '64da692e9a94fb2e6449ad61',
  _subscriberId: ids.sub,
  templateIdentifier: 'welcome',
  createdAt: ts,
  deliveredAt: [ts],
  lastSeenDate: ts,
  lastReadDate: ts,
  content: [
    { type: 'text', content: 'Hello', styles: { textAlign: 'left' } },
    { type: 'button', content: 'Open', url: 'https://example.com' },
  ],
  transactionId: 'b7c4a2e0-8f1d-4c2a-9a51-0d2f3c4b5a69',
  subject: 'Welcome',
  channel: 'in_app',
  read: true,
  seen: true,
  providerId: 'svc',
  cta: {
    type: 'redirect',
    data: { url: '/welcome' },
    action: {
      status: 'done',
      buttons: [{ type: 'primary', content: 'Accept', resultContent: 'Accepted' }],
      result: { payload: { ok: true }, type: 'primary' },
    },
  },
  _feedId: null,
  status: 'sent',
  payload: { firstName: 'John' },
  overrides: {},
  template: {
    _id: '64da692e9a94fb2e6449ad30',
    name: 'Welcome',
    description: '',
    active: true,
    draft: false,
    preferenceSettings: { email: true, in_app: true },
    critical: false,
    tags: [],
    steps: [
      {
        _id: 's1',
        active: true,
        filters: [],
        metadata: { type: 'regular', amount: 5, unit: 'minutes', digestKey: 'postId' },
        variants: [{ _id: 'v1', metadata: { type: 'scheduled', delayPath: 'payload.at' } }],
      },
    ],
    _organizationId: ids.org,
    _creatorId: 'u1',
    _environmentId: ids.env,
    triggers: [{ type: 'event', identifier: 'welcome', variables: [{ name: 'firstName' }] }],
    _notificationGroupId: 'g1',
    deleted: false,
    deletedAt: '',
    deletedBy: '',
  },
};

describe('Message', () => {
  it('parses a realistic in-app message with its embedded workflow', () => {
    expect(issuePaths(Message, message)).toEqual([]);
  });
  it('tolerates new enum values and extra fields', () => {
    const result = Message.safeParse({
      ...message,
      channel: 'whatsapp',
      status: 'bounced',
      archived: false,
      cta: { type: 'open_url', action: { status: 'expired' } },
      content: 'plain text',
    });
    expect(result.success).toBe(true);
    expect(result.data?.['archived']).toBe(false);
  });
  it('requires cta and status', () => {
    const { cta: _c, status: _s, ...rest } = message;
    expect(issuePaths(Message, rest).sort()).toEqual(['cta', 'status']);
  });
});

describe('MarkAsBody', () => {
  it('accepts a single id or a non-empty array', () => {
    expect(parses(MarkAsBody, { messageId: 'a', markAs: 'read' })).toBe(true);
    for (const markAs of ['read', 'seen', 'unread', 'unseen']) {
      expect(parses(MarkAsBody, { messageId: ['a', 'b'], markAs })).toBe(true);
    }
  });
  it('rejects a bad markAs', () => {
    expect(issuePaths(MarkAsBody, { messageId: 'a', markAs: 'archived' })).toEqual(['markAs']);
    expect(issuePaths(MarkAsBody, { messageId: 'a' })).toEqual(['markAs']);
  });
  it('rejects a missing, empty or non-string messageId', () => {
    expect(issuePaths(MarkAsBody, { markAs: 'read' })).toEqual(['messageId']);
    expect(issuePaths(MarkAsBody, { messageId: [], markAs: 'read' })).toEqual(['messageId']);
    expect(issuePaths(MarkAsBody, { messageId: [1], markAs: 'read' })).toEqual(['messageId']);
  });
});
