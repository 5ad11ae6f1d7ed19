import type { RequestHandler } from "express";
import { domainError } from "@forgehire/core";

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing requests sent by another site: an Origin that is neither the public URL's nor the
 * request's own, or Sec-Fetch-Site cross-site. Requests without those headers (CLI, scripts) pass to the session
 * check, since browsers always send Origin on cross-site writes.
 * @param publicUrl the server's public URL
 */
export function csrfProtection(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (!unsafeMethods.has(req.method)) return next();
    if (req.get("sec-fetch-site") === "cross-site") return next(domainError("CSRF"));
    const origin = req.get("origin");
    if (origin === undefined) return next();
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    if (origin === publicOrigin || origin === ownOrigin) return next();
    next(domainError("CSRF"));
  };
}
