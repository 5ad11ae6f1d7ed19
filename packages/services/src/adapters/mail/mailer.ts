import type { Knex } from "knex";
import type { Transporter } from "nodemailer";
import { emailLane } from "@forgehire/core";
import type { Logger } from "../../logger.js";
import { emailsRepository, type EmailRecord } from "../../repositories/emails.js";
import { mailDeploymentRepository } from "../../repositories/mail-deployment.js";
import { EMAIL_CONCURRENCY, type EmailJobData, type JobQueue } from "../../queue/queue.js";
import { loadOnce } from "../load-once.js";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is about (password_reset, job_posted, chat_notification, admin_email). */
  kind: string;
  jobId?: number;
  /** The admin who wrote it (admin e-mails). */
  senderId?: string;
  /** A billing document to attach: the worker draws its PDF when it sends, so the queue carries only this id. */
  documentId?: string;
  /**
   * Bearer secrets the message carries (a password reset link): each `{{name}}` in the text and html is replaced
   * by its value only in the message handed to SMTP. The outbox and the logs keep a placeholder instead, so
   * nobody who reads them (an operator, a log pipeline) can use the link.
   */
  secrets?: Record<string, string>;
}

/** What the outbox and the logs show in place of a secret. */
export const WITHHELD_SECRET = "[link withheld: sent only to the recipient]";

/**
 * Fills in `{{name}}` placeholders.
 * @param text the template
 * @param values a value per name; names without one are left as they are
 * @returns the text with each known placeholder replaced
 */
export function renderSecrets(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

const withheld = (text: string, secrets: Record<string, string> | undefined) =>
  secrets ? renderSecrets(text, Object.fromEntries(Object.keys(secrets).map((name) => [name, WITHHELD_SECRET]))) : text;

/** The queue of an e-mail's lane (core's emailLane): resets, admin e-mails and receipts ahead of bulk notices. */
export const emailQueueOf = (kind: string) => (emailLane(kind) === "priority" ? "email" : "email-bulk");

/**
 * What became of one delivery job: done (sent, failed and queued again, or nothing left to do), or handed over
 * because this process, which cannot send, found that the deployment now has a process that can.
 */
export type DeliveryOutcome = "done" | "handed over";

/** Sends email through the outbox table and the queue: nothing is delivered inside a request. */
export interface Mailer {
  /** Whether this process can send (SMTP_URL is set): only such a process works the mail queue when a deployment has one. */
  readonly canSend: boolean;
  /**
   * Whether mail queued now will reach anyone: "queued" when this process or another of the deployment sends over SMTP,
   * "none" when the deployment has never had a sender (mail is only kept in the outbox).
   */
  delivery(): Promise<"queued" | "none">;
  /**
   * The one way to send an e-mail: records it in the outbox (status queued) and queues its delivery in one
   * transaction. Pass the caller's transaction as `db` when the e-mail follows from a change made in it: the e-mail
   * then goes out if and only if that change commits.
   * @returns the outbox record (status queued)
   */
  send(email: OutgoingEmail, db?: Knex): Promise<EmailRecord>;
  /** Queues an outbox message again (one that failed; see resendEmail), on the same row. */
  redeliver(record: EmailRecord, db?: Knex): Promise<EmailRecord>;
  /**
   * The email queues' worker: one delivery attempt of a queued message, and the next attempt queued on failure. Without
   * SMTP (a server of a deployment that never had a sender) the message is kept as logged, unless a sender has
   * appeared meanwhile: then the job is queued again for it and the outcome is "handed over".
   */
  deliver(job: EmailJobData): Promise<DeliveryOutcome>;
  close(): void;
}

export interface MailerOptions {
  db: Knex;
  logger: Logger;
  queue: JobQueue;
  from: string;
  smtpUrl?: string | undefined;
  /** How long an SMTP delivery may take before it counts as failed. */
  timeoutMs?: number;
  /** Delivery attempts before a message is marked failed, and the pause after the first failure (doubling up to maxDelayMs). */
  retry?: { attempts: number; delayMs: number; maxDelayMs: number };
  /** Draws a billing document's PDF for its e-mail (the services' wiring supplies it). */
  attachmentOf?: (documentId: string) => Promise<{ filename: string; content: Buffer; contentType: string }>;
}

/** 12 attempts, 5 s doubling to at most 1 minute: about 10 minutes of retries, and SMTP back means delivered within a minute. */
export const EMAIL_RETRY = { attempts: 12, delayMs: 5_000, maxDelayMs: 60_000 };

/**
 * The pause before the next delivery attempt: doubling from `delayMs`, capped at `maxDelayMs` so a mail server
 * that comes back is used again within that time.
 * @param failures the attempts that failed so far (1 after the first)
 */
export function emailRetryDelayMs(failures: number, retry: { delayMs: number; maxDelayMs: number } = EMAIL_RETRY): number {
  return Math.min(retry.maxDelayMs, retry.delayMs * 2 ** Math.max(0, failures - 1));
}

/**
 * The mailer: the outbox plus the queue; the worker delivers over nodemailer (SMTP) when SMTP_URL is set (status
 * "sent", or retried and finally "failed"), or, in a deployment that never had a process with SMTP, keeps the message
 * in the outbox (status "logged", the text also written to the log). Each e-mail goes to its lane's queue (emailQueueOf).
 * An email's secrets travel in its queued job only (deleted within the hour after delivery)
 * and reach SMTP only: without SMTP a reset link is never delivered anywhere, by design.
 * @param options database, queue, logger, sender, the SMTP URL if any, the retry policy
 * @returns the mailer
 */
export function createMailer(options: MailerOptions): Mailer {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retry = options.retry ?? EMAIL_RETRY;
  const log = options.logger;
  const smtpUrl = options.smtpUrl;
  // Made by the first delivery, so that importing nodemailer is no part of a start (nor of a CLI command that
  // sends nothing).
  let transport: Transporter | undefined;
  const connect =
    smtpUrl &&
    loadOnce(async () => {
      const { default: nodemailer } = await import("nodemailer");
      // Pooled: a batch reuses a few open connections instead of one handshake per message.
      transport = nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: EMAIL_CONCURRENCY,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      });
      return transport;
    });

  /** Runs `work` in the caller's transaction, or in one of its own. */
  const inTransaction = <T>(db: Knex | undefined, work: (trx: Knex) => Promise<T>): Promise<T> =>
    db?.isTransaction ? work(db) : (db ?? options.db).transaction(work);

  // Once a sender is known it stays known (nothing but an operator forgets it), so it is asked until then only.
  let senderKnown = Boolean(smtpUrl);

  return {
    canSend: Boolean(smtpUrl),

    async delivery() {
      senderKnown ||= await mailDeploymentRepository.hasSender(options.db);
      return senderKnown ? "queued" : "none";
    },

    send(email, db) {
      const { secrets, ...kept } = email;
      const stored = { ...kept, text: withheld(kept.text, secrets), html: kept.html === undefined ? undefined : withheld(kept.html, secrets) };
      return inTransaction(db, async (trx) => {
        const record = await emailsRepository.insert(trx, stored);
        // What SMTP gets when it differs from what the outbox keeps: the secrets filled in.
        const smtpBody = secrets && {
          text: renderSecrets(email.text, secrets),
          ...(email.html !== undefined && { html: renderSecrets(email.html, secrets) }),
        };
        await options.queue.send(emailQueueOf(record.kind), { emailId: record.id, attempt: 0, ...(smtpBody && { smtpBody }) }, { db: trx });
        return record;
      });
    },

    // The secrets are not kept, so a message that had any is not redelivered (resendEmail refuses it).
    redeliver(record, db) {
      return inTransaction(db, async (trx) => {
        await options.queue.send(emailQueueOf(record.kind), { emailId: record.id, attempt: record.attempts }, { db: trx });
        return record;
      });
    },

    async deliver(job) {
      const record = await emailsRepository.findById(options.db, job.emailId);
      // Delivered already, given up, or this job was overtaken by a later attempt (its process died after queueing
      // the next one): at most one job per attempt ever reaches SMTP.
      if (!record || record.status !== "queued" || record.attempts !== job.attempt) return "done";
      if (!connect) {
        if (await emailsRepository.recordLoggedWithoutSender(options.db, record.id, job.attempt)) {
          log.info({ emailId: record.id, to: record.to, subject: record.subject, text: record.text }, "email kept in the outbox");
          return "done";
        }
        // A process with SMTP started since this one began logging: the message is its to send, not to keep.
        const current = await emailsRepository.findById(options.db, record.id);
        if (current?.status === "queued" && current.attempts === job.attempt) await options.queue.send(emailQueueOf(record.kind), job);
        senderKnown = true;
        return "handed over";
      }
      try {
        // Drawn at each attempt from the document's stored facts (the same bytes every time); a failure to draw it
        // is a failed attempt, retried like an SMTP failure.
        const attachments = record.documentId && options.attachmentOf ? [await options.attachmentOf(record.documentId)] : undefined;
        await (
          await connect()
        ).sendMail({
          from: options.from,
          to: record.to,
          subject: record.subject,
          text: job.smtpBody?.text ?? record.text,
          html: job.smtpBody ? job.smtpBody.html : (record.html ?? undefined),
          ...(attachments && { attachments }),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const failures = job.attempt + 1;
        const final = failures >= retry.attempts;
        log.warn(
          { emailId: record.id, err: error, attempt: failures, final },
          final ? "email delivery failed; giving up" : "email delivery failed; will retry",
        );
        await options.db.transaction(async (trx) => {
          const recorded = await emailsRepository.recordAttempt(trx, record.id, job.attempt, { status: final ? "failed" : "queued", error: message });
          if (recorded && !final) {
            const startAfter = new Date(Date.now() + emailRetryDelayMs(failures, retry));
            await options.queue.send(emailQueueOf(record.kind), { ...job, attempt: failures }, { db: trx, startAfter });
          }
        });
        return "done";
      }
      await emailsRepository.recordAttempt(options.db, record.id, job.attempt, { status: "sent", sentAt: new Date() });
      return "done";
    },

    close() {
      transport?.close();
    },
  };
}
