import type { Knex } from "knex";
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

/** Chat messages (spec: messages) and the e-mail throttle (chat_notifications). */
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

  /**
   * Claims the right to e-mail a recipient about a room: true at most once per window, atomically, so two
   * processes sending at once send one e-mail.
   */
  async claimNotification(db: Knex, roomId: string, recipientId: string, now: Date, windowMs: number): Promise<boolean> {
    const cutoff = new Date(now.getTime() - windowMs);
    const result = (await db.raw(
      `insert into chat_notifications (room_id, recipient_id, last_sent_at) values (?, ?, ?)
       on conflict (room_id, recipient_id) do update set last_sent_at = excluded.last_sent_at
       where chat_notifications.last_sent_at <= ?
       returning room_id`,
      [roomId, recipientId, now, cutoff],
    )) as { rows: unknown[] };
    return result.rows.length === 1;
  },
};
