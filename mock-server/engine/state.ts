/**
 * The engine's whole state as plain data: one object, so snapshot, restore and reset are a
 * structured clone.
 *
 * @module
 */

/** An organization: owns environments. */
export interface OrganizationRecord {
  _id: string;
  name: string;
  createdAt: string;
}

/** An environment: selected by its API key; owns subscribers, workflows, integrations, ... */
export interface EnvironmentRecord {
  _id: string;
  _organizationId: string;
  name: string;
  identifier: string;
  apiKey: string;
  createdAt: string;
}

/** A subscriber channel entry as stored. */
export interface StoredChannel {
  providerId: string;
  _integrationId: string;
  integrationIdentifier?: string;
  credentials: {
    webhookUrl?: string;
    channel?: string;
    deviceTokens?: string[];
  };
}

/** A subscriber as stored (the service's entity, undefined fields absent). */
export interface SubscriberRecord {
  _id: string;
  _organizationId: string;
  _environmentId: string;
  subscriberId: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  locale?: string | null;
  timezone?: string | null;
  data?: Record<string, unknown> | null;
  channels: StoredChannel[];
  topics: string[];
  isOnline?: boolean | null;
  lastOnlineAt?: string | null;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

/** Everything one environment holds. */
export interface EnvironmentData {
  /** Subscribers keyed by `subscriberId`. */
  subscribers: Map<string, SubscriberRecord>;
}

/** The engine's state. */
export interface EngineState {
  organizations: Map<string, OrganizationRecord>;
  environments: Map<string, EnvironmentRecord>;
  /** API key → environment `_id`. */
  apiKeys: Map<string, string>;
  /** Environment `_id` → its data. */
  data: Map<string, EnvironmentData>;
}

/** A new, empty environment data set. */
export function createEnvironmentData(): EnvironmentData {
  return { subscribers: new Map() };
}

/** A new, empty state. */
export function createState(): EngineState {
  return { organizations: new Map(), environments: new Map(), apiKeys: new Map(), data: new Map() };
}
