import { describe, expect, it } from 'vitest';
import {
  TriggerBody,
  TriggerRecipient,
  TriggerResponse,
  TriggerTenant,
} from '../../src/schemas/event';
import { BulkTriggerResponse, BulkTriggerResult } from '../../src/schemas/event-batch';
import { issuePaths, parses } from './helpers';

describe('TriggerBody', () => {
  it('accepts every recipient form', () => {
    const good = [
      { name: 'welcome', to: 'user-123' },
      { name: 'welcome', to: { subscriberId: 'user-123', email: 'john@example.com' } },
      { name: 'welcome', to: { type: 'Topic', topicKey: 'product-updates', exclude: ['u1'] } },
      {
        name: 'welcome',
        to: [
          'user-1',
          {
            subscriberId: 'user-2',
            firstName: 'Jane',
            data: { plan: 'pro' },
            channels: [{ providerId: 'fcm', credentials: { deviceTokens: ['t'] } }],
          },
          { type: 'Topic', topicKey: 'beta' },
        ],
        payload: { postId: 1, nested: { a: [1] } },
        overrides: { email: { integrationIdentifier: 'sendgrid-1' } },
        transactionId: 'txn-1',
        actor: { subscriberId: 'admin', avatar: 'https://example.com/a.png' },
        tenant: { identifier: 'acme', name: 'Acme', data: { region: 'eu' } },
        context: { tenant: 'org-acme', project: { id: 'p1', data: { x: 1 } } },
      },
      { name: 'welcome', to: 'u', actor: 'admin', tenant: 'acme' },
    ];
    for (const body of good) expect(issuePaths(TriggerBody, body)).toEqual([]);
  });

  it("requires a string name (an empty one is the service's workflow_not_found, not a 422)", () => {
    expect(issuePaths(TriggerBody, { to: 'u' })).toEqual(['name']);
    expect(issuePaths(TriggerBody, { name: 5, to: 'u' })).toEqual(['name']);
    expect(issuePaths(TriggerBody, { name: '', to: 'u' })).toEqual([]);
  });

  it('requires to, and leaves what it holds to the run (invalid_recipients, not a 422)', () => {
    expect(issuePaths(TriggerBody, { name: 'welcome' })).toEqual(['to']);
    expect(issuePaths(TriggerBody, { name: 'welcome', to: null })).toEqual(['to']);
    expect(issuePaths(TriggerBody, { name: 'welcome', to: 42 })).toEqual([]);
    expect(issuePaths(TriggerBody, { name: 'welcome', to: [{ subscriberId: '' }] })).toEqual([]);
  });

  it('checks actor and tenant only as far as the service does', () => {
    expect(issuePaths(TriggerBody, { name: 'w', to: 'u', actor: { email: 'a@b.co' } })).toEqual([
      'actor',
    ]);
    expect(issuePaths(TriggerBody, { name: 'w', to: 'u', actor: { subscriberId: 'a' } })).toEqual(
      [],
    );
    expect(issuePaths(TriggerBody, { name: 'w', to: 'u', tenant: ['acme'] })).toEqual(['tenant']);
  });

  it("checks context by the service's rules: structure, ids, count, data size", () => {
    const body = (context: unknown) => ({ name: 'w', to: 'u', context });
    expect(issuePaths(TriggerBody, body({ tenant: 'org-acme', p: { id: 'p_1' } }))).toEqual([]);
    expect(issuePaths(TriggerBody, body({ tenant: 'org acme' }))).toEqual(['context']);
    expect(issuePaths(TriggerBody, body({}))).toEqual(['context']);
    expect(issuePaths(TriggerBody, body({ p: { id: 'p', data: 'x' } }))).toEqual(['context']);
    expect(issuePaths(TriggerBody, body({ p: 'x'.repeat(101) }))).toEqual(['context']);
    const six = { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' };
    expect(issuePaths(TriggerBody, body(six))).toEqual(['context']);
    const large = { p: { id: 'p', data: { text: 'x'.repeat(64 * 1024) } } };
    expect(issuePaths(TriggerBody, body(large))).toEqual(['context']);
  });

  it('rejects a bad payload, tenant and oversized context', () => {
    expect(issuePaths(TriggerBody, { name: 'w', to: 'u', payload: 'x' })).toEqual(['payload']);
    expect(issuePaths(TriggerBody, { name: 'w', to: 'u', tenant: 1 })).toEqual(['tenant']);
    const context = { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' };
    expect(issuePaths(TriggerBody, { name: 'w', to: 'u', context })).toEqual(['context']);
  });

  it('recipient and tenant parts', () => {
    expect(parses(TriggerRecipient, '')).toBe(false);
    expect(parses(TriggerRecipient, { type: 'Topic' })).toBe(false);
    expect(parses(TriggerRecipient, { subscriberId: 'x', channels: [{ providerId: 'x' }] })).toBe(
      false,
    );
    expect(parses(TriggerTenant, 'acme')).toBe(true);
  });
});

describe('TriggerResponse', () => {
  it('parses the processed response with extra fields', () => {
    const result = TriggerResponse.safeParse({
      acknowledged: true,
      status: 'processed',
      transactionId: 'b7c4a2e0-8f1d-4c2a-9a51-0d2f3c4b5a69',
      activityFeedLink: 'https://dashboard.svc.co/env/e/activity/requests?selectedLogId=r',
    });
    expect(result.success).toBe(true);
    expect(result.data?.['activityFeedLink']).toContain('activity');
  });
  it('parses an error and an unknown status, each with its transactionId', () => {
    const transactionId = 'txn-1';
    expect(
      parses(TriggerResponse, {
        acknowledged: true,
        status: 'error',
        error: ['transactionId property is not unique'],
        transactionId,
      }),
    ).toBe(true);
    expect(
      parses(TriggerResponse, {
        acknowledged: true,
        status: 'subscriber_id_missing',
        transactionId,
      }),
    ).toBe(true);
    expect(issuePaths(TriggerResponse, { status: 'processed', transactionId })).toEqual([
      'acknowledged',
    ]);
  });

  it('requires the transactionId the service always sends (issue 27)', () => {
    expect(issuePaths(TriggerResponse, { acknowledged: true, status: 'processed' })).toEqual([
      'transactionId',
    ]);
  });
});

describe('BulkTriggerResponse', () => {
  it('takes an event that failed without a transactionId, next to answered ones', () => {
    expect(
      parses(BulkTriggerResponse, [
        { acknowledged: true, status: 'processed', transactionId: 'txn-1' },
        { acknowledged: true, status: 'error', error: ['workflow_not_found'] },
      ]),
    ).toBe(true);
    expect(parses(BulkTriggerResult, { acknowledged: true, status: 'error', error: ['x'] })).toBe(
      true,
    );
  });
});
