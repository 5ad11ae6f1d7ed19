/**
 * Request and response schemas of disputes (API.md "Delivery, held funds and payouts"): opening one on a job or a
 * story, and an admin's resolution splitting what is held between the freelancer and the client.
 */
import { z } from "zod";
import { MAX_LEDGER_CENTS } from "../ledger/transactions.js";
import { inputString, uuidId } from "./common.js";

/** A dispute is open until an admin resolves it. */
export const disputeStatuses = ["open", "resolved"] as const;
/** Where a dispute stands. */
export type DisputeStatus = (typeof disputeStatuses)[number];

/**
 * `POST /api/jobs/:id/disputes`: why, and the story it is about (without one, every story not yet approved). A
 * blank reason is refused by the use case as EMPTY_REASON, so the schema only bounds it.
 */
export const openDisputeBody = z.object({
  reason: inputString().max(10_000, "At most 10000 characters").default(""),
  storyId: uuidId("Invalid story id").optional(),
});
/** What a handler receives once `openDisputeBody` has parsed the input. */
export type OpenDisputeBody = z.infer<typeof openDisputeBody>;

const resolutionCents = (field: string) =>
  z
    .number({ error: `${field} must be whole cents` })
    .int(`${field} must be whole cents`)
    .min(0, `${field} cannot be negative`)
    .max(MAX_LEDGER_CENTS, `${field} is too large`);

/** `POST /api/admin/disputes/:id/resolve`: the held part split into a release and a refund, with a note. */
export const resolveDisputeBody = z.object({
  releaseCents: resolutionCents("releaseCents"),
  refundCents: resolutionCents("refundCents"),
  note: inputString().trim().max(10_000, "At most 10000 characters").default(""),
});
/** What a handler receives once `resolveDisputeBody` has parsed the input. */
export type ResolveDisputeBody = z.infer<typeof resolveDisputeBody>;

/**
 * Who opened a dispute: one of the job's parties (`openedBy` names them), or the card provider, when the client
 * disputed the charge with their bank (Stripe's `charge.dispute.created`; `openedBy` is then null).
 */
export const disputeOpeners = ["party", "provider"] as const;
/** Who opened a dispute. */
export type DisputeOpener = (typeof disputeOpeners)[number];

/** A dispute as the API answers it. */
export const disputeSchema = z.object({
  id: z.string(),
  jobId: z.number().int(),
  storyId: z.string().nullable(),
  status: z.enum(disputeStatuses),
  reason: z.string(),
  /** the user who opened it; null when the card provider did */
  openedBy: z.string().nullable(),
  openedVia: z.enum(disputeOpeners),
  /** the provider's dispute id (Stripe's `dp_…`) when the provider opened it */
  providerDisputeId: z.string().nullable(),
  openedAt: z.string(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  releaseCents: z.number().int().nullable(),
  refundCents: z.number().int().nullable(),
  note: z.string().nullable(),
});
/** A dispute as the API answers it. */
export type Dispute = z.infer<typeof disputeSchema>;
