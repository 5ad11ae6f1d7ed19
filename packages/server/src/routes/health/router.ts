import { Router } from "express";
import { pendingMigrations, type Services } from "@forgehire/services";

/** Liveness and readiness for load balancers and the Docker HEALTHCHECK. */
export function healthRouter(services: Services): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });
  router.get("/readyz", async (req, res) => {
    try {
      await services.db.raw("select 1");
      const pending = await pendingMigrations(services.db);
      if (pending.length > 0) {
        res.status(503).json({ ok: false, reason: "migrations pending", pending });
        return;
      }
      res.json({ ok: true, database: services.database.kind });
    } catch (err) {
      req.log.warn({ err }, "readiness check failed");
      res.status(503).json({ ok: false, reason: "database unavailable" });
    }
  });
  return router;
}
