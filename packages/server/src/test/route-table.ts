import type { Express } from "express";

/** One route of the app: its method in capitals (ALL for app.all) and its full path pattern. */
export interface RouteEntry {
  method: string;
  path: string;
}

/** What this walk reads of router 2's layers (Express 5): the path as registered, a route, or a nested router. */
interface Layer {
  rawPath?: unknown;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function walk(stack: Layer[], prefix: string, into: RouteEntry[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((method) => layer.route!.methods[method]);
      for (const path of [layer.route.path].flat()) {
        for (const method of methods) into.push({ method: method === "_all" ? "ALL" : method.toUpperCase(), path: prefix + path });
      }
    } else if (layer.handle?.stack) {
      for (const mount of [layer.rawPath ?? "/"].flat()) {
        if (typeof mount !== "string") throw new Error("A router mounted on a pattern: teach routeTable to expand it");
        walk(layer.handle.stack, prefix + (mount === "/" ? "" : mount), into);
      }
    }
  }
}

/**
 * Every route the app answers, walked from its router's stack through every mounted router (paths as registered,
 * e.g. `/api/admin/users/:id`; ALL for a route that takes every method). HEAD routes Express derives from GET are
 * not listed.
 * @param app the Express app
 * @returns the routes, in the order the app tries them
 */
export function routeTable(app: Express): RouteEntry[] {
  const root = (app as unknown as { router: { stack: Layer[] } }).router;
  const routes: RouteEntry[] = [];
  walk(root.stack, "", routes);
  return routes;
}
