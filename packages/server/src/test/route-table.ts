import type { Express } from "express";

/** One route of the app: its method in capitals (ALL for app.all) and its full path pattern. */
export interface RouteEntry {
  method: string;
  path: string;
}

/** What this walk reads of router 2's layers (Express 5): the path as registered, a route, or a nested router. */
interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const paths = (raw: string | string[] | undefined): string[] => (raw === undefined ? [""] : [raw].flat());
const join = (prefix: string, path: string) => (path === "/" ? prefix || "/" : `${prefix}${path}`);

function walk(stack: Layer[], prefix: string, into: RouteEntry[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of paths(layer.route.path)) {
        const methods = Object.keys(layer.route.methods).filter((method) => layer.route!.methods[method]);
        for (const method of methods) into.push({ method: method === "_all" ? "ALL" : method.toUpperCase(), path: join(prefix, path) });
      }
    } else if (layer.handle?.stack) {
      for (const path of paths(layer.rawPath)) walk(layer.handle.stack, path === "/" ? prefix : `${prefix}${path}`, into);
    }
  }
}

/**
 * Every route the app answers, walked from its router's stack through every mounted router (paths as registered,
 * e.g. `/api/admin/users/:id`). HEAD routes Express derives from GET are not listed.
 * @param app the Express app
 * @returns the routes, in the order the app tries them
 */
export function routeTable(app: Express): RouteEntry[] {
  const root = (app as unknown as { router: { stack: Layer[] } }).router;
  const routes: RouteEntry[] = [];
  walk(root.stack, "", routes);
  return routes;
}
