import type { Knex } from "knex";
import { ROOM_MEMBER_SQL, UNREAD_MESSAGES_SQL } from "./chat-room-reads.js";
import { toCount, toDate, toDateOrNull } from "./rows.js";

/** A chat room with the names and last message a room list shows. */
export interface ChatRoomRecord {
  roomId: string;
  clientId: string;
  clientName: string;
  freelancerId: string;
  freelancerUserId: string | null;
  freelancerName: string;
  jobId: number | null;
  jobTitle: string | null;
  meetLink: string | null;
  /** the admins who joined the conversation: members besides the two parties */
  guestIds: string[];
  lastMessage: { content: string; createdAt: Date } | null;
  lastMessageAt: Date | null;
  createdAt: Date;
}

/** A room's members and job: the part of a room the chat rules read. */
export type ChatRoomMembership = Pick<ChatRoomRecord, "roomId" | "clientId" | "freelancerUserId" | "jobId" | "guestIds">;

/** A room in the viewer's room list: the room plus how many of its messages the viewer has not read. */
export interface ChatRoomListRecord extends ChatRoomRecord {
  unreadCount: number;
}

interface ChatRoomRow {
  room_id: string;
  client_id: string;
  client_first_name: string | null;
  client_last_name: string | null;
  freelancer_id: string;
  freelancer_user_id: string | null;
  freelancer_name: string | null;
  job_id: number | null;
  job_title: string | null;
  meet_link: string | null;
  guest_ids: string[] | null;
  last_content: string | null;
  last_created_at: Date | string | null;
  last_message_at: Date | string | null;
  created_at: Date | string;
}

const toRecord = (row: ChatRoomRow): ChatRoomRecord => ({
  roomId: row.room_id,
  clientId: row.client_id,
  clientName: `${row.client_first_name ?? ""} ${row.client_last_name ?? ""}`.trim(),
  freelancerId: row.freelancer_id,
  freelancerUserId: row.freelancer_user_id,
  freelancerName: row.freelancer_name?.trim() ?? "",
  jobId: row.job_id,
  jobTitle: row.job_title,
  meetLink: row.meet_link,
  guestIds: row.guest_ids ?? [],
  lastMessage: row.last_content === null || row.last_created_at === null ? null : { content: row.last_content, createdAt: toDate(row.last_created_at) },
  lastMessageAt: toDateOrNull(row.last_message_at),
  createdAt: toDate(row.created_at),
});

/** The ids of the admins who joined room `r`, as a text array. */
const GUEST_IDS_SQL = `array(select g.user_id::text from chat_room_guests g where g.room_id = r.room_id order by g.joined_at, g.user_id) as guest_ids`;

function selectRooms(db: Knex) {
  return (
    db({ r: "chat_rooms" })
      .join({ c: "users" }, "c.id", "r.client_id")
      // freelancer_id is text: a profile id or an admin identity, so the profile id is compared as text.
      .joinRaw("left join freelancers f on f.id::text = r.freelancer_id")
      .leftJoin({ fu: "users" }, "fu.id", "r.freelancer_user_id")
      .leftJoin({ j: "jobs" }, "j.id", "r.job_id")
      // The last message of each room, read backwards on (room_id, id).
      .joinRaw(`left join lateral (select m.content, m.created_at from messages m where m.room_id = r.room_id order by m.id desc limit 1) lm on true`)
      .select(
        "r.room_id",
        "r.client_id",
        "c.first_name as client_first_name",
        "c.last_name as client_last_name",
        "r.freelancer_id",
        "r.freelancer_user_id",
        db.raw(`coalesce(f.name, fu.first_name || ' ' || fu.last_name) as freelancer_name`),
        "r.job_id",
        "j.title as job_title",
        "r.meet_link",
        db.raw(GUEST_IDS_SQL),
        "lm.content as last_content",
        "lm.created_at as last_created_at",
        "r.last_message_at",
        "r.created_at",
      )
  );
}

/** Chat rooms (spec: chat_rooms). */
export const chatRoomsRepository = {
  async findById(db: Knex, roomId: string): Promise<ChatRoomRecord | undefined> {
    const row = (await selectRooms(db).where("r.room_id", roomId).first()) as ChatRoomRow | undefined;
    return row && toRecord(row);
  },

  /** Who is in a room, without the names and last message: what the rules need to let someone post. */
  async findMembership(db: Knex, roomId: string): Promise<ChatRoomMembership | undefined> {
    const row = (await db({ r: "chat_rooms" })
      .where("r.room_id", roomId)
      .first("r.room_id", "r.client_id", "r.freelancer_user_id", "r.job_id", db.raw(GUEST_IDS_SQL))) as
      Pick<ChatRoomRow, "room_id" | "client_id" | "freelancer_user_id" | "job_id" | "guest_ids"> | undefined;
    return row && { roomId: row.room_id, clientId: row.client_id, freelancerUserId: row.freelancer_user_id, jobId: row.job_id, guestIds: row.guest_ids ?? [] };
  },

  /**
   * Makes a user a member of a room they were not in (an admin joining a conversation), unless they already are:
   * two concurrent joins insert one row. @returns whether this call added them
   */
  async addGuest(db: Knex, guest: { roomId: string; userId: string; at: Date }): Promise<boolean> {
    const rows = (await db("chat_room_guests")
      .insert({ room_id: guest.roomId, user_id: guest.userId, joined_at: guest.at })
      .onConflict(["room_id", "user_id"])
      .ignore()
      .returning("room_id")) as Array<{ room_id: string }>;
    return rows.length === 1;
  },

  /** The admin's room with a job's poster, if it was opened before. */
  async findJobRoom(db: Knex, room: { jobId: number; clientId: string; freelancerId: string }): Promise<ChatRoomRecord | undefined> {
    const row = (await selectRooms(db)
      .where("r.job_id", room.jobId)
      .where("r.client_id", room.clientId)
      .where("r.freelancer_id", room.freelancerId)
      .first()) as ChatRoomRow | undefined;
    return row && toRecord(row);
  },

  /** Creates the room unless it exists (two first clicks at once make one room). @returns whether it was created */
  async insertIfAbsent(
    db: Knex,
    room: { roomId: string; clientId: string; freelancerId: string; freelancerUserId: string; jobId: number | null },
  ): Promise<boolean> {
    const rows = (await db("chat_rooms")
      .insert({
        room_id: room.roomId,
        client_id: room.clientId,
        freelancer_id: room.freelancerId,
        freelancer_user_id: room.freelancerUserId,
        job_id: room.jobId,
      })
      .onConflict()
      .ignore()
      .returning("room_id")) as Array<{ room_id: string }>;
    return rows.length === 1;
  },

  /**
   * The rooms a user is in (admins: all), newest activity first, each with its count of messages unread for the
   * user; rooms the user is not a member of (an admin's view of others' rooms) count 0.
   */
  async listFor(
    db: Knex,
    viewer: { userId: string; all: boolean },
    page: { offset: number; limit: number },
  ): Promise<{ rows: ChatRoomListRecord[]; total: number }> {
    const id = viewer.userId;
    const visible = db({ r: "chat_rooms" }).modify((builder) => {
      if (!viewer.all) builder.whereRaw(ROOM_MEMBER_SQL, [id, id, id]);
    });
    const [countRow] = (await visible.count({ total: "*" })) as Array<{ total: number | string }>;
    const rows = (await selectRooms(db)
      // The membership test only reads the outer row, so a non-member room costs no message scan.
      .joinRaw(`left join lateral (select count(*)::int as n ${UNREAD_MESSAGES_SQL} and ${ROOM_MEMBER_SQL}) unread on true`, [id, id, id, id, id])
      .select("unread.n as unread_count")
      .modify((builder) => {
        if (!viewer.all) builder.whereRaw(ROOM_MEMBER_SQL, [id, id, id]);
      })
      .orderByRaw("coalesce(r.last_message_at, r.created_at) desc")
      .orderBy("r.room_id")
      .offset(page.offset)
      .limit(page.limit)) as Array<ChatRoomRow & { unread_count: number }>;
    return { rows: rows.map((row) => ({ ...toRecord(row), unreadCount: row.unread_count })), total: toCount(countRow?.total) };
  },

  async touchLastMessage(db: Knex, roomId: string, at: Date): Promise<void> {
    await db("chat_rooms").where({ room_id: roomId }).update({ last_message_at: at, updated_at: at });
  },

  async setMeetLink(db: Knex, roomId: string, meetLink: string | null, now: Date): Promise<void> {
    await db("chat_rooms").where({ room_id: roomId }).update({ meet_link: meetLink, updated_at: now });
  },
};
