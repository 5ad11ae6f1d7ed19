/**
 * Response schemas of a job's money (API.md "Delivery, held funds and payouts").
 */
import { z } from "zod";
import { ledgerTransactionKindSchema } from "../ledger/transactions.js";

const cents = z.number().int();

/** A job's `money`: paid into escrow, held now, released (gross), refunded, and the platform's fee, in whole cents. */
export const jobMoneySumsSchema = z.object({
  paidCents: cents,
  heldCents: cents,
  releasedCents: cents,
  refundedCents: cents,
  feeCents: cents,
});
/** A job's money sums. */
export type JobMoneySumsBody = z.infer<typeof jobMoneySumsSchema>;

/** One ledger entry touching the job, with the transaction it belongs to. */
export const jobMoneyEntrySchema = z.object({
  transactionId: z.number().int(),
  /** the account's name: its kind, then its owner (e.g. "escrow:12", "freelancer_available:<user id>", "platform_fees") */
  account: z.string(),
  /** into the account when positive, out of it when negative */
  amountCents: cents,
  kind: ledgerTransactionKindSchema,
  createdAt: z.string(),
});
/** One entry of a job's money. */
export type JobMoneyEntry = z.infer<typeof jobMoneyEntrySchema>;

/** `GET /api/jobs/:id/money`: the sums and every entry of the job's transactions, oldest first. */
export const jobMoneySchema = jobMoneySumsSchema.extend({ entries: z.array(jobMoneyEntrySchema) });
/** The body of `GET /api/jobs/:id/money`. */
export type JobMoneyBody = z.infer<typeof jobMoneySchema>;
