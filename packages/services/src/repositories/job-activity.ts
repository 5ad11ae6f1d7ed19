import type { Knex } from "knex";

export type JobActivityAction =
  | "created"
  | "updated"
  | "deleted"
  | "breakdown"
  | "lock"
  | "unlock"
  | "start"
  | "complete"
  | "change_request"
  | "payment_pending"
  | "paid"
  | "payment_failed"
  | "story_submitted"
  | "story_approved"
  | "story_changes_requested"
  | "dispute_opened"
  | "dispute_resolved"
  | "change_request_paid"
  | "change_request_declined"
  | "review_posted"
  | "review_edited"
  | "review_replied"
  | "review_hidden"
  | "restored";

/** The activity log: who changed a job's state, and when; written in the same transaction as the change. */
export const jobActivityRepository = {
  async record(db: Knex, entry: { jobId: number; actorId: string | null; action: JobActivityAction; details?: Record<string, unknown> }): Promise<void> {
    await db("job_activity").insert({
      job_id: entry.jobId,
      actor_id: entry.actorId,
      action: entry.action,
      details: JSON.stringify(entry.details ?? {}),
    });
  },

  async listForJob(
    db: Knex,
    jobId: number,
  ): Promise<Array<{ action: JobActivityAction; actorId: string | null; details: Record<string, unknown>; createdAt: Date }>> {
    const rows = (await db("job_activity").where({ job_id: jobId }).orderBy("created_at").orderBy("id")) as Array<{
      action: JobActivityAction;
      actor_id: string | null;
      details: Record<string, unknown> | string;
      created_at: Date | string;
    }>;
    return rows.map((row) => ({
      action: row.action,
      actorId: row.actor_id,
      details: typeof row.details === "string" ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
      createdAt: new Date(row.created_at),
    }));
  },
};
