import { NoContent } from '../schemas/common';
import {
  Context,
  ContextCreateBody,
  ContextListQuery,
  ContextUpdateBody,
} from '../schemas/context';
import { ContextListResponse } from '../schemas/pagination';
import type { Route } from './route';

/** `POST /v2/contexts`: creates a context; 409 when its type and id exist. */
export const contextsCreateRoute = {
  operation: 'contexts.create',
  method: 'POST',
  path: '/v2/contexts',
  status: 201,
  category: 'global',
  body: ContextCreateBody,
  response: Context,
} as const satisfies Route;

/** `GET /v2/contexts`: a cursor page of contexts, newest first. */
export const contextsListRoute = {
  operation: 'contexts.list',
  method: 'GET',
  path: '/v2/contexts',
  status: 200,
  category: 'global',
  query: ContextListQuery,
  response: ContextListResponse,
} as const satisfies Route;

/** `GET /v2/contexts/{type}/{id}`: one context. */
export const contextsRetrieveRoute = {
  operation: 'contexts.retrieve',
  method: 'GET',
  path: '/v2/contexts/:type/:id',
  status: 200,
  category: 'global',
  response: Context,
} as const satisfies Route;

/** `PATCH /v2/contexts/{type}/{id}`: replaces a context's data. */
export const contextsUpdateRoute = {
  operation: 'contexts.update',
  method: 'PATCH',
  path: '/v2/contexts/:type/:id',
  status: 200,
  category: 'global',
  body: ContextUpdateBody,
  response: Context,
} as const satisfies Route;

/** `DELETE /v2/contexts/{type}/{id}`: deletes a context; 204 No Content. */
export const contextsDeleteRoute = {
  operation: 'contexts.delete',
  method: 'DELETE',
  path: '/v2/contexts/:type/:id',
  status: 204,
  category: 'global',
  response: NoContent,
} as const satisfies Route;
