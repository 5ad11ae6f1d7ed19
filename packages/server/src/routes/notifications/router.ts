import { Router } from "express";
import { markNotificationsReadBody, notificationsQuery } from "@forgehire/core";
import { countUnreadNotifications, listNotifications, markNotificationsRead, type Services } from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";

/**
 * The notification centre (API.md "Receipts, reviews and notifications"): the signed-in user's own notifications
 * only — a page newest first (keyset `?cursor=`), the unread count for the bell, and marking read by ids or all.
 */
export function notificationsRouter(services: Services): Router {
  const router = Router();
  router.use("/notifications", requireUser);

  router.get("/notifications", async (req, res) => {
    const query = parse(notificationsQuery, req.query);
    res.set("Cache-Control", "private, no-store").json(await listNotifications(services, currentActor(req), query));
  });

  router.get("/notifications/unread-count", async (req, res) => {
    res.set("Cache-Control", "private, no-store").json({ count: await countUnreadNotifications(services, currentActor(req)) });
  });

  router.post("/notifications/read", async (req, res) => {
    const body = parse(markNotificationsReadBody, req.body);
    res.json(await markNotificationsRead(services, currentActor(req), body));
  });

  return router;
}
