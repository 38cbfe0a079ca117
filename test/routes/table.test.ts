// The route table is the one declaration of every operation: the client functions, the engine's
// router, the fault matcher and docs/api-coverage.md must all agree with it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMockEngine } from '@svc/api/mock';
import { describe, expect, it } from 'vitest';
import { HANDLER_MODULES, OPERATIONS } from '../../mock-server/engine/operations/index';
import { matchRoute } from '../../mock-server/pipeline/router';
import { NAMESPACES, ROUTES } from '../../src/routes/index';

const root = join(import.meta.dirname, '..', '..');
const camel = (operation: string) =>
  operation.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase());

describe('route table', () => {
  it('names each operation and each method + path once', () => {
    const operations = ROUTES.map((route) => route.operation);
    const routes = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(operations).size).toBe(ROUTES.length);
    expect(new Set(routes).size).toBe(ROUTES.length);
  });

  it('has one client function per route, a line over the call helper with that route', () => {
    const lines = readdirSync(join(root, 'src', 'funcs')).flatMap((file) =>
      readFileSync(join(root, 'src', 'funcs', file), 'utf8')
        .split('export const ')
        .slice(1),
    );
    const functions = lines.map((line) => {
      const [, name, route] =
        /^(\w+) = \(\s*\.\.\.args: OperationArgs<typeof (\w+)>,?\s*\) =>\s+\w+\(\2, args\);/.exec(
          line,
        ) ?? [];
      expect(route, line).toBe(`${name}Route`);
      return name;
    });
    expect(functions.sort()).toEqual(ROUTES.map((route) => camel(route.operation)).sort());
  });

  it('declares one engine handler beside every route, and the router finds each path', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(ROUTES.map((route) => route.operation).sort());
    for (const route of ROUTES) {
      expect(OPERATIONS[route.operation].route, route.operation).toBe(route);
    }
    for (const route of ROUTES) {
      const path = route.path.replace(/:(\w+)/g, 'x-$1');
      expect(matchRoute(route.method, path)?.route, `${route.method} ${path}`).toBe(route);
      expect(matchRoute(route.method, `${path}/`)?.route).toBe(route);
      expect(matchRoute(route.method, path.toUpperCase())?.route).toBe(route);
    }
  });

  it("keys the handler modules by the route namespaces, each handling its namespace's routes", () => {
    expect(Object.keys(HANDLER_MODULES).sort()).toEqual(Object.keys(NAMESPACES).sort());
    for (const [namespace, routes] of Object.entries(NAMESPACES)) {
      const handled = Object.values(HANDLER_MODULES[namespace as keyof typeof NAMESPACES]).map(
        (definition: { route: { operation: string } }) => definition.route.operation,
      );
      const declared = Object.values(routes).map((route) => route.operation);
      expect(handled.sort(), namespace).toEqual(declared.sort());
    }
  });

  it('leaves a wrong prefix unrouted', () => {
    expect(matchRoute('GET', '/v2/v2/subscribers')).toBeUndefined();
    expect(matchRoute('GET', '/v2/subscribers//subscriptions')).toBeUndefined();
    expect(matchRoute('PUT', '/v2/subscribers/x')).toBeUndefined();
  });

  it('lets faults match every operation name of the table', () => {
    const engine = createMockEngine();
    for (const route of ROUTES) {
      expect(() =>
        engine.faults.add({ match: { operation: route.operation }, respond: { status: 503 } }),
      ).not.toThrow();
    }
    expect(() =>
      engine.faults.add({
        match: { operation: 'subscribers.fetch' as never },
        respond: { status: 503 },
      }),
    ).toThrow();
  });

  it('lists every route in docs/api-coverage.md with its client method and function', () => {
    const doc = readFileSync(join(root, 'docs', 'api-coverage.md'), 'utf8');
    for (const route of ROUTES) {
      const shown = `\`${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}\``;
      const row = doc.split('\n').find((line) => line.includes(shown));
      expect(row, shown).toBeDefined();
      expect(row).toContain(`\`${route.operation}\``);
      expect(row).toContain(`\`${camel(route.operation)}\``);
    }
  });
});
