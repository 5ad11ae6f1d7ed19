import type { Knex } from "knex";

/**
 * The SQL form of core `isUnreadMessage` for one room `r` and one viewer: someone else's message after the viewer's
 * last read. Takes the viewer's id twice. It walks the (room_id, id) index from the read mark forwards.
 */
export const UNREAD_MESSAGES_SQL = `from messages m
  where m.room_id = r.room_id
    and m.id > coalesce((select rr.last_read_message_id from chat_room_reads rr where rr.room_id = r.room_id and rr.user_id = ?), 0)
    and m.sender_id is distinct from ?`;

/** The SQL form of core `isRoomMember` for room `r` (the parties and the admins who joined); takes the viewer's id three times. */
export const ROOM_MEMBER_SQL = `(r.client_id = ? or r.freelancer_user_id = ? or exists (select 1 from chat_room_guests g where g.room_id = r.room_id and g.user_id = ?))`;

/** How far each member has read each chat room (chat_room_reads). */
export const chatRoomReadsRepository = {
  /**
   * Moves a user's read mark in a room up to a message (by default the room's newest), never backwards: two reads
   * arriving out of order keep the later mark. An empty room stores nothing.
   */
  async markRead(db: Knex, read: { roomId: string; userId: string; at: Date; upToMessageId?: string }): Promise<void> {
    const upTo =
      read.upToMessageId === undefined
        ? db.raw(`(select max(m.id) from messages m where m.room_id = ?)`, [read.roomId])
        : db.raw(`?::bigint`, [read.upToMessageId]);
    await db.raw(
      `insert into chat_room_reads (room_id, user_id, last_read_message_id, read_at)
       select ?::text, ?::uuid, up_to.id, ?::timestamptz from (select ? as id) up_to where up_to.id is not null
       on conflict (room_id, user_id) do update
         set last_read_message_id = greatest(chat_room_reads.last_read_message_id, excluded.last_read_message_id),
             read_at = excluded.read_at`,
      [read.roomId, read.userId, read.at, upTo],
    );
  },

  /** How many rooms the user is a member of hold at least one message unread for them. */
  async unreadRoomCount(db: Knex, userId: string): Promise<number> {
    const row = (await db({ r: "chat_rooms" })
      .whereRaw(ROOM_MEMBER_SQL, [userId, userId, userId])
      .whereRaw(`exists (select 1 ${UNREAD_MESSAGES_SQL})`, [userId, userId])
      .first(db.raw("count(*)::int as rooms"))) as { rooms: number } | undefined;
    return row?.rooms ?? 0;
  },
};
