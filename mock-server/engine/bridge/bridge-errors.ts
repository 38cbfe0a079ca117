/**
 * The service's bridge error codes and messages (its `BRIDGE_EXECUTION_ERROR` table), and the
 * error codes of `@novu/framework`, whose bodies the service forwards as they are.
 *
 * @module
 */

/** The service's own codes for a bridge request that failed, each with its message. */
export const BRIDGE_ERRORS = {
  INVALID_BRIDGE_URL: (url: string) => `Invalid bridge URL: ${url}`,
  BRIDGE_ENDPOINT_NOT_FOUND: (url: string) =>
    `Could not connect to Bridge Endpoint at \`${url}\`. Make sure you are running your local app server.`,
  BRIDGE_ENDPOINT_UNAVAILABLE: (url: string) =>
    `Unable to reach Bridge Endpoint at \`${url}\`. Run npx novu@latest dev in Local mode, or ensure your Bridge app deployment is available.`,
  BRIDGE_METHOD_NOT_CONFIGURED: (url: string) =>
    `Bridge Endpoint at \`${url}\` is not correctly configured. Ensure your \`@novu/framework\` integration exposes the \`POST\`, \`GET\`, and \`OPTIONS\` methods.`,
  BRIDGE_REQUEST_TIMEOUT: (url: string) => `Bridge request timeout for \`${url}\``,
  BRIDGE_PARSE_ERROR: (url: string) => `Bridge response for \`${url}\` is not valid JSON`,
  UNKNOWN_BRIDGE_REQUEST_ERROR: (url: string) => `Unknown BridgeRequest error calling \`${url}\``,
} as const satisfies Record<string, (url: string) => string>;

/** A code of {@link BRIDGE_ERRORS}. */
export type BridgeErrorCode = keyof typeof BRIDGE_ERRORS;

/** The framework's error codes (its `ErrorCodeEnum`): such a body is forwarded with its status. */
export const FRAMEWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'BridgeError',
  'ExecutionEventControlInvalidError',
  'ExecutionEventPayloadInvalidError',
  'ExecutionProviderOutputInvalidError',
  'ExecutionStateControlInvalidError',
  'ExecutionStateCorruptError',
  'ExecutionStateOutputInvalidError',
  'ExecutionStateResultInvalidError',
  'InvalidActionError',
  'MethodNotAllowedError',
  'MissingDependencyError',
  'MissingSecretKeyError',
  'PlatformError',
  'ProviderExecutionFailedError',
  'ProviderNotFoundError',
  'SignatureExpiredError',
  'SignatureInvalidError',
  'SignatureMismatchError',
  'SignatureNotFoundError',
  'SignatureVersionInvalidError',
  'SigningKeyNotFoundError',
  'StepAlreadyExistsError',
  'StepControlCompilationFailedError',
  'StepExecutionFailedError',
  'StepNotFoundError',
  'WorkflowAlreadyExistsError',
  'WorkflowNotFoundError',
  'WorkflowPayloadInvalidError',
]);
