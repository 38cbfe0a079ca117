import { describe, expect, it } from 'vitest';
import { WorkflowListQuery, WorkflowListResponse } from '../../src/schemas/workflow-list';
import {
  WorkflowStepResponse,
  WorkflowSyncBody,
  WorkflowSyncResponse,
} from '../../src/schemas/workflow-response';
import {
  EmailControlValues,
  InAppControlValues,
  UiSchemaProperty,
} from '../../src/schemas/workflow-step-controls';
import {
  DelayScheduledMetadata,
  DigestTimedMetadata,
} from '../../src/schemas/workflow-step-metadata';
import { ids, issuePaths, parses, ts } from './helpers';

const listItem = {
  _id: '64da692e9a94fb2e6449ad30',
  workflowId: 'welcome-email',
  slug: 'welcome-email_wf_AbC1Xyz9KlmNOpQr',
  name: 'Welcome email',
  tags: ['onboarding'],
  status: 'ACTIVE',
  origin: 'svc-cloud',
  lastTriggeredAt: null,
  lastPublishedAt: ts,
  lastPublishedBy: { _id: 'u1', firstName: 'Ada', lastName: null, externalId: null },
  updatedBy: { _id: 'u1' },
  isTranslationEnabled: false,
  stepTypeOverviews: ['in_app', 'email'],
  steps: [
    { slug: 'in-app_st_AbC1Xyz9KlmNOpQr', type: 'in_app' },
    {
      slug: 'email_st_AbC1Xyz9KlmNOpQs',
      type: 'email',
      issues: {
        controls: { subject: [{ issueType: 'MISSING_VALUE', message: 'Subject is required' }] },
        integration: { email: [{ issueType: 'MISSING_INTEGRATION', message: 'No provider' }] },
      },
    },
  ],
  createdAt: ts,
  updatedAt: ts,
};

const step = {
  _id: '64da692e9a94fb2e6449ad50',
  stepId: 'in-app',
  name: 'In-App',
  slug: 'in-app_st_AbC1Xyz9KlmNOpQr',
  type: 'in_app',
  origin: 'svc-cloud',
  workflowId: 'welcome-email',
  workflowDatabaseId: '64da692e9a94fb2e6449ad30',
  controls: {
    dataSchema: { type: 'object' },
    uiSchema: {
      group: 'IN_APP',
      properties: {
        body: { component: 'IN_APP_BODY', placeholder: '' },
        primaryAction: {
          component: 'IN_APP_BUTTON_DROPDOWN',
          placeholder: null,
          properties: { label: { component: 'TEXT_INLINE_LABEL', placeholder: ['a', 1] } },
        },
      },
    },
    values: { body: 'Hello {{subscriber.firstName}}' },
  },
  controlValues: { body: 'Hello {{subscriber.firstName}}' },
  variables: { type: 'object', properties: {} },
};

const synced = {
  _id: '64da692e9a94fb2e6449ad31',
  workflowId: 'welcome-email',
  slug: 'welcome-email_wf_AbC1Xyz9KlmNOpQs',
  name: 'Welcome email',
  description: 'Sent on sign-up',
  tags: [],
  active: true,
  validatePayload: false,
  payloadSchema: null,
  isTranslationEnabled: false,
  steps: [step],
  origin: 'svc-cloud',
  preferences: { user: null, default: { all: { enabled: true, readOnly: false }, channels: {} } },
  status: 'ACTIVE',
  issues: {},
  lastTriggeredAt: null,
  payloadExample: null,
  severity: 'none',
  createdAt: ts,
  updatedAt: ts,
  lastPublishedAt: ts,
  lastPublishedBy: { _id: 'u1' },
};

describe('workflow responses', () => {
  it('parses a list response', () => {
    expect(issuePaths(WorkflowListResponse, { workflows: [listItem], totalCount: 1 })).toEqual([]);
  });
  it('parses a sync response with a step', () => {
    expect(issuePaths(WorkflowSyncResponse, synced)).toEqual([]);
    expect(parses(WorkflowStepResponse, step)).toBe(true);
  });
  it('tolerates new enum values and extra fields', () => {
    expect(
      parses(WorkflowListResponse, {
        workflows: [
          {
            ...listItem,
            status: 'ARCHIVED',
            origin: 'svc-agent',
            stepTypeOverviews: ['http_request'],
            steps: [{ slug: 's', type: 'http_request', issues: { controls: {} } }],
            extra: { a: 1 },
          },
        ],
        totalCount: 1,
      }),
    ).toBe(true);
    expect(
      parses(WorkflowSyncResponse, {
        ...synced,
        severity: 'critical',
        steps: [{ ...step, type: 'http_request', stepResolverHash: 'h' }],
      }),
    ).toBe(true);
    expect(parses(UiSchemaProperty, { component: 'NEW_COMPONENT' })).toBe(true);
  });
  it('names the missing field', () => {
    const { severity: _s, ...rest } = synced;
    expect(issuePaths(WorkflowSyncResponse, rest)).toEqual(['severity']);
    expect(issuePaths(UiSchemaProperty, { properties: { a: {} } }).sort()).toEqual([
      'component',
      'properties.a.component',
    ]);
  });
});

describe('step metadata and control values', () => {
  it('parses the metadata shapes', () => {
    expect(
      parses(DigestTimedMetadata, {
        type: 'timed',
        timed: { atTime: '09:00', weekDays: ['monday'], ordinal: 'last', monthlyType: 'on' },
      }),
    ).toBe(true);
    expect(issuePaths(DelayScheduledMetadata, { type: 'scheduled' })).toEqual(['delayPath']);
  });
  it('parses control values', () => {
    expect(
      parses(InAppControlValues, {
        subject: 'Hi',
        body: 'Welcome',
        avatar: '/avatar.png',
        primaryAction: { label: 'Open', redirect: { url: '/x', target: '_blank' } },
        redirect: { url: 'https://example.com' },
        skip: { and: [] },
      }),
    ).toBe(true);
    expect(parses(EmailControlValues, { subject: 'S', body: '<p/>', layoutId: null })).toBe(true);
    expect(issuePaths(EmailControlValues, { subject: 'S' })).toEqual(['body']);
  });
});

describe('workflow requests', () => {
  it('rejects a list limit over 100, as the service does', () => {
    expect(parses(WorkflowListQuery, { limit: 101 })).toBe(false);
  });

  it('accepts a valid list query', () => {
    expect(
      parses(WorkflowListQuery, {
        limit: 100,
        offset: 0,
        orderBy: 'lastTriggeredAt',
        orderDirection: 'DESC',
        query: 'welcome',
        tags: ['a'],
        status: ['ACTIVE', 'ERROR'],
      }),
    ).toBe(true);
  });
  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 1.5 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ orderBy: 'slug' }, 'orderBy'],
    [{ orderDirection: 'UP' }, 'orderDirection'],
    [{ status: ['DRAFT'] }, 'status.0'],
  ])('rejects %o', (query, path) => {
    expect(issuePaths(WorkflowListQuery, query)).toEqual([path]);
  });
  it('requires targetEnvironmentId', () => {
    expect(parses(WorkflowSyncBody, { targetEnvironmentId: ids.env })).toBe(true);
    expect(issuePaths(WorkflowSyncBody, {})).toEqual(['targetEnvironmentId']);
    expect(issuePaths(WorkflowSyncBody, { targetEnvironmentId: 1 })).toEqual([
      'targetEnvironmentId',
    ]);
  });
});
