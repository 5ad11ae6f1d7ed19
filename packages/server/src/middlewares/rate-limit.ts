import { rateLimit } from "express-rate-limit";
import { domainError } from "@forgehire/core";
import { errorBody } from "./error-handler.js";

/**
 * Limits guessing on the account endpoints (login, signup, recover): `limit` tries per IP per 15 minutes.
 * The counters live in this process; behind several processes each counts its own share.
 * @param limit tries allowed per window
 */
export function authRateLimit(limit: number) {
  return rateLimit({
    windowMs: 15 * 60 * 1000,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json(errorBody(domainError("RATE_LIMITED")));
    },
  });
}
