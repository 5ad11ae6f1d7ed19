import {
  authorizeBackOffice,
  bulkRequestBody,
  decideJobRestore,
  fieldErrorsOf,
  decidePaymentRefund,
  domainError,
  isDomainError,
  refusalError,
  refusalOf,
  summarizeBulk,
  uuidId,
  type Actor,
  type BulkOutcome,
  type BulkResource,
  type BulkResult,
  type LedgerTransactionRecord,
  type OperationDecision,
} from "@forgehire/core";
import { JOB_AUDIT_FIELDS, recordAudit } from "./audit.js";
import type { ServiceDeps } from "../../deps.js";
import { jobActivityRepository } from "../../repositories/job-activity.js";
import { jobsRepository, type JobRecord } from "../../repositories/jobs.js";
import { ledgerRepository } from "../../repositories/ledger.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";
import { refundPaymentOnce } from "../payments/refund-payment.js";
import { resendEmail } from "./emails.js";
import { deleteJobByAdmin } from "./jobs.js";
import { updateUserByAdmin } from "./users.js";

type RefundDeps = Pick<ServiceDeps, "db" | "now" | "payments" | "logger" | "realtime" | "mailer" | "config">;

/**
 * Restores a deleted job from the back office: the soft delete undone, the job open again with its lock, stories and
 * history as they were, recorded in its activity in the same transaction.
 * @param deps database, clock
 * @param actor an admin
 * @param jobId the deleted job
 * @returns the job as it now is
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND; JOB_NOT_DELETED for a live job
 */
export async function restoreJobByAdmin(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, jobId: number): Promise<JobRecord> {
  authorizeBackOffice(actor, "restore", "jobs");
  return deps.db.transaction(async (trx) => {
    const job = await jobsRepository.findById(trx, jobId, { forUpdate: true });
    if (!job) throw domainError("RECORD_NOT_FOUND");
    const decision = decideJobRestore(job);
    if (!decision.allowed) throw refusalError(decision.refusal);
    await jobsRepository.markRestored(trx, jobId, deps.now());
    await jobActivityRepository.record(trx, { jobId, actorId: actor.id, action: "restored" });
    const restored = await jobsRepository.findById(trx, jobId);
    if (!restored) throw domainError("RECORD_NOT_FOUND");
    await recordAudit(trx, { actor, action: "jobs.restore", recordId: jobId, before: job, after: restored, fields: JOB_AUDIT_FIELDS });
    return restored;
  });
}

/** The back office's payment page: the attempt, its job, its provider events and ledger, and whether it can be refunded now. */
export interface AdminPaymentDetails {
  payment: PaymentRow;
  job: Pick<JobRecord, "id" | "title" | "status" | "paymentStatus" | "ownerName"> | null;
  events: Array<{ id: string; type: string; createdAt: Date }>;
  ledger: LedgerTransactionRecord[];
  refund: OperationDecision;
}

/**
 * One payment attempt with what its page shows, and the server's answer to 'can it be refunded now, and why not'.
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND
 */
export async function getPaymentDetailsForAdmin(deps: Pick<ServiceDeps, "db" | "payments">, actor: Actor, paymentId: string): Promise<AdminPaymentDetails> {
  authorizeBackOffice(actor, "read", "payments");
  if (!uuidId().safeParse(paymentId).success) throw domainError("RECORD_NOT_FOUND");
  const payment = await paymentsRepository.findById(deps.db, paymentId);
  if (!payment) throw domainError("RECORD_NOT_FOUND");
  const [job, events, ledger] = await Promise.all([
    jobsRepository.findById(deps.db, payment.jobId),
    paymentsRepository.listEvents(deps.db, paymentId),
    ledgerRepository.listForJob(deps.db, payment.jobId),
  ]);
  return {
    payment,
    job: job ? { id: job.id, title: job.title, status: job.status, paymentStatus: job.paymentStatus, ownerName: job.ownerName } : null,
    events,
    ledger: ledger.filter((transaction) => transaction.paymentId === paymentId),
    refund: decidePaymentRefund(payment, deps.payments.name),
  };
}

/**
 * 'Refund now' (and 'Retry refund' after a provider failure) from the back office: the same refund as the scheduled
 * reconciliation (`refundPayment`: one provider refund per charge by its idempotency key, the ledger, the credit note
 * and the payer's notice in one transaction). Of two clicks at once one records the refund and the other is a conflict.
 * @param deps database, clock, payment provider, logger, realtime, mailer, config
 * @param actor an admin
 * @param paymentId the attempt flagged needs_refund
 * @returns the attempt, refunded
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND; NOT_REFUNDABLE (not needs_refund, already refunded, another provider's);
 *   REFUND_FAILED when the provider refused (the attempt stays needs_refund)
 */
export async function refundPaymentByAdmin(deps: RefundDeps, actor: Actor, paymentId: string): Promise<PaymentRow> {
  authorizeBackOffice(actor, "refund", "payments");
  if (!uuidId().safeParse(paymentId).success) throw domainError("RECORD_NOT_FOUND");
  const payment = await paymentsRepository.findById(deps.db, paymentId);
  if (!payment) throw domainError("RECORD_NOT_FOUND");
  const decision = decidePaymentRefund(payment, deps.payments.name);
  if (!decision.allowed) throw refusalError(decision.refusal);
  const { outcome, recordedHere } = await refundPaymentOnce(deps, paymentId, actor);
  if (outcome === "failed") throw domainError("REFUND_FAILED");
  // Skipped: it changed between the check and the refund (another click, the reconciliation) — say what it is now.
  if (outcome === "skipped" || !recordedHere) {
    const now = await paymentsRepository.findById(deps.db, paymentId);
    const again = now ? decidePaymentRefund(now, deps.payments.name) : { allowed: false as const, refusal: refusalOf("RECORD_NOT_FOUND") };
    throw refusalError(again.allowed ? refusalOf("NOT_REFUNDABLE") : again.refusal);
  }
  const refunded = await paymentsRepository.findById(deps.db, paymentId);
  if (!refunded) throw domainError("RECORD_NOT_FOUND");
  return refunded;
}

type BulkDeps = RefundDeps & Pick<ServiceDeps, "realtime">;

/** Each bulk action, as the single action's use case on one record. */
const bulkSteps: { [R in BulkResource]: Record<string, (deps: BulkDeps, actor: Actor, id: string | number) => Promise<unknown>> } = {
  jobs: {
    delete: (deps, actor, id) => deleteJobByAdmin(deps, actor, jobIdOf(id)),
    restore: (deps, actor, id) => restoreJobByAdmin(deps, actor, jobIdOf(id)),
  },
  users: {
    disable: (deps, actor, id) => updateUserByAdmin(deps, actor, uuidOf(id), { disabled: true }),
    enable: (deps, actor, id) => updateUserByAdmin(deps, actor, uuidOf(id), { disabled: false }),
  },
  emails: {
    resend: (deps, actor, id) => resendEmail(deps, actor, String(id)),
  },
  payments: {
    refund: (deps, actor, id) => refundPaymentByAdmin(deps, actor, String(id)),
  },
};

function jobIdOf(id: string | number): number {
  const value = typeof id === "number" ? id : /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647) throw domainError("RECORD_NOT_FOUND");
  return value;
}

function uuidOf(id: string | number): string {
  if (!uuidId().safeParse(String(id)).success) throw domainError("RECORD_NOT_FOUND");
  return String(id);
}

/**
 * A bulk action of a back-office list: the single action's use case on each selected record in turn (each its own
 * transaction, its own policy check and its own audit), so a refusal of one (your own account, a paid job, an e-mail
 * that did not fail) leaves the others done, and the answer says which failed and why.
 * @param deps the services
 * @param actor an admin (each record's use case checks again)
 * @param resource jobs, users, emails or payments
 * @param body `{action, ids}`: one of `bulkActions[resource]` and the selected records, in the order they are acted on
 * @returns how many succeeded and failed, and each record's outcome
 * @throws ADMIN_ONLY before reading the body; VALIDATION for an unknown action or no ids
 */
export async function runBulkAction(deps: BulkDeps, actor: Actor, resource: BulkResource, body: unknown): Promise<BulkOutcome> {
  // The actor first: a non-admin learns nothing, not even that the body was malformed.
  authorizeBackOffice(actor, "read", resource);
  const parsed = bulkRequestBody(resource).safeParse(body ?? {});
  if (!parsed.success) throw domainError("VALIDATION", { fields: fieldErrorsOf(parsed.error) });
  const { action, ids } = parsed.data;
  const step = bulkSteps[resource][action];
  if (!step) throw domainError("VALIDATION", { message: `Unknown action ${action} for ${resource}.` });
  const results: BulkResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await step(deps, actor, id);
      results.push({ id, ok: true });
    } catch (error) {
      if (!isDomainError(error)) deps.logger.error({ err: error, resource, action, id }, "bulk action failed on one record");
      const known = isDomainError(error) ? error : domainError("INTERNAL");
      results.push({ id, ok: false, error: { code: known.code, title: known.title, message: known.message } });
    }
  }
  return summarizeBulk(results);
}
