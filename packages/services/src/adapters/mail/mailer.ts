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
}

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
 * The mailer: the outbox alone (status "logged", the text written to the log so that links can be followed
 * on a machine without mail) or the outbox plus nodemailer over SMTP (status "sent" or "failed").
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

  async function deliver(record: EmailRecord): Promise<EmailRecord> {
    if (!transport) {
      options.logger.info({ emailId: record.id, to: record.to, subject: record.subject, text: record.text }, "email kept in the outbox");
      await emailsRepository.markOutcome(options.db, record.id, { status: "logged" });
      return { ...record, status: "logged", error: null };
    }
    try {
      await transport.sendMail({ from: options.from, to: record.to, subject: record.subject, text: record.text, html: record.html ?? undefined });
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
      const record = await emailsRepository.insert(options.db, email);
      return deliver(record);
    },
    redeliver(record) {
      return deliver(record);
    },
    close() {
      transport?.close();
    },
  };
}
