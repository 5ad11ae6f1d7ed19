import { Router } from "express";
import { catalog, nextQuestions, quote, quoteBody, wizardAnalysisBody } from "@forgehire/core";
import type { Services } from "@forgehire/services";
import { parse } from "../../middlewares/validate.js";

/** The catalogue, the live quote and the wizard's follow-up questions: pure core rules, open to everyone. */
export function catalogRouter(services: Services): Router {
  const router = Router();
  const body = catalog();

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

  return router;
}
