import { Router } from "express";
import {
  catalog,
  ENHANCE_LIMIT,
  ENHANCE_WINDOW_MS,
  nextQuestions,
  quote,
  quoteBody,
  wizardAnalysisBody,
  wizardEnhanceBody,
  type CatalogBody,
} from "@forgehire/core";
import { enhanceRequirements, type Services } from "@forgehire/services";
import { userRateLimit } from "../../middlewares/rate-limit.js";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";

/**
 * The catalogue, the live quote and the wizard's follow-up questions (pure core rules, open to everyone), and
 * "Enhance with AI" for signed-in clients and admins.
 */
export function catalogRouter(services: Services): Router {
  const router = Router();
  // What the server offers besides the catalogue: the portal shows "Enhance with AI" only when an AI is configured.
  const body: CatalogBody = { ...catalog(), features: { aiEnhance: services.enhancer !== undefined } };

  router.get("/catalog", (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").json(body);
  });

  router.post("/quote", (req, res) => {
    const input = parse(quoteBody, req.body);
    res.json(quote(input, services.now()));
  });

  router.post("/wizard/analysis", (req, res) => {
    const input = parse(wizardAnalysisBody, req.body);
    res.json(nextQuestions(input));
  });

  router.post(
    "/wizard/enhance",
    requireUser,
    userRateLimit(services, { name: "ai-enhance", limit: ENHANCE_LIMIT, windowMs: ENHANCE_WINDOW_MS }),
    async (req, res) => {
      const input = parse(wizardEnhanceBody, req.body);
      res.json(await enhanceRequirements(services.enhancer, currentActor(req), input));
    },
  );

  return router;
}
