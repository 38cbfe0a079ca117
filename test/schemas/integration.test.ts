import { describe, expect, it } from 'vitest';
import { Integration, IntegrationCreateBody } from '../../src/schemas/integration';
import { StepFilter, StepFilterInput } from '../../src/schemas/step-filter';
import { ids, issuePaths, parses, ts } from './helpers';

const filter = {
  isNegated: false,
  type: 'GROUP',
  value: 'AND',
  children: [{ field: 'tier', value: 'gold', operator: 'EQUAL', on: 'subscriber' }],
};

const integration = {
  _id: '64da692e9a94fb2e6449ad10',
  _environmentId: ids.env,
  _organizationId: ids.org,
  name: 'SendGrid',
  identifier: 'sendgrid-XyZ12ab_c',
  providerId: 'sendgrid',
  channel: 'email',
  credentials: { apiKey: 'SG.xxx', from: 'no-reply@example.com', senderName: 'Acme', port: '587' },
  configurations: { inboundWebhookEnabled: false },
  active: true,
  deleted: false,
  primary: true,
  priority: 1,
  conditions: [filter],
  createdAt: ts,
  updatedAt: ts,
};

describe('Integration', () => {
  it('parses a realistic integration', () => {
    expect(parses(Integration, integration)).toBe(true);
  });
  it('tolerates unknown channel, provider, kind and credential keys', () => {
    expect(
      parses(Integration, {
        ...integration,
        channel: 'carrier_pigeon',
        providerId: 'brand-new-provider',
        kind: 'agent',
        credentials: { tenantId: 't' },
      }),
    ).toBe(true);
  });
  it('requires the spec-required fields', () => {
    const { primary: _p, ...rest } = integration;
    expect(issuePaths(Integration, rest)).toEqual(['primary']);
  });
  it('tolerates a missing credentials object (the real service omits it for API keys)', () => {
    const { credentials: _c, ...rest } = integration;
    expect(parses(Integration, rest)).toBe(true);
  });
});

describe('StepFilter', () => {
  it('response form accepts unknown operators', () => {
    expect(
      parses(StepFilter, {
        ...filter,
        type: 'NEW_TYPE',
        children: [{ field: 'a', value: 'b', operator: 'REGEX', on: 'context' }],
      }),
    ).toBe(true);
  });
  it('input form rejects unknown operators', () => {
    expect(parses(StepFilterInput, filter)).toBe(true);
    expect(
      issuePaths(StepFilterInput, {
        ...filter,
        children: [{ field: 'a', value: 'b', operator: 'REGEX', on: 'payload' }],
      }),
    ).toEqual(['children.0.operator']);
  });
});

describe('IntegrationCreateBody', () => {
  it('accepts a minimal and a full body', () => {
    expect(parses(IntegrationCreateBody, { providerId: 'sendgrid', channel: 'email' })).toBe(true);
    expect(
      parses(IntegrationCreateBody, {
        name: 'Twilio',
        identifier: 'twilio-main',
        providerId: 'twilio',
        channel: 'sms',
        credentials: { accountSid: 'AC1', token: 't', from: '+15550000' },
        active: true,
        check: false,
        conditions: [filter],
        configurations: { inboundWebhookEnabled: true },
      }),
    ).toBe(true);
  });
  it('requires providerId and a known channel', () => {
    expect(issuePaths(IntegrationCreateBody, { channel: 'email' })).toEqual(['providerId']);
    expect(issuePaths(IntegrationCreateBody, { providerId: 'x' })).toEqual(['channel']);
    expect(issuePaths(IntegrationCreateBody, { providerId: 'x', channel: 'fax' })).toEqual([
      'channel',
    ]);
  });
});
