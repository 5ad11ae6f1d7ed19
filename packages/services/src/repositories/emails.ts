import type { Knex } from "knex";

export type EmailStatus = "queued" | "sent" | "failed" | "logged";

/** One message of the outbox: every email is recorded here before it is sent. */
export interface EmailRecord {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  status: EmailStatus;
  /** The last failed attempt's reason (kept while it is retried, and when it finally failed). */
  error: string | null;
  /** Delivery attempts made so far (the queue retries a failed one with a growing pause). */
  attempts: number;
  jobId: number | null;
  /** The admin who wrote it (admin e-mails), else null. */
  senderId: string | null;
  /** The billing document attached to it (a receipt's or credit note's e-mail), else null. */
  documentId: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

interface EmailRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string;
  status: EmailStatus;
  error: string | null;
  attempts: number;
  job_id: number | null;
  sender_id: string | null;
  document_id?: string | null;
  sent_at: Date | null;
  created_at: Date;
}

function toRecord(row: EmailRow): EmailRecord {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html,
    kind: row.kind,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    jobId: row.job_id,
    senderId: row.sender_id,
    documentId: row.document_id ?? null,
    sentAt: row.sent_at && new Date(row.sent_at),
    createdAt: new Date(row.created_at),
  };
}

export const emailsRepository = {
  async insert(
    db: Knex,
    email: {
      to: string;
      subject: string;
      text: string;
      html?: string | undefined;
      kind: string;
      jobId?: number | undefined;
      senderId?: string | undefined;
      documentId?: string | undefined;
    },
  ): Promise<EmailRecord> {
    const [row] = (await db("emails")
      .insert({
        to_address: email.to,
        subject: email.subject,
        body_text: email.text,
        body_html: email.html ?? null,
        kind: email.kind,
        status: "queued",
        job_id: email.jobId ?? null,
        sender_id: email.senderId ?? null,
        document_id: email.documentId ?? null,
      })
      .returning("*")) as EmailRow[];
    if (!row) throw new Error("email insert returned no row");
    return toRecord(row);
  },

  async findById(db: Knex, id: string): Promise<EmailRecord | undefined> {
    const row = (await db("emails").where({ id }).first()) as EmailRow | undefined;
    return row && toRecord(row);
  },

  /**
   * Takes a failed message back into the queue, atomically: of two resends at once, one gets the row.
   * @returns the message when this caller claimed it
   */
  async claimFailed(db: Knex, id: string): Promise<EmailRecord | undefined> {
    const [row] = (await db("emails")
      .where({ id, status: "failed" })
      .update({ status: "queued", error: null, updated_at: new Date() })
      .returning("*")) as EmailRow[];
    return row && toRecord(row);
  },

  /**
   * Records the outcome of delivery attempt number `attempt + 1`, only if no other attempt was recorded meanwhile:
   * a job that runs twice (its process died) records once.
   * @returns whether this attempt was recorded
   */
  async recordAttempt(db: Knex, id: string, attempt: number, outcome: { status: EmailStatus; error?: string; sentAt?: Date }): Promise<boolean> {
    const updated = await db("emails")
      .where({ id, status: "queued", attempts: attempt })
      .update({
        status: outcome.status,
        attempts: attempt + 1,
        // A success keeps the reason of the failure before it out of sight; a failure keeps its own.
        error: outcome.status === "sent" || outcome.status === "logged" ? null : (outcome.error ?? null),
        sent_at: outcome.sentAt ?? null,
        updated_at: new Date(),
      });
    return updated > 0;
  },

  /**
   * Keeps a message in the outbox as logged (delivery attempt `attempt + 1`), only while the deployment has never had
   * an SMTP sender: checked in the same statement, so a sender that starts meanwhile gets the message instead.
   * @returns whether it was marked logged
   */
  async recordLoggedWithoutSender(db: Knex, id: string, attempt: number): Promise<boolean> {
    const updated = await db("emails")
      .where({ id, status: "queued", attempts: attempt })
      .whereNotExists(db("mail_deployment").select(db.raw("1")))
      .update({ status: "logged", attempts: attempt + 1, error: null, sent_at: null, updated_at: new Date() });
    return updated > 0;
  },

  async list(db: Knex, query: { to?: string; kind?: string; offset: number; limit: number }): Promise<{ rows: EmailRecord[]; total: number }> {
    const filtered = db("emails").modify((builder) => {
      if (query.to) builder.where("to_address", query.to.toLowerCase());
      if (query.kind) builder.where("kind", query.kind);
    });
    const [countRow] = (await filtered.clone().count({ total: "*" })) as Array<{ total: number | string }>;
    const rows = (await filtered.clone().select("*").orderBy("created_at", "desc").orderBy("id", "desc").offset(query.offset).limit(query.limit)) as EmailRow[];
    return { rows: rows.map(toRecord), total: Number(countRow?.total ?? 0) };
  },
};
