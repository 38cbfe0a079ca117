// The service's 401 answers for the Authorization header (mock-server/engine/policy/auth.ts,
// docs/behaviour/cross-cutting.md#authentication), one per way a header can be wrong.
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../mock-server/engine/policy/auth';
import { createState, type EnvironmentRecord } from '../../../mock-server/engine/store/state';
import { serviceErrorOf } from '../helpers';

const state = createState();
const environment = { _id: 'env-1', name: 'Development' } as EnvironmentRecord;
state.environments.set('env-1', environment);
state.apiKeys.set('key-1', 'env-1');
state.apiKeys.set('key-of-nothing', 'env-gone');

const refusal = (header: string | null) => {
  const { status, message } = serviceErrorOf(() => authenticate(state, header));
  return { status, message };
};

describe('authenticate', () => {
  it('answers the environment of a known ApiKey, with spaces around the key', () => {
    expect(authenticate(state, 'ApiKey key-1')).toBe(environment);
    expect(authenticate(state, 'ApiKey   key-1  ')).toBe(environment);
  });

  it.each([
    [null, 'Missing authorization header'],
    ['', 'Missing authorization header'],
    ['Basic key-1', 'Invalid authentication scheme: "Basic"'],
    ['apikey key-1', 'Invalid authentication scheme: "apikey"'],
    ['key-1', 'Invalid authentication scheme: "key-1"'],
    ['ApiKey', 'Unauthorized'],
    ['ApiKey    ', 'Unauthorized'],
    ['Bearer', 'Unauthorized'],
    ['ApiKey key-2', 'API Key not found'],
    ['ApiKey key-of-nothing', 'API Key not found'],
    // A dashboard JWT is never one the engine issued, even when it equals a key.
    ['Bearer key-1', 'API Key not found'],
  ])('%j answers 401 %j', (header, message) => {
    expect(refusal(header)).toEqual({ status: 401, message });
  });
});
