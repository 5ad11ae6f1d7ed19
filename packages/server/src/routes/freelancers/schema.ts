import { z } from "zod";
import { directorySorts, inputString, reviewLimits } from "@forgehire/core";

/** GET /api/freelancers query. */
export const directoryQuery = z.object({
  /** search text over name, title, bio, skills and domains */
  q: inputString().trim().max(200, "At most 200 characters").optional(),
  /** 1-based page number */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** profiles per page (the total is in X-Total-Count) */
  perPage: z.coerce.number().int().min(1).max(100).default(24),
  /** creation order (default) or best rated first, then most reviewed */
  sort: z.enum(directorySorts, { error: `One of ${directorySorts.join(", ")}` }).default("created"),
  /** only profiles whose average rating is at least this (1 to 5, one decimal allowed) */
  minRating: z.coerce
    .number({ error: "A number from 1 to 5" })
    .min(reviewLimits.minRating, "A number from 1 to 5")
    .max(reviewLimits.maxRating, "A number from 1 to 5")
    .optional(),
});

/** GET /api/freelancers/:id/reviews query. */
export const reviewPageQuery = z.object({
  /** the previous page's nextCursor */
  cursor: inputString().max(200).optional(),
});

/** `/me/documents/:docId` and `/me/portfolios/:id`. */
export const itemParams = z.object({
  /** the document or card id */
  id: z.guid({ error: "Not found" }),
});
