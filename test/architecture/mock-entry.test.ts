// `@svc/api/mock` exports what an app's tests call (the engine, the fetch handler, the demo seed,
// `ServiceError`, the seed schemas) and the types those calls take and return; the engine's
// modules, limits and records stay inside the package (issue 35 item 8). A name added to the entry
// is a public API decision: add it here, with a changeset.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mockEntry from '../../mock-server/index';

const root = join(import.meta.dirname, '..', '..');

/** The names `mock-server/index.ts` re-exports, from its `export { … } from` lists. */
function exportedNames(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  expect(text, `${file} re-exports a whole module`).not.toMatch(/export \*/);
  return [...text.matchAll(/export (?:type )?\{([^}]*)\} from '[^']+';/g)]
    .flatMap((match) => (match[1] as string).split(','))
    .map((name) => name.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .sort();
}

const VALUES = [
  'ServiceError',
  'WorkflowSeed',
  'WorkflowStepSeed',
  'createFetchHandler',
  'createMockEngine',
  'demoSeed',
];

const TYPES = [
  'BridgeCallExchange',
  'BridgeOptions',
  'DeliveryReportInput',
  'DeliveryWebhookResultDto',
  'EngineClock',
  'EngineEvent',
  'EngineEventListener',
  'EngineEvents',
  'EngineFaults',
  'EngineInbox',
  'EngineOperations',
  'EngineScope',
  'EngineSnapshot',
  'EnvironmentRecord',
  'EnvironmentScope',
  'FaultInput',
  'FaultMatch',
  'FaultRespond',
  'FaultView',
  'FetchHandler',
  'FetchHandlerOptions',
  'InboxAction',
  'InboxChange',
  'InboxChangeListener',
  'InboxNotification',
  'InboxRedirect',
  'InboxSession',
  'InboxSeverity',
  'InboxSocketMessage',
  'InboxSubscriber',
  'InboxWorkflow',
  'MistakeHints',
  'MockEngine',
  'MockEngineOptions',
  'OperationCall',
  'OperationName',
  'OperationRequest',
  'OperationResponse',
  'OrganizationRecord',
  'Outbox',
  'OutboxFilter',
  'OutboxMessage',
  'OutboxPage',
  'PendingTask',
  'PipelineOptions',
  'ProviderChannel',
  'ProviderFailureInput',
  'RateLimitCategory',
  'RateLimitOptions',
  'RateLimitPlan',
  'ResetOptions',
  'RetentionOptions',
  'SchedulingClock',
  'SeedData',
  'SettleOptions',
  'TaskHandle',
  'TriggerExchange',
  'UnreadCount',
  'WorkflowSeedInput',
  'WorkflowStepSeedInput',
];

describe('the @svc/api/mock entry', () => {
  it('exports the engine, the fetch handler and the types of their calls, nothing else', () => {
    expect(exportedNames('mock-server/index.ts')).toEqual([...VALUES, ...TYPES].sort());
  });

  it('has these run-time values', () => {
    expect(Object.keys(mockEntry).sort()).toEqual(VALUES);
  });
});
