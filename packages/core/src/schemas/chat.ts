/**
 * Request and response schemas of chat rooms and messages (API.md "Chat").
 */
import { z } from "zod";
import { errorCatalogue } from "../errors.js";
import { inputString, jobId, paginationQuery, uuidId } from "./common.js";

/** Rooms per page of the room list. */
export const CHAT_ROOMS_PER_PAGE = 30;

const EMPTY_MESSAGE = errorCatalogue.EMPTY_MESSAGE.message;

/** POST /api/chat/rooms (clients only) */
export const chatRoomCreateBody = z.object({
  /** the freelancer profile to chat with; 'Invalid freelancer ID format' when malformed */
  freelancerId: uuidId(errorCatalogue.INVALID_FREELANCER_ID.message),
  /** the job the chat is about, if any */
  jobId: jobId.optional(),
});
/** What a handler receives once `chatRoomCreateBody` has parsed the input. */
export type ChatRoomCreateBody = z.infer<typeof chatRoomCreateBody>;

/** POST /api/admin/chat-rooms */
export const adminChatRoomBody = z.object({
  /** the job whose poster the admin wants to talk to */
  jobId,
});
/** What a handler receives once `adminChatRoomBody` has parsed the input. */
export type AdminChatRoomBody = z.infer<typeof adminChatRoomBody>;

/** POST /api/chat/rooms/:roomId/messages: blank messages are not sent. */
export const chatMessageBody = z.object({
  /** the message text, non-blank after trimming */
  content: inputString({ error: EMPTY_MESSAGE }).trim().min(1, EMPTY_MESSAGE).max(10_000, "At most 10000 characters"),
});
/** What a handler receives once `chatMessageBody` has parsed the input. */
export type ChatMessageBody = z.infer<typeof chatMessageBody>;

/** Path parameters of `/api/chat/rooms/:roomId/…`. */
export const roomIdParams = z.object({
  /** the room id, e.g. `{clientId}_freelancer_{freelancerId}` */
  roomId: inputString().trim().min(1, "Invalid room id").max(300, "Invalid room id"),
});
/** What a handler receives once `roomIdParams` has parsed the input. */
export type RoomIdParams = z.infer<typeof roomIdParams>;

/** A chat message as the API returns it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  senderId: z.string().nullable(),
  receiverId: z.string().nullable(),
  jobId: z.number().int().nullable(),
  content: z.string(),
  createdAt: z.string(),
});
/** The shape `chatMessageSchema` describes. */
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat room as `GET /api/chat/rooms` lists it. */
export const chatRoomSchema = z.object({
  roomId: z.string(),
  jobId: z.number().int().nullable(),
  /** 'Untitled Project' is shown when null */
  jobTitle: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string(),
  /** a freelancer profile id, or `admin_{userId}` for an admin's room */
  freelancerId: z.string(),
  freelancerName: z.string(),
  /** the name of whoever the viewer talks to */
  otherPartyName: z.string(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  lastMessageAt: z.string().nullable(),
  meetLink: z.string().nullable(),
});
/** The shape `chatRoomSchema` describes. */
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** A room as `GET /api/chat/rooms` lists it: the room plus how many of its messages the viewer has not read. */
export const chatRoomListItemSchema = chatRoomSchema.extend({
  /** messages someone else sent after the viewer's last read; 0 in rooms the viewer is not a member of */
  unreadCount: z.number().int().nonnegative(),
});
/** The shape `chatRoomListItemSchema` describes. */
export type ChatRoomListItem = z.infer<typeof chatRoomListItemSchema>;

/** `GET /api/chat/unread`: the nav's messages badge. */
export const chatUnreadSchema = z.object({
  /** rooms the viewer is a member of holding at least one unread message (admins: their own rooms only) */
  rooms: z.number().int().nonnegative(),
});
/** The shape `chatUnreadSchema` describes. */
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

const messageId = inputString().regex(/^\d{1,18}$/, "Invalid message id");

/** GET /api/chat/rooms/:roomId/messages query: the latest page, older ones, or those after a known id. */
export const messagesQuery = z
  .object({
    /** messages older than this id (scrolling back) */
    before: messageId.optional(),
    /** messages newer than this id (a reconnecting client's last message) */
    after: messageId.optional(),
    /** page size, 1-200 (default 50) */
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: "Use before or after, not both", path: ["before"] });

/** PATCH /api/chat/rooms/:roomId: the meeting link ('Join Meeting'); blank or null removes it. */
export const roomUpdateBody = z.object({
  /** an http(s) link to the meeting */
  meetLink: z.preprocess(
    (value) => (value === "" ? null : value),
    z
      .url({ protocol: /^https?$/, error: "Please enter a valid http(s) link" })
      .max(2_000)
      .nullable(),
  ),
});

/** GET /api/chat/rooms query: a page of rooms, newest activity first (X-Total-Count has the whole number). */
export const chatRoomsQuery = paginationQuery.extend({
  /** rooms per page */
  perPage: z.coerce.number().int().min(1).max(100).default(CHAT_ROOMS_PER_PAGE),
});
