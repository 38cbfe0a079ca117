import type { EngineState, EnvironmentRecord } from '../store/state';
import { tables } from '../store/tables';
import { ServiceError } from '../wire/service-error';

/**
 * Resolves the `Authorization` header to the environment of its API key, with the service's
 * 401 answers (docs/behaviour/cross-cutting.md#authentication).
 */
export function authenticate(state: EngineState, header: string | null): EnvironmentRecord {
  if (header === null || header === '') {
    throw ServiceError.http(401, 'Missing authorization header');
  }
  const spaceAt = header.indexOf(' ');
  const scheme = spaceAt === -1 ? header : header.slice(0, spaceAt);
  const value = spaceAt === -1 ? '' : header.slice(spaceAt + 1).trim();
  if (scheme !== 'ApiKey' && scheme !== 'Bearer') {
    throw ServiceError.http(401, `Invalid authentication scheme: "${scheme}"`);
  }
  if (value === '') throw ServiceError.http(401, 'Unauthorized');
  // A dashboard JWT is not something the engine issues: it is as unknown as a bad key.
  const environment = scheme === 'ApiKey' ? tables.environments.byApiKey(state, value) : undefined;
  if (!environment) throw ServiceError.http(401, 'API Key not found');
  return environment;
}
