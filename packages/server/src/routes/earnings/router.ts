import { Router, type Response } from "express";
import { earningsQuery, type Actor } from "@forgehire/core";
import { exportFreelancerEarningsCsv, getFreelancerEarnings, type Services } from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";

/**
 * A freelancer's earnings (API.md "Delivery, held funds and payouts"): `GET /api/earnings` answers the figures and a
 * page of items; `GET /api/earnings.csv` (or `?format=csv`) every item as a CSV download, amounts in dollars.
 */
export function earningsRouter(services: Services): Router {
  const router = Router();
  router.use(["/earnings", "/earnings.csv"], requireUser);

  async function sendCsv(res: Response, actor: Actor) {
    const csv = await exportFreelancerEarningsCsv(services, actor);
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .attachment("forgehire-earnings.csv")
      // Money figures of one person: never kept by a shared cache.
      .set("Cache-Control", "private, no-store")
      .send(csv);
  }

  router.get("/earnings.csv", async (req, res) => {
    await sendCsv(res, currentActor(req));
  });

  router.get("/earnings", async (req, res) => {
    const query = parse(earningsQuery, req.query);
    const actor = currentActor(req);
    if (query.format === "csv") return sendCsv(res, actor);
    res.set("Cache-Control", "private, no-store").json(await getFreelancerEarnings(services, actor, query));
  });

  return router;
}
