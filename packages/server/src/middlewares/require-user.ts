import type { Request, RequestHandler } from "express";
import { domainError, isAdmin, type Actor } from "@forgehire/core";
import type { SessionUser } from "@forgehire/services";

/** Refuses signed-out requests with 401. */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : domainError("UNAUTHENTICATED"));
};

/** Refuses non-admins with 403 (and signed-out requests with 401). */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(domainError("UNAUTHENTICATED"));
  next(isAdmin(req.user) ? undefined : domainError("ADMIN_ONLY"));
};

/**
 * The signed-in user of a request that passed requireUser.
 * @throws UNAUTHENTICATED when there is none
 */
export function currentUser(req: Request): SessionUser {
  if (!req.user) throw domainError("UNAUTHENTICATED");
  return req.user;
}

/** The signed-in user as the core rules see them. */
export function currentActor(req: Request): Actor {
  const user = currentUser(req);
  return { id: user.id, userType: user.userType, roleType: user.roleType };
}
