import { NoContent } from '../schemas/common';
import {
  Layout,
  LayoutCreateBody,
  LayoutDuplicateBody,
  LayoutListQuery,
  LayoutListResponse,
  LayoutPreviewBody,
  LayoutPreviewResponse,
  LayoutUpdateBody,
  LayoutUsage,
} from '../schemas/layout';
import type { Route } from './route';

/** `POST /v2/layouts`: creates a layout (the environment's first one is its default). */
export const layoutsCreateRoute = {
  operation: 'layouts.create',
  method: 'POST',
  path: '/v2/layouts',
  status: 201,
  category: 'configuration',
  body: LayoutCreateBody,
  response: Layout,
} as const satisfies Route;

/** `GET /v2/layouts`: an offset page of layouts, newest first. */
export const layoutsListRoute = {
  operation: 'layouts.list',
  method: 'GET',
  path: '/v2/layouts',
  status: 200,
  category: 'configuration',
  query: LayoutListQuery,
  response: LayoutListResponse,
  items: 'layouts',
} as const satisfies Route;

/** `GET /v2/layouts/{layoutId}`: one layout, by identifier or internal id. */
export const layoutsRetrieveRoute = {
  operation: 'layouts.retrieve',
  method: 'GET',
  path: '/v2/layouts/:layoutId',
  status: 200,
  category: 'configuration',
  response: Layout,
} as const satisfies Route;

/** `PUT /v2/layouts/{layoutId}`: renames a layout and sets (or clears) its email controls. */
export const layoutsUpdateRoute = {
  operation: 'layouts.update',
  method: 'PUT',
  path: '/v2/layouts/:layoutId',
  status: 200,
  category: 'configuration',
  body: LayoutUpdateBody,
  response: Layout,
} as const satisfies Route;

/** `DELETE /v2/layouts/{layoutId}`: deletes a layout that is not the default; 204 No Content. */
export const layoutsDeleteRoute = {
  operation: 'layouts.delete',
  method: 'DELETE',
  path: '/v2/layouts/:layoutId',
  status: 204,
  category: 'configuration',
  response: NoContent,
} as const satisfies Route;

/** `POST /v2/layouts/{layoutId}/duplicate`: a copy with the original's controls. */
export const layoutsDuplicateRoute = {
  operation: 'layouts.duplicate',
  method: 'POST',
  path: '/v2/layouts/:layoutId/duplicate',
  status: 201,
  category: 'configuration',
  body: LayoutDuplicateBody,
  response: Layout,
} as const satisfies Route;

/** `POST /v2/layouts/{layoutId}/preview`: the layout rendered with a placeholder for its content. */
export const layoutsPreviewRoute = {
  operation: 'layouts.preview',
  method: 'POST',
  path: '/v2/layouts/:layoutId/preview',
  status: 201,
  category: 'configuration',
  body: LayoutPreviewBody,
  response: LayoutPreviewResponse,
} as const satisfies Route;

/** `GET /v2/layouts/{layoutId}/usage`: the workflows whose steps name the layout. */
export const layoutsUsageRoute = {
  operation: 'layouts.usage',
  method: 'GET',
  path: '/v2/layouts/:layoutId/usage',
  status: 200,
  category: 'configuration',
  response: LayoutUsage,
} as const satisfies Route;
