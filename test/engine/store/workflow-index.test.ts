// The derived workflow indexes directly (mock-server/engine/store/workflow-index.ts): lookups by
// `workflowId` and `_id`, the list's sort orders with their `_id` tie-break, and what
// `workflowsChanged` drops (everything, or one sort field's order only).
import { describe, expect, it } from 'vitest';
import {
  createEnvironmentData,
  type EnvironmentData,
  type WorkflowRecord,
} from '../../../mock-server/engine/store/state';
import {
  workflowByObjectId,
  workflowByWorkflowId,
  workflowsChanged,
  workflowsInOrder,
} from '../../../mock-server/engine/store/workflow-index';

function workflow(
  _id: string,
  workflowId: string,
  fields: Partial<WorkflowRecord> = {},
): WorkflowRecord {
  return {
    _id,
    _environmentId: 'env',
    _organizationId: 'org',
    workflowId,
    name: workflowId,
    tags: [],
    active: true,
    status: 'ACTIVE',
    origin: 'external',
    steps: [],
    payloadSchema: null,
    validatePayload: false,
    severity: 'none',
    critical: false,
    isTranslationEnabled: false,
    preferences: {},
    lastTriggeredAt: null,
    lastPublishedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

function environment(...workflows: WorkflowRecord[]): EnvironmentData {
  const data = createEnvironmentData();
  data.workflows.push(...workflows);
  return data;
}

const ids = (workflows: readonly WorkflowRecord[]) => workflows.map((item) => item._id);

describe('workflow lookups', () => {
  it('find a workflow by workflowId and by _id; unknown ones answer undefined', () => {
    const welcome = workflow('01', 'welcome');
    const digest = workflow('02', 'digest');
    const data = environment(welcome, digest);
    expect(workflowByWorkflowId(data, 'welcome')).toBe(welcome);
    expect(workflowByWorkflowId(data, 'digest')).toBe(digest);
    expect(workflowByWorkflowId(data, 'nope')).toBeUndefined();
    expect(workflowByObjectId(data, '02')).toBe(digest);
    expect(workflowByObjectId(data, '01')).toBe(welcome);
    expect(workflowByObjectId(data, '03')).toBeUndefined();
  });

  it('answer the first stored workflow of a repeated workflowId, as a scan would', () => {
    const first = workflow('02', 'welcome');
    const second = workflow('01', 'welcome');
    const third = workflow('03', 'welcome');
    const data = environment(first, second, third);
    expect(workflowByWorkflowId(data, 'welcome')).toBe(first);
    expect(workflowByObjectId(data, '01')).toBe(second);
    expect(workflowByObjectId(data, '03')).toBe(third);
  });

  it('see a workflow added without workflowsChanged (the count changed)', () => {
    const data = environment(workflow('01', 'welcome'));
    expect(workflowByWorkflowId(data, 'digest')).toBeUndefined();
    const digest = workflow('02', 'digest');
    data.workflows.push(digest);
    expect(workflowByWorkflowId(data, 'digest')).toBe(digest);
    expect(workflowByObjectId(data, '02')).toBe(digest);
  });

  it('are kept until workflowsChanged(data): a same-count replacement shows after it', () => {
    const data = environment(workflow('01', 'welcome'), workflow('02', 'digest'));
    expect(workflowByWorkflowId(data, 'welcome')?._id).toBe('01');
    const renamed = workflow('03', 'renamed');
    data.workflows[0] = renamed;
    expect(workflowByWorkflowId(data, 'renamed')).toBeUndefined();
    expect(workflowByObjectId(data, '03')).toBeUndefined();
    workflowsChanged(data, 'name');
    expect(workflowByWorkflowId(data, 'renamed')).toBeUndefined();
    workflowsChanged(data);
    expect(workflowByWorkflowId(data, 'renamed')).toBe(renamed);
    expect(workflowByObjectId(data, '03')).toBe(renamed);
    expect(workflowByWorkflowId(data, 'welcome')).toBeUndefined();
    expect(workflowByObjectId(data, '01')).toBeUndefined();
  });

  it('belong to the workflows array: a new array (restored state) has its own', () => {
    const data = environment(workflow('01', 'welcome'));
    expect(workflowByWorkflowId(data, 'welcome')?._id).toBe('01');
    data.workflows = [workflow('05', 'welcome')];
    expect(workflowByWorkflowId(data, 'welcome')?._id).toBe('05');
  });
});

describe('workflowsInOrder', () => {
  it('sorts ascending by the field, ties broken by ascending _id whatever the storage order', () => {
    const data = environment(
      workflow('05', 'e', { name: 'Same' }),
      workflow('01', 'a', { name: 'Same' }),
      workflow('04', 'd', { name: 'Same' }),
      workflow('02', 'b', { name: 'Same' }),
      workflow('03', 'c', { name: 'Same' }),
      workflow('06', 'f', { name: 'Alpha' }),
      workflow('00', 'g', { name: 'Zulu' }),
    );
    expect(ids(workflowsInOrder(data, 'name'))).toEqual(['06', '01', '02', '03', '04', '05', '00']);
  });

  it('orders by createdAt, updatedAt and lastTriggeredAt; never triggered comes first', () => {
    const data = environment(
      workflow('01', 'a', {
        createdAt: '2026-01-03T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        lastTriggeredAt: '2026-02-01T00:00:00.000Z',
      }),
      workflow('02', 'b', {
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-05T00:00:00.000Z',
        lastTriggeredAt: null,
      }),
      workflow('03', 'c', {
        createdAt: '2026-01-02T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
        lastTriggeredAt: '2026-01-15T00:00:00.000Z',
      }),
    );
    expect(ids(workflowsInOrder(data, 'createdAt'))).toEqual(['02', '03', '01']);
    expect(ids(workflowsInOrder(data, 'updatedAt'))).toEqual(['01', '03', '02']);
    expect(ids(workflowsInOrder(data, 'lastTriggeredAt'))).toEqual(['02', '03', '01']);
  });

  it('is kept per field until workflowsChanged drops that field or everything', () => {
    const a = workflow('01', 'a', { name: 'A' });
    const b = workflow('02', 'b', { name: 'B', lastTriggeredAt: '2026-01-02T00:00:00.000Z' });
    const data = environment(a, b);
    const byName = workflowsInOrder(data, 'name');
    const byTrigger = workflowsInOrder(data, 'lastTriggeredAt');
    expect(ids(byTrigger)).toEqual(['01', '02']);
    expect(workflowsInOrder(data, 'name')).toBe(byName);
    expect(workflowsInOrder(data, 'lastTriggeredAt')).toBe(byTrigger);

    a.lastTriggeredAt = '2026-01-03T00:00:00.000Z';
    b.name = 'C';
    expect(ids(workflowsInOrder(data, 'lastTriggeredAt'))).toEqual(['01', '02']);
    workflowsChanged(data, 'lastTriggeredAt');
    expect(ids(workflowsInOrder(data, 'lastTriggeredAt'))).toEqual(['02', '01']);
    expect(workflowsInOrder(data, 'name')).toBe(byName);

    a.name = 'D';
    workflowsChanged(data);
    expect(ids(workflowsInOrder(data, 'name'))).toEqual(['02', '01']);
    expect(workflowsInOrder(data, 'name')).not.toBe(byName);
  });

  it('does not see a workflow added without workflowsChanged, then does after it', () => {
    const data = environment(workflow('02', 'b'));
    expect(ids(workflowsInOrder(data, 'createdAt'))).toEqual(['02']);
    data.workflows.push(workflow('01', 'a'));
    expect(ids(workflowsInOrder(data, 'createdAt'))).toEqual(['02']);
    workflowsChanged(data);
    expect(ids(workflowsInOrder(data, 'createdAt'))).toEqual(['01', '02']);
  });
});
