import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { Router } from "express";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** Where the built web apps are; `npm run build` (or the first `npm start`) makes them. */
export const webApps = {
  portal: path.join(repoRoot, "portal", "dist"),
  admin: path.join(repoRoot, "admin", "dist"),
};

/** Whether both web apps have been built. */
export function webAppsBuilt(): boolean {
  return existsSync(path.join(webApps.portal, "index.html")) && existsSync(path.join(webApps.admin, "index.html"));
}

function spa(dir: string, name: string): Router {
  const router = Router();
  // Hashed assets may be cached for a year; index.html never, so a deploy shows at once.
  router.use(express.static(dir, { index: false, maxAge: "1y", immutable: true }));
  router.get(/.*/, (_req, res) => {
    const index = path.join(dir, "index.html");
    if (!existsSync(index)) {
      res.status(503).type("text").send(`The ${name} is not built yet: run \`npm run build\`.`);
      return;
    }
    res.set("Cache-Control", "no-cache").sendFile(index);
  });
  return router;
}

/** Serves the back office at /admin and the portal everywhere else, each with its single-page fallback. */
export function staticApps(): Router {
  const router = Router();
  router.use("/admin", spa(webApps.admin, "back office"));
  router.use(spa(webApps.portal, "portal"));
  return router;
}
