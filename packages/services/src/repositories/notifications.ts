import type { Knex } from "knex";
import type { NotificationSubjectType, NotificationType } from "@forgehire/core";
import { toDate } from "./rows.js";

/** One notification of one user. Ids are bigserial: they grow with insertion, and are the list's keyset. */
export interface NotificationRecord {
  id: string;
  userId: string;
  type: NotificationType;
  actorId: string | null;
  /** null when the actor's account is gone, or for the system */
  actorName: string | null;
  jobId: number | null;
  subjectType: NotificationSubjectType;
  subjectId: string;
  link: string;
  title: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
}

interface NotificationRow {
  id: string | number;
  user_id: string;
  type: NotificationType;
  actor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  job_id: number | null;
  subject_type: NotificationSubjectType;
  subject_id: string;
  link: string;
  title: string;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const toRecord = (row: NotificationRow): NotificationRecord => ({
  id: String(row.id),
  userId: row.user_id,
  type: row.type,
  actorId: row.actor_id,
  actorName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ""}`.trim(),
  jobId: row.job_id,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  link: row.link,
  title: row.title,
  body: row.body,
  createdAt: toDate(row.created_at),
  readAt: row.read_at === null ? null : toDate(row.read_at),
});

/** A new notification, before its id. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId: string | null;
  jobId: number | null;
  subjectType: NotificationSubjectType;
  subjectId: string;
  link: string;
  title: string;
  body: string;
  createdAt: Date;
}

/** Which page of a user's notifications: newest first, after the cursor (an id), optionally unread or of one type. */
export interface NotificationPageQuery {
  cursor?: string | undefined;
  limit: number;
  unread?: boolean | undefined;
  type?: NotificationType | undefined;
}

/** A new notification as its row; the texts cut to their columns. */
export const toRow = (row: NewNotification) => ({
  user_id: row.userId,
  type: row.type,
  actor_id: row.actorId,
  job_id: row.jobId,
  subject_type: row.subjectType,
  subject_id: row.subjectId.slice(0, 100),
  link: row.link.slice(0, 500),
  title: row.title.slice(0, 300),
  body: row.body.slice(0, 1000),
  created_at: row.createdAt,
});

/** A stored row (with the actor's names) as a record. */
export const notificationRecordOf = (row: Record<string, unknown>): NotificationRecord => toRecord(row as unknown as NotificationRow);

const selectWithActor = (db: Knex) => db("notifications as n").leftJoin("users as a", "a.id", "n.actor_id").select("n.*", "a.first_name", "a.last_name");

/** The notifications table (the notification centre): every read is one user's own. */
export const notificationsRepository = {
  async insert(db: Knex, rows: readonly NewNotification[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = (await db("notifications").insert(rows.map(toRow)).returning("id")) as Array<{ id: string | number }>;
    return inserted.map((row) => String(row.id));
  },

  /**
   * Inserts the rows in one statement and answers each as a record with its recipient's unread count after it (the
   * count read in the statement's snapshot, which does not see its own rows: hence + 1, one row per recipient).
   */
  async insertCounting(db: Knex, rows: readonly NewNotification[]): Promise<Array<{ record: NotificationRecord; unreadCount: number }>> {
    if (rows.length === 0) return [];
    const { sql, bindings } = db("notifications").insert(rows.map(toRow)).returning("*").toSQL();
    const result = (await db.raw(
      `with n as (${sql})
       select n.*, a.first_name, a.last_name,
              (select count(*) from notifications c where c.user_id = n.user_id and c.read_at is null)::int + 1 as unread_count
       from n left join users a on a.id = n.actor_id
       order by n.id`,
      bindings,
    )) as { rows: Array<NotificationRow & { unread_count: number }> };
    return result.rows.map((row) => ({ record: toRecord(row), unreadCount: Number(row.unread_count) }));
  },

  async findById(db: Knex, id: string): Promise<NotificationRecord | undefined> {
    const row = (await selectWithActor(db).where("n.id", id).first()) as NotificationRow | undefined;
    return row && toRecord(row);
  },

  /**
   * One page, newest first, and whether another follows (one row more is read to know). Served by the indexes on
   * (user_id, id desc), (user_id, type, id desc) and the unread partial index.
   */
  async page(db: Knex, userId: string, query: NotificationPageQuery): Promise<{ items: NotificationRecord[]; more: boolean }> {
    const builder = selectWithActor(db).where("n.user_id", userId);
    if (query.cursor) builder.where("n.id", "<", query.cursor);
    if (query.unread) builder.whereNull("n.read_at");
    if (query.type) builder.where("n.type", query.type);
    const rows = (await builder.orderBy("n.id", "desc").limit(query.limit + 1)) as NotificationRow[];
    return { items: rows.slice(0, query.limit).map(toRecord), more: rows.length > query.limit };
  },

  async unreadCount(db: Knex, userId: string): Promise<number> {
    const row = (await db("notifications").where({ user_id: userId }).whereNull("read_at").count({ count: "*" }).first()) as { count: string | number };
    return Number(row.count);
  },

  /** Marks the user's own notifications read (those of others are left alone, whatever ids are given). */
  async markRead(db: Knex, userId: string, target: { ids: readonly string[] } | { all: true }, now: Date): Promise<number> {
    const builder = db("notifications").where({ user_id: userId }).whereNull("read_at");
    if ("ids" in target) builder.whereIn("id", [...target.ids]);
    return builder.update({ read_at: now });
  },
};
