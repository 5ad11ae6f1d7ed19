import { z } from "zod";
import { inputString } from "@forgehire/core";

/** GET /api/freelancers query. */
export const directoryQuery = z.object({
  /** search text over name, title, bio, skills and domains */
  q: inputString().trim().max(200, "At most 200 characters").optional(),
  /** 1-based page number */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** profiles per page (the total is in X-Total-Count) */
  perPage: z.coerce.number().int().min(1).max(100).default(24),
});

/** `/me/documents/:docId` and `/me/portfolios/:id`. */
export const itemParams = z.object({
  /** the document or card id */
  id: z.guid({ error: "Not found" }),
});
