import type { Knex } from "knex";
import { notificationRecordOf, toRow, type NewNotification, type NotificationRecord } from "./notifications.js";
import { toDate } from "./rows.js";

/** A chat message. Ids are bigserial, so they grow with insertion and "since id" is exact. */
export interface ChatMessageRecord {
  id: string;
  roomId: string;
  senderId: string | null;
  receiverId: string | null;
  jobId: number | null;
  content: string;
  createdAt: Date;
}

interface ChatMessageRow {
  id: string | number;
  room_id: string;
  sender_id: string | null;
  receiver_id: string | null;
  job_id: number | null;
  content: string;
  created_at: Date | string;
}

const toRecord = (row: ChatMessageRow): ChatMessageRecord => ({
  id: String(row.id),
  roomId: row.room_id,
  senderId: row.sender_id,
  receiverId: row.receiver_id,
  jobId: row.job_id,
  content: row.content,
  createdAt: toDate(row.created_at),
});

/** Which page of a room's history: the latest, those before an id (scrolling back), or those after one (catching up). */
export interface MessagePage {
  before?: string | undefined;
  after?: string | undefined;
  limit: number;
}

/** Chat messages (spec: messages), written with the e-mail throttle (chat_notifications). */
export const chatMessagesRepository = {
  async insert(db: Knex, message: Omit<ChatMessageRecord, "id" | "createdAt">): Promise<ChatMessageRecord> {
    const [row] = (await db("messages")
      .insert({
        room_id: message.roomId,
        sender_id: message.senderId,
        receiver_id: message.receiverId,
        job_id: message.jobId,
        content: message.content,
        created_at: db.raw("clock_timestamp()"),
      })
      .returning("*")) as ChatMessageRow[];
    return toRecord(row!);
  },

  /**
   * Stores a message and everything that goes with it in one statement (atomic without a transaction, and one round
   * trip on the chat's hot path): the room's last activity, the sender's read mark up to their own message (never
   * backwards), and the claim of the right to e-mail the recipient about the room (at most once per window, atomic
   * across processes, as `claimNotification`).
   * @returns the message, and whether this message claimed the recipient's e-mail
   */
  async post(
    db: Knex,
    message: Omit<ChatMessageRecord, "id" | "createdAt">,
    at: { now: Date; notificationWindowMs: number },
    // The recipient's in-app notification, written by the same statement (at most one: a message has one recipient).
    notification?: NewNotification,
  ): Promise<{ message: ChatMessageRecord; notify: boolean; notification: { record: NotificationRecord; unreadCount: number } | null }> {
    const cutoff = new Date(at.now.getTime() - at.notificationWindowMs);
    const inserted = notification ? db("notifications").insert(toRow(notification)).returning("*").toSQL() : null;
    const result = (await db.raw(
      `with m as (
         insert into messages (room_id, sender_id, receiver_id, job_id, content, created_at)
         values (?, ?, ?, ?, ?, clock_timestamp())
         returning *
       ), touched as (
         update chat_rooms r set last_message_at = m.created_at, updated_at = m.created_at from m
         where r.room_id = m.room_id
         returning 1
       ), read_mark as (
         insert into chat_room_reads (room_id, user_id, last_read_message_id, read_at)
         select m.room_id, m.sender_id, m.id, ?::timestamptz from m where m.sender_id is not null
         on conflict (room_id, user_id) do update
           set last_read_message_id = greatest(chat_room_reads.last_read_message_id, excluded.last_read_message_id),
               read_at = excluded.read_at
         returning 1
       ), claim as (
         insert into chat_notifications (room_id, recipient_id, last_sent_at)
         select m.room_id, m.receiver_id, ?::timestamptz from m where m.receiver_id is not null
         on conflict (room_id, recipient_id) do update set last_sent_at = excluded.last_sent_at
         where chat_notifications.last_sent_at <= ?::timestamptz
         returning 1
       )${inserted ? `, n as (${inserted.sql})` : ""}
       -- Data-modifying CTEs run whether or not the query reads them. The unread count is read in the statement's
       -- snapshot, which does not see its own notification: hence + 1.
       select m.*, (select count(*) from claim)::int as claimed,
              ${
                inserted
                  ? `(select row_to_json(x) from (
                       select n.*, a.first_name, a.last_name,
                              (select count(*) from notifications c where c.user_id = n.user_id and c.read_at is null)::int + 1 as unread_count
                       from n left join users a on a.id = n.actor_id) x)`
                  : "null"
              } as notification
       from m`,
      [message.roomId, message.senderId, message.receiverId, message.jobId, message.content, at.now, at.now, cutoff, ...(inserted?.bindings ?? [])],
    )) as { rows: Array<ChatMessageRow & { claimed: number; notification: (Record<string, unknown> & { unread_count: number }) | null }> };
    const row = result.rows[0]!;
    return {
      message: toRecord(row),
      notify: row.claimed === 1,
      notification: row.notification ? { record: notificationRecordOf(row.notification), unreadCount: Number(row.notification.unread_count) } : null,
    };
  },

  /** One page of a room's messages, oldest first. */
  async list(db: Knex, roomId: string, page: MessagePage): Promise<ChatMessageRecord[]> {
    if (page.after !== undefined) {
      const rows = (await db("messages").where("room_id", roomId).where("id", ">", page.after).orderBy("id", "asc").limit(page.limit)) as ChatMessageRow[];
      return rows.map(toRecord);
    }
    const rows = (await db("messages")
      .where("room_id", roomId)
      .modify((builder) => {
        if (page.before !== undefined) builder.where("id", "<", page.before);
      })
      .orderBy("id", "desc")
      .limit(page.limit)) as ChatMessageRow[];
    return rows.reverse().map(toRecord);
  },
};
