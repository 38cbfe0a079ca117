/**
 * The resources translations belong to (docs/behaviour/translations.md): a finder per resource
 * type, so a new kind (layouts) adds one entry.
 *
 * @module
 */

import type { TranslationResourceType } from '../../../src/schemas/translation';
import { translationKey as rowKey } from '../store/row-keys';
import type { EnvironmentData, TranslationRecord } from '../store/state';
import { tables } from '../store/tables';
import { findLayout } from './layouts';
import { findWorkflow } from './workflows';

/**
 * A resource found for its translations: the key its records are stored under, the id answered
 * as `resourceId`, and its name.
 *
 * @example
 * ```ts
 * const welcome: TranslatableResource | undefined = findTranslatableResource(data, 'workflow', 'welcome');
 * ```
 */
export interface TranslatableResource {
  type: TranslationResourceType;
  /** The record's `_id`. */
  key: string;
  /** Its identifier (a workflow's `workflowId`). */
  id: string;
  name: string;
}

type Finder = (data: EnvironmentData, id: string) => TranslatableResource | undefined;

function workflowResource(data: EnvironmentData, idOrSlug: string) {
  const workflow = findWorkflow(data, idOrSlug);
  return workflow === undefined
    ? undefined
    : {
        type: 'workflow' as const,
        key: workflow._id,
        id: workflow.workflowId,
        name: workflow.name,
      };
}

function layoutResource(data: EnvironmentData, idOrSlug: string) {
  const layout = findLayout(data, idOrSlug);
  return layout === undefined
    ? undefined
    : { type: 'layout' as const, key: layout._id, id: layout.layoutId, name: layout.name };
}

const FINDERS: Record<TranslationResourceType, { find: Finder; byKey: Finder; label: string }> = {
  workflow: {
    label: 'Workflow',
    find: workflowResource,
    byKey: (data, key) => {
      const workflow = tables.workflows.byObjectId(data, key);
      return workflow === undefined ? undefined : workflowResource(data, workflow._id);
    },
  },
  layout: {
    label: 'Layout',
    find: layoutResource,
    byKey: (data, key) => layoutResource(data, key),
  },
};

/** A resource by the id a caller gives (a workflow's `_id`, slug or `workflowId`). */
export function findTranslatableResource(
  data: EnvironmentData,
  type: TranslationResourceType,
  id: string,
): TranslatableResource | undefined {
  return FINDERS[type].find(data, id);
}

/** The resource a stored translation belongs to, if it still exists. */
export function resourceOfRecord(
  data: EnvironmentData,
  record: TranslationRecord,
): TranslatableResource | undefined {
  return FINDERS[record.resourceType].byKey(data, record.resourceKey);
}

/** The word a 404 names a resource type by (`Workflow`). */
export const resourceLabel = (type: TranslationResourceType): string => FINDERS[type].label;

/** The map key of a resource's translations in a locale. */
export const translationKey = (resource: TranslatableResource, locale: string): string =>
  rowKey(resource.type, resource.key, locale);

/** A resource's stored translations, by locale. */
export function translationsOf(
  data: EnvironmentData,
  resource: TranslatableResource,
): TranslationRecord[] {
  const prefix = `${resource.type}:${resource.key}:`;
  const found: TranslationRecord[] = [];
  for (const [key, record] of tables.translations.entries(data))
    if (key.startsWith(prefix)) found.push(record);
  return found;
}
