/**
 * Schemas of a freelancer's earnings (API.md "Delivery, held funds and payouts": `GET /api/earnings`).
 */
import { z } from "zod";
import { earningsStatuses } from "../earnings/earnings.js";
import { paginationQuery } from "./common.js";

const cents = z.number().int();

/** `GET /api/earnings?page=&perPage=&format=`: a page of the items; `format=csv` answers every item as CSV instead. */
export const earningsQuery = paginationQuery.extend({
  /** json (the default) or csv: the whole list as a file, like `GET /api/earnings.csv` */
  format: z.enum(["json", "csv"], { error: "Unknown format" }).default("json"),
});
/** What a handler receives once `earningsQuery` has parsed the input. */
export type EarningsQuery = z.infer<typeof earningsQuery>;

/** One story's money for its freelancer. */
export const earningsItemSchema = z.object({
  jobId: z.number().int(),
  /** the job's title, for the table and the export */
  jobTitle: z.string(),
  storyId: z.string(),
  /** the story's title */
  storyTitle: z.string(),
  /** the story's milestone: released out of escrow, or to be released on approval */
  grossCents: cents,
  /** the platform's fee on it (PLATFORM_FEE_PERCENT) */
  feeCents: cents,
  /** what the freelancer gets: gross − fee */
  netCents: cents,
  status: z.enum(earningsStatuses),
  /** when the story was submitted for review (ISO-8601), null when unknown */
  submittedAt: z.string().nullable(),
  /** when its release was posted (ISO-8601); null while in review */
  releasedAt: z.string().nullable(),
});
/** One item of the earnings. */
export type EarningsItem = z.infer<typeof earningsItemSchema>;

/** `GET /api/earnings`: the three figures, whether payouts can reach the freelancer yet, and a page of items. */
export const earningsSchema = z.object({
  /** the net of the freelancer's stories in review now */
  inReviewCents: cents,
  /** released to the freelancer and not paid out: the balance of their freelancer_available account */
  availableCents: cents,
  /** transferred to them: the balance of their freelancer_paid_out account */
  paidOutCents: cents,
  /** whether payouts reach a connected account: the provider enabled payouts on the freelancer's account */
  payoutsEnabled: z.boolean(),
  /** newest first: a story in review by its submission, a released one by its release */
  items: z.array(earningsItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
/** The body of `GET /api/earnings`. */
export type EarningsBody = z.infer<typeof earningsSchema>;
