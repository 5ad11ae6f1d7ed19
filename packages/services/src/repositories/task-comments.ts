import type { Knex } from "knex";
import type { TaskStatus } from "@forgehire/core";
import { toDate } from "./rows.js";

/** A comment saved with a task's status. Ids are bigserial, so they grow with insertion. */
export interface TaskCommentRecord {
  id: string;
  taskId: string;
  authorId: string | null;
  /** null when the author's account is gone, or for a comment kept from before the history existed */
  authorName: string | null;
  status: TaskStatus;
  comment: string;
  createdAt: Date;
}

interface TaskCommentRow {
  id: string | number;
  task_id: string;
  author_id: string | null;
  first_name: string | null;
  last_name: string | null;
  status: TaskStatus;
  comment: string;
  created_at: Date | string;
}

const toRecord = (row: TaskCommentRow): TaskCommentRecord => ({
  id: String(row.id),
  taskId: row.task_id,
  authorId: row.author_id,
  authorName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ""}`.trim(),
  status: row.status,
  comment: row.comment,
  createdAt: toDate(row.created_at),
});

/** Which page of a task's comments: the latest `limit`, or the `limit` before a comment id. */
export interface TaskCommentPage {
  before?: string | undefined;
  limit: number;
}

/** The comment history of tasks (task_status_comments); the only place that table is touched. */
export const taskCommentsRepository = {
  async insert(db: Knex, comment: { taskId: string; authorId: string; status: TaskStatus; comment: string; at: Date }): Promise<string> {
    const [row] = (await db("task_status_comments")
      .insert({ task_id: comment.taskId, author_id: comment.authorId, status: comment.status, comment: comment.comment, created_at: comment.at })
      .returning("id")) as Array<{ id: string | number }>;
    return String(row!.id);
  },

  /** One page of a task's comments, oldest first. */
  async listForTask(db: Knex, taskId: string, page: TaskCommentPage): Promise<TaskCommentRecord[]> {
    const rows = (await db({ c: "task_status_comments" })
      .leftJoin({ u: "users" }, "u.id", "c.author_id")
      .where("c.task_id", taskId)
      .modify((builder) => {
        if (page.before !== undefined) builder.where("c.id", "<", page.before);
      })
      .select("c.*", "u.first_name", "u.last_name")
      // created_at first so the (task_id, created_at) index serves it; the id breaks ties within one instant.
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(page.limit)) as TaskCommentRow[];
    return rows.reverse().map(toRecord);
  },
};
