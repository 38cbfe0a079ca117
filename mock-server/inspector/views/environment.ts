/**
 * Which environment an inspector request reads: `?environment=` (a name of the first
 * organization or any environment's `_id`), Development by default.
 *
 * @module
 */
import type { EngineScope, MockEngine } from '../../engine/engine';
import type { EnvironmentRecord } from '../../engine/store/state';

/** The scope of the environment a request names, as the API would authenticate it. */
export function requestedScope(engine: MockEngine, url: URL): EngineScope {
  return engine.scope(url.searchParams.get('environment') || 'Development');
}

/** An API key with all but its last four characters hidden. */
export function maskKey(key: string): string {
  return `${'•'.repeat(Math.max(0, key.length - 4))}${key.slice(-4)}`;
}

/**
 * An environment as the inspector lists it: the key masked (the control API's
 * `GET /__svc/environments` reveals it).
 */
export function environmentSummary(environment: EnvironmentRecord) {
  return {
    _id: environment._id,
    _organizationId: environment._organizationId,
    name: environment.name,
    identifier: environment.identifier,
    apiKeyMasked: maskKey(environment.apiKey),
  };
}
