import { adminEmailBody, authorizeBackOffice, domainError, uuidId, fieldErrorsOf, type Actor, type AdminEmailBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { WITHHELD_SECRET } from "../../adapters/mail/mailer.js";
import { emailsRepository, type EmailRecord } from "../../repositories/emails.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { usersRepository } from "../../repositories/users.js";
import { recordAudit } from "./audit.js";

/**
 * The outbox as the operator's CLI reads it, newest first, narrowed by recipient or kind; with each email's text, which
 * the back office's list leaves out.
 * @throws ADMIN_ONLY
 */
export function listOutbox(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  query: { to?: string; kind?: string; offset: number; limit: number },
): Promise<{ rows: EmailRecord[]; total: number }> {
  authorizeBackOffice(actor, "read", "emails");
  return emailsRepository.list(deps.db, query);
}

/**
 * Sends the 'Send Email to Job Poster' message: queued in the outbox as kind admin_email with the job and the admin
 * who wrote it, then delivered by the email queue (SMTP when configured), retried on failure; a message that
 * finally fails stays in the outbox as failed, with the reason, for `resendEmail`.
 * @param deps database, mailer
 * @param actor an admin
 * @param input the job whose poster receives it, the subject and the text
 * @returns the outbox record (status queued)
 * @throws ADMIN_ONLY; FILL_ALL_FIELDS for a blank subject or message; JOB_NOT_FOUND; CLIENT_EMAIL_NOT_FOUND
 */
export async function sendAdminEmail(
  deps: Pick<ServiceDeps, "db" | "mailer">,
  actor: Actor,
  input: AdminEmailBody | Record<string, unknown>,
): Promise<EmailRecord> {
  authorizeBackOffice(actor, "send", "emails");
  const parsed = adminEmailBody.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    // The dialog's one message for a blank field; a bad job id is an ordinary validation error.
    if (fields.subject || fields.message) throw domainError("FILL_ALL_FIELDS", { fields });
    throw domainError("VALIDATION", { fields });
  }
  const { jobId, subject, message } = parsed.data;
  const job = await jobsRepository.findById(deps.db, jobId);
  if (!job || job.status === "inactive") throw domainError("JOB_NOT_FOUND");
  const poster = await usersRepository.findById(deps.db, job.ownerId);
  if (!poster?.email.trim()) throw domainError("CLIENT_EMAIL_NOT_FOUND");
  return deps.db.transaction(async (trx) => {
    const queued = await deps.mailer.send({ to: poster.email, subject, text: message, kind: "admin_email", jobId: job.id, senderId: actor.id }, trx);
    await recordAudit(trx, { actor, action: "emails.send", recordId: queued.id, before: null, after: { jobId: job.id, to: poster.email, subject } });
    return queued;
  });
}

/**
 * Queues a failed outbox message again, on the same record. Only a failed one: a sent message is never sent twice,
 * and of two resends at once only one is queued.
 * @param deps database, mailer
 * @param actor an admin
 * @param emailId the outbox record
 * @returns the record, queued again (the email queue delivers it, or marks it failed again with the new reason)
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND; EMAIL_NOT_RESENDABLE unless it failed, or when it carried a one-time link
 */
export async function resendEmail(deps: Pick<ServiceDeps, "db" | "mailer">, actor: Actor, emailId: string): Promise<EmailRecord> {
  authorizeBackOffice(actor, "resend", "emails");
  if (!uuidId().safeParse(emailId).success) throw domainError("RECORD_NOT_FOUND");
  const stored = await emailsRepository.findById(deps.db, emailId);
  if (!stored) throw domainError("RECORD_NOT_FOUND");
  // Its one-time link was never kept (only SMTP saw it), so sending it again would send a dead link.
  if (stored.text.includes(WITHHELD_SECRET) || stored.html?.includes(WITHHELD_SECRET)) {
    throw domainError("EMAIL_NOT_RESENDABLE", {
      message: "This e-mail carried a one-time link that is not kept; send a new one instead (e.g. a new password reset).",
    });
  }
  return deps.db.transaction(async (trx) => {
    const claimed = await emailsRepository.claimFailed(trx, emailId);
    if (!claimed) throw domainError("EMAIL_NOT_RESENDABLE");
    const queued = await deps.mailer.redeliver(claimed, trx);
    await recordAudit(trx, { actor, action: "emails.resend", recordId: emailId, before: { status: stored.status }, after: { status: claimed.status } });
    return queued;
  });
}

/**
 * Waits for the queue's first delivery attempt of a message just queued (the back office's dialog says at once
 * whether it went out), up to `timeoutMs`: the attempt runs in a worker, and a failure leaves the message queued
 * for the next retry, so the record returned may be queued with the first attempt's error.
 * @param deps database
 * @param record the message as queued
 * @param timeoutMs longest wait (the SMTP timeout and a little more)
 * @returns the message after its attempt, or as it stands at the deadline
 */
export async function awaitDeliveryAttempt(deps: Pick<ServiceDeps, "db">, record: EmailRecord, timeoutMs = 20_000): Promise<EmailRecord> {
  const deadline = Date.now() + timeoutMs;
  let current = record;
  while (current.status === "queued" && current.attempts === record.attempts && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = (await emailsRepository.findById(deps.db, record.id)) ?? current;
  }
  return current;
}
