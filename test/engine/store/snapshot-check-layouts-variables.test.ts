// Snapshots and data directories made before layouts and environment variables were records
// restore with none of them; a snapshot whose layouts or variables have the wrong shape is
// refused (mock-server/engine/store/snapshot-check.ts).
import { describe, expect, it } from 'vitest';
import {
  snapshotProblem,
  withCurrentShape,
} from '../../../mock-server/engine/store/snapshot-check';
import {
  createEnvironmentData,
  createState,
  type EngineState,
} from '../../../mock-server/engine/store/state';

const owner = { organizationId: 'org-1', environmentIds: ['env-1'] };

function validState(): EngineState {
  const state = createState();
  state.organizations.set('org-1', { _id: 'org-1', name: 'Acme', createdAt: 'now' });
  state.environments.set('env-1', {
    _id: 'env-1',
    _organizationId: 'org-1',
    name: 'Development',
    identifier: 'dev',
    apiKey: 'key-1',
    createdAt: 'now',
  });
  state.apiKeys.set('key-1', 'env-1');
  state.data.set('env-1', createEnvironmentData());
  return state;
}

const raw = (value: object) => value as unknown as Record<string, unknown>;

describe('snapshotProblem: layouts and environment variables', () => {
  it('takes a state saved before them, and gives it empty maps', () => {
    const state = validState();
    delete raw(state)['environmentVariables'];
    delete raw(state.data.get('env-1') as object)['layouts'];
    expect(snapshotProblem(state, owner)).toBeUndefined();
    const current = withCurrentShape(state);
    expect(current.environmentVariables).toEqual(new Map());
    expect(current.data.get('env-1')?.layouts).toEqual(new Map());
  });

  it('refuses layouts that are not a map of records', () => {
    const state = validState();
    raw(state.data.get('env-1') as object)['layouts'] = [];
    expect(snapshotProblem(state, owner)).toBe('data of environment env-1.layouts is not a map');
    const holding = validState();
    raw(holding.data.get('env-1') as object)['layouts'] = new Map([['brand', { name: 'x' }]]);
    expect(snapshotProblem(holding, owner)).toBe(
      'data of environment env-1.layouts holds an item that is not a record with an _id',
    );
  });

  it('refuses environment variables that are not a map of variable records', () => {
    const state = validState();
    raw(state)['environmentVariables'] = [];
    expect(snapshotProblem(state, owner)).toBe('environmentVariables is not a map');
    const holding = validState();
    raw(holding)['environmentVariables'] = new Map([['v', { _id: 'v' }]]);
    expect(snapshotProblem(holding, owner)).toBe(
      'environmentVariables holds an item that is not a variable record',
    );
  });
});
