import type { Knex } from "knex";
import { toDate } from "./rows.js";

export interface AttachmentRecord {
  fileId: string;
  name: string;
  url: string;
  type: string;
  size: number;
}

export interface TaskMessageRecord {
  id: string;
  taskId: string;
  jobId: number;
  senderId: string | null;
  senderName: string | null;
  content: string;
  attachments: AttachmentRecord[];
  createdAt: Date;
}

interface TaskMessageRow {
  id: string;
  task_id: string;
  job_id: number;
  sender_id: string | null;
  first_name: string | null;
  last_name: string | null;
  content: string;
  attachments: AttachmentRecord[] | string;
  created_at: Date | string;
}

const toRecord = (row: TaskMessageRow): TaskMessageRecord => ({
  id: row.id,
  taskId: row.task_id,
  jobId: row.job_id,
  senderId: row.sender_id,
  senderName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ""}`.trim(),
  content: row.content,
  attachments: typeof row.attachments === "string" ? (JSON.parse(row.attachments) as AttachmentRecord[]) : row.attachments,
  createdAt: toDate(row.created_at),
});

function selectMessages(db: Knex) {
  return db({ m: "task_communications" }).leftJoin({ u: "users" }, "u.id", "m.sender_id").select("m.*", "u.first_name", "u.last_name");
}

/** The conversation under each task (spec: task_communications). */
export const taskMessagesRepository = {
  async insert(
    db: Knex,
    message: { taskId: string; jobId: number; senderId: string | null; content: string; attachments: AttachmentRecord[] },
  ): Promise<string> {
    const [row] = (await db("task_communications")
      .insert({
        task_id: message.taskId,
        job_id: message.jobId,
        sender_id: message.senderId,
        content: message.content,
        attachments: JSON.stringify(message.attachments),
      })
      .returning("id")) as Array<{ id: string }>;
    return row!.id;
  },

  async findById(db: Knex, id: string): Promise<TaskMessageRecord | undefined> {
    const row = (await selectMessages(db).where("m.id", id).first()) as TaskMessageRow | undefined;
    return row && toRecord(row);
  },

  /** The latest `limit` messages of a task, oldest first (the dialog shows the end of the conversation). */
  async listForTask(db: Knex, taskId: string, limit: number): Promise<TaskMessageRecord[]> {
    const rows = (await selectMessages(db).where("m.task_id", taskId).orderBy("m.created_at", "desc").orderBy("m.id", "desc").limit(limit)) as TaskMessageRow[];
    return rows.reverse().map(toRecord);
  },

  /**
   * Claims the right to e-mail a recipient about a task's messages: true at most once per window, atomically, so two
   * processes sending at once send one e-mail.
   */
  async claimNotification(db: Knex, taskId: string, recipientId: string, now: Date, windowMs: number): Promise<boolean> {
    const cutoff = new Date(now.getTime() - windowMs);
    const result = (await db.raw(
      `insert into task_message_notifications (task_id, recipient_id, last_sent_at) values (?, ?, ?)
       on conflict (task_id, recipient_id) do update set last_sent_at = excluded.last_sent_at
       where task_message_notifications.last_sent_at <= ?
       returning task_id`,
      [taskId, recipientId, now, cutoff],
    )) as { rows: unknown[] };
    return result.rows.length === 1;
  },
};
