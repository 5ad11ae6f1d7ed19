import {
  buildCreditNote,
  buildReceipt,
  cardOfPaymentEvent,
  displayName,
  documentYear,
  formatDocumentMoney,
  formatDocumentNumber,
  receiptLines,
  type BillingDocumentContent,
  type BillingLine,
  type Buyer,
} from "@forgehire/core";
import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";
import { billingDocumentsRepository, type BillingDocumentRecord } from "../../repositories/billing-documents.js";
import { changeRequestsRepository } from "../../repositories/change-requests.js";
import { jobsRepository } from "../../repositories/jobs.js";
import type { PaymentRow } from "../../repositories/payments.js";
import { storiesRepository } from "../../repositories/stories.js";

/** What issuing needs: the seller's settings and the clock. */
export type IssueDeps = Pick<ServiceDeps, "config" | "now">;

/** The billed client with the optional details of their profile. */
async function buyerOf(trx: Knex, userId: string): Promise<Buyer> {
  const row = (await trx("users").where({ id: userId }).first("email", "first_name", "last_name", "billing_name", "billing_address", "billing_vat_id")) as
    | { email: string; first_name: string; last_name: string; billing_name: string | null; billing_address: string | null; billing_vat_id: string | null }
    | undefined;
  if (!row) throw new Error(`billing: no user ${userId}`);
  return {
    name: displayName({ firstName: row.first_name, lastName: row.last_name }),
    email: row.email,
    billingName: row.billing_name,
    billingAddress: row.billing_address,
    vatId: row.billing_vat_id,
  };
}

/** The card the payment's provider events name (the test provider's brand and last 4, Stripe's charge details). */
async function cardOfPayment(trx: Knex, paymentId: string): Promise<{ brand: string | null; last4: string | null }> {
  const events = (await trx("payment_events").where({ payment_id: paymentId }).select("payload")) as Array<{ payload: unknown }>;
  for (const { payload } of events) {
    const card = cardOfPaymentEvent(typeof payload === "string" ? JSON.parse(payload) : payload);
    if (card.last4 || card.brand) return card;
  }
  return { brand: null, last4: null };
}

/**
 * Takes the next number and stores the document, last in the caller's transaction: the counter's row lock is held
 * until that transaction ends (every other issuer waits on it), and a rollback takes the number back with the
 * payment or refund that asked for it, so the series never has a gap or a repeat. The issue time is read once the
 * lock is held, so numbers and issue times run in the same order.
 */
async function issue(
  deps: IssueDeps,
  trx: Knex.Transaction,
  input: {
    kind: BillingDocumentRecord["kind"];
    clientId: string;
    jobId: number;
    paymentId: string | null;
    refundId: number | null;
    amountCents: number;
    build: (number: string, issuedAt: Date) => BillingDocumentContent;
  },
): Promise<BillingDocumentRecord> {
  const year = documentYear(deps.now());
  const sequence = await billingDocumentsRepository.nextSequence(trx, year);
  const now = deps.now();
  // A number drawn on the last instant of a year keeps that year's date.
  const issuedAt = documentYear(now) === year ? now : new Date(Date.UTC(year, 11, 31, 23, 59, 59, 999));
  const number = formatDocumentNumber(year, sequence);
  return billingDocumentsRepository.insert(trx, {
    kind: input.kind,
    number,
    year,
    sequence,
    clientId: input.clientId,
    jobId: input.jobId,
    paymentId: input.paymentId,
    refundId: input.refundId,
    amountCents: input.amountCents,
    currency: "usd",
    issuedAt,
    content: input.build(number, issuedAt),
  });
}

/**
 * Issues the receipt of a captured card payment, in the transaction that records the capture (so a receipt exists
 * exactly when the capture does). Once per payment: a payment that has one answers it.
 * @param deps the seller's settings and the clock
 * @param trx the capture's transaction
 * @param payment the attempt as captured
 * @param options whether it paid the job (a charge that did not count is billed as one line, to be given back) and when
 * @returns the receipt, and whether this call issued it
 */
export async function issueReceipt(
  deps: IssueDeps,
  trx: Knex.Transaction,
  payment: Pick<PaymentRow, "id" | "jobId" | "amount" | "changeRequestId">,
  options: { counts: boolean; paidAt: Date },
): Promise<{ document: BillingDocumentRecord; created: boolean }> {
  const existing = await billingDocumentsRepository.findReceiptOfPayment(trx, payment.id);
  if (existing) return { document: existing, created: false };
  const job = await jobsRepository.findById(trx, payment.jobId);
  if (!job) throw new Error(`billing: no job ${payment.jobId}`);
  let lines: BillingLine[];
  if (!options.counts) {
    lines = [{ description: `Payment for "${job.title}" (not applied to the job; to be refunded)`, amountCents: payment.amount }];
  } else if (payment.changeRequestId) {
    const request = await changeRequestsRepository.findById(trx, payment.changeRequestId);
    const story = request?.storyId ? await storiesRepository.findStory(trx, request.storyId) : undefined;
    lines = [{ description: `Change request: ${story?.title ?? request?.description ?? "additional scope"}`, amountCents: payment.amount }];
  } else {
    const stories = await storiesRepository.listForJob(trx, job.id);
    lines = receiptLines({ jobTitle: job.title, stories, amountCents: payment.amount });
  }
  const buyer = await buyerOf(trx, job.ownerId);
  const card = await cardOfPayment(trx, payment.id);
  const document = await issue(deps, trx, {
    kind: "receipt",
    clientId: job.ownerId,
    jobId: job.id,
    paymentId: payment.id,
    refundId: null,
    amountCents: payment.amount,
    build: (number, issuedAt) =>
      buildReceipt({
        number,
        issuedAt,
        seller: deps.config.billing.seller,
        buyer,
        job: { id: job.id, title: job.title },
        lines,
        amountCents: payment.amount,
        payment: { id: payment.id, ...card, paidAt: options.paidAt },
      }),
  });
  return { document, created: true };
}

/**
 * Issues the credit note of a refund, in the transaction that records it in the ledger. The refunded charge's
 * receipt is issued first when it has none yet (a capture recorded before receipts existed), so a credit note always
 * names the receipt it credits when the charge is known. Once per refund.
 * @param deps the seller's settings and the clock
 * @param trx the refund's transaction
 * @param input the ledger's refund transaction id, the job, the charge given back on (null when none is known), the
 *   amount, why, and the stories it is for (a dispute's), each becoming a line when one story is named
 * @returns the credit note
 */
export async function issueCreditNote(
  deps: IssueDeps,
  trx: Knex.Transaction,
  input: {
    refundId: number;
    jobId: number;
    payment: Pick<PaymentRow, "id" | "jobId" | "amount" | "changeRequestId" | "status" | "lastEventAt" | "updatedAt"> | null;
    amountCents: number;
    reason: string;
    storyTitles?: string[];
  },
): Promise<BillingDocumentRecord> {
  const existing = await billingDocumentsRepository.findCreditNoteOfRefund(trx, input.refundId);
  if (existing) return existing;
  const job = await jobsRepository.findById(trx, input.jobId);
  if (!job) throw new Error(`billing: no job ${input.jobId}`);
  const receipt = input.payment
    ? (
        await issueReceipt(deps, trx, input.payment, {
          counts: input.payment.status === "succeeded",
          paidAt: input.payment.lastEventAt ?? input.payment.updatedAt,
        })
      ).document
    : await latestReceiptOfJob(trx, job.id);
  const titles = input.storyTitles ?? [];
  const description =
    titles.length === 1
      ? `Refund: ${titles[0]}`
      : titles.length > 1
        ? `Refund: ${titles.length} disputed stories of "${job.title}"`
        : `Refund of ${formatDocumentMoney(input.amountCents)} on "${job.title}"`;
  const buyer = await buyerOf(trx, job.ownerId);
  const card = receipt ? { brand: receipt.content.payment.brand, last4: receipt.content.payment.last4 } : { brand: null, last4: null };
  const paymentId = input.payment?.id ?? receipt?.paymentId ?? null;
  return issue(deps, trx, {
    kind: "credit_note",
    clientId: job.ownerId,
    jobId: job.id,
    paymentId,
    refundId: input.refundId,
    amountCents: input.amountCents,
    build: (number, issuedAt) =>
      buildCreditNote({
        number,
        issuedAt,
        seller: deps.config.billing.seller,
        buyer,
        job: { id: job.id, title: job.title },
        lines: [{ description, amountCents: input.amountCents }],
        amountCents: input.amountCents,
        payment: { id: paymentId ?? "none", ...card, paidAt: receipt ? new Date(receipt.content.payment.paidAt) : issuedAt },
        receiptNumber: receipt?.number ?? null,
        reason: input.reason,
        refundedAt: issuedAt,
      }),
  });
}

async function latestReceiptOfJob(trx: Knex, jobId: number): Promise<BillingDocumentRecord | undefined> {
  const row = (await trx("billing_documents").where({ job_id: jobId, kind: "receipt" }).orderBy("issued_at", "desc").first("id")) as { id: string } | undefined;
  return row && billingDocumentsRepository.findById(trx, row.id);
}
