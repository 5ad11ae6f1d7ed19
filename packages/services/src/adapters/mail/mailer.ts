import type { Knex } from "knex";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../../logger.js";
import { emailsRepository, type EmailRecord } from "../../repositories/emails.js";

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

/** Sends email: every message goes to the outbox table, then over SMTP when SMTP_URL is set. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<EmailRecord>;
  /** Delivers an outbox message again (one that failed), recording the new outcome on the same row. */
  redeliver(record: EmailRecord): Promise<EmailRecord>;
  close(): void;
}

export interface MailerOptions {
  db: Knex;
  logger: Logger;
  from: string;
  smtpUrl?: string | undefined;
  /** How long an SMTP delivery may take before it counts as failed. */
  timeoutMs?: number;
}

/**
 * The mailer: the outbox alone (status "logged", the text also written to the log) or the outbox plus nodemailer
 * over SMTP (status "sent" or "failed"). An email's secrets reach SMTP only: without SMTP a reset link is never
 * delivered anywhere, by design.
 * @param options database, logger, sender, and the SMTP URL if any
 * @returns the mailer
 */
export function createMailer(options: MailerOptions): Mailer {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      })
    : undefined;

  /**
   * Hands a stored message to SMTP and records the outcome. `body` is what SMTP gets when it differs from what the
   * outbox keeps (the secrets filled in).
   */
  async function deliver(record: EmailRecord, body: { text: string; html: string | undefined } = { text: record.text, html: record.html ?? undefined }): Promise<EmailRecord> {
    if (!transport) {
      options.logger.info({ emailId: record.id, to: record.to, subject: record.subject, text: record.text }, "email kept in the outbox");
      await emailsRepository.markOutcome(options.db, record.id, { status: "logged" });
      return { ...record, status: "logged", error: null };
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: record.to,
        subject: record.subject,
        text: body.text,
        html: body.html,
      });
      const sentAt = new Date();
      await emailsRepository.markOutcome(options.db, record.id, { status: "sent", sentAt });
      return { ...record, status: "sent", error: null, sentAt };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.logger.warn({ emailId: record.id, err: error }, "email delivery failed");
      await emailsRepository.markOutcome(options.db, record.id, { status: "failed", error: message });
      return { ...record, status: "failed", error: message };
    }
  }

  return {
    async send(email) {
      const { secrets, ...kept } = email;
      const stored = { ...kept, text: withheld(kept.text, secrets), html: kept.html === undefined ? undefined : withheld(kept.html, secrets) };
      const record = await emailsRepository.insert(options.db, stored);
      return deliver(record, {
        text: secrets ? renderSecrets(email.text, secrets) : email.text,
        html: email.html !== undefined && secrets ? renderSecrets(email.html, secrets) : email.html,
      });
    },
    // The secrets are not kept, so a message that had any is not redelivered (resendEmail refuses it).
    redeliver(record) {
      return deliver(record);
    },
    close() {
      transport?.close();
    },
  };
}
