/**
 * The socket.io contract (docs/api.md "Realtime"), once for the server and both web apps: the payload schemas and
 * socket.io's four typed event maps built from them. `new Server<ClientToServerEvents, ServerToClientEvents,
 * InterServerEvents, SocketData>()` and the clients' `Socket<ServerToClientEvents, ClientToServerEvents>` then
 * refuse an event name or payload the other side does not know.
 */
import { z } from "zod";
import {
  breakdownDoneEventSchema,
  breakdownProgressEventSchema,
  taskMessageSchema,
  type BreakdownDoneEvent,
  type BreakdownProgressEvent,
  type TaskMessage,
} from "./breakdown.js";
import { chatMessageSchema, roomIdParams, type ChatMessage } from "./chat.js";
import { notificationNewEventSchema, type NotificationNewEvent } from "./notifications.js";
import type { RoleType, UserType } from "../users.js";

/**
 * `join`: a task's conversation, a chat room, or (admins) the Communication Hub, which hears every room's new
 * messages; refused unless the user may read it.
 */
export const joinRequestSchema = z.union([
  z.object({
    /** the task whose `task:message`s to receive */
    taskId: z.guid(),
  }),
  z.object({
    /** the room whose `chat:message`s to receive */
    roomId: roomIdParams.shape.roomId,
  }),
  z.object({
    /** the back office's Communication Hub: every room's `chat:message`s (admins only) */
    hub: z.literal("chat"),
  }),
]);
/** What a client sends with `join`. */
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** `join`'s acknowledgement: joined, or the API's error code and message. */
export const joinAnswerSchema = z.union([
  z.object({ ok: z.literal(true) }),
  // `code` is an error code of the API (errors.ts) or INTERNAL; `message` is safe to show.
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
]);
/** The shape `joinAnswerSchema` describes. */
export type JoinAnswer = z.infer<typeof joinAnswerSchema>;

/** `chat:read`, to the reader's own sockets: a room they read (in this tab or another). */
export const chatReadEventSchema = z.object({ roomId: z.string() });
/** The shape `chatReadEventSchema` describes. */
export type ChatReadEvent = z.infer<typeof chatReadEventSchema>;

/** Every event the server pushes, with the schema of its payload (clients may check what they receive). */
export const serverEventSchemas = {
  /** a new chat message, to the room and to its recipient's user channel: once per socket */
  "chat:message": chatMessageSchema,
  /** a room the user read */
  "chat:read": chatReadEventSchema,
  /** a new message of a task's conversation, to the task's channel */
  "task:message": taskMessageSchema,
  /** a breakdown run's status and progress (an AI attempt, a retry, saving), to the job owner and the admins */
  "breakdown:progress": breakdownProgressEventSchema,
  /** a breakdown run that succeeded or failed, to the job owner and the admins */
  "breakdown:done": breakdownDoneEventSchema,
  /** a notification written for the user, with their unread count after it, to their user channel after the commit */
  "notification:new": notificationNewEventSchema,
} as const;

/** The name of an event the server pushes. */
export type ServerEventName = keyof typeof serverEventSchemas;

/** socket.io's map of what the server emits and clients listen to. */
export interface ServerToClientEvents {
  "chat:message": (message: ChatMessage) => void;
  "chat:read": (event: ChatReadEvent) => void;
  "task:message": (message: TaskMessage) => void;
  "breakdown:progress": (event: BreakdownProgressEvent) => void;
  "breakdown:done": (event: BreakdownDoneEvent) => void;
  "notification:new": (event: NotificationNewEvent) => void;
}

/** socket.io's map of what clients emit: `join` and `leave` a task's or a room's channel. */
export interface ClientToServerEvents {
  join: (request: JoinRequest, ack: (answer: JoinAnswer) => void) => void;
  /** the shared socket of a tab stays open when a view closes; it leaves the view's channel instead */
  leave: (request: JoinRequest) => void;
}

/**
 * socket.io's map of `serverSideEmit` events between server processes: none. Messages cross processes as ordinary
 * broadcasts through the adapter, and closing sockets through `disconnectSockets`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- socket.io's generic wants a map; ours is empty
export interface InterServerEvents {}

/** What the server keeps on each socket (`socket.data`): who opened it, with which session. */
export interface SocketData {
  userId: string;
  /** express-session's id; absent only for a session store that gives none */
  sessionId: string | undefined;
  /** the user's type and role when the socket connected: the channels it joined since were allowed by them */
  userType: UserType;
  roleType: RoleType;
}

/** The payload type of a server event. */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

// Compile-time proof that the interfaces and the schemas describe the same payloads: a field added to one side only
// fails `tsc`.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const payloadsMatch: { [E in ServerEventName]: Same<ServerEventPayload<E>, z.infer<(typeof serverEventSchemas)[E]>> } = {
  "chat:message": true,
  "chat:read": true,
  "task:message": true,
  "breakdown:progress": true,
  "breakdown:done": true,
  "notification:new": true,
};
void payloadsMatch;
