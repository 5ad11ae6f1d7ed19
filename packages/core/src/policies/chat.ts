/**
 * Who may start, read and post in a chat room (API.md "Chat", spec part 2 §6): one table of role × action →
 * condition, as for jobs (STYLE §4).
 */
import { domainError, type ErrorCode } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";

/** The membership a room rule sees: the client's user id and the account behind the freelancer slot. */
export interface RoomMembership {
  clientId: string;
  /** the freelancer's (or, in an admin room, the admin's) user id; null when the account is gone */
  freelancerUserId: string | null;
  /** admins who joined the conversation ("Join the conversation"); members like the two parties */
  guestIds?: readonly string[];
}

/** The role a chat rule applies. */
export type ChatRole = "client" | "freelancer" | "admin";

type RoomCondition = (actor: Actor, room: RoomMembership | null) => ErrorCode | null;

/**
 * Whether the actor is one of the room's two members.
 * @param actor the signed-in person
 * @param room the room's membership
 * @returns true for the client or the account behind the freelancer slot
 */
export function isRoomMember(actor: Actor, room: RoomMembership): boolean {
  return room.clientId === actor.id || (room.freelancerUserId !== null && room.freelancerUserId === actor.id) || (room.guestIds?.includes(actor.id) ?? false);
}

const allow: RoomCondition = () => null;
const deny =
  (code: ErrorCode): RoomCondition =>
  () =>
    code;
const member: RoomCondition = (actor, room) => (room !== null && isRoomMember(actor, room) ? null : "NOT_ROOM_MEMBER");
/** Joining is for someone who is not in the room yet; joining twice is the same join (idempotent), so allowed. */
const roomExists: RoomCondition = (_actor, room) => (room !== null ? null : "ROOM_NOT_FOUND");

/** The chat permission table. `start` is about a client ↔ freelancer room; admins open job rooms instead. */
export const chatPolicy = {
  client: { start: allow, startForJob: deny("ADMIN_ONLY"), read: member, post: member, setMeetLink: member, join: deny("ADMIN_ONLY") },
  freelancer: {
    start: deny("CLIENT_ONLY_CHAT"),
    startForJob: deny("ADMIN_ONLY"),
    read: member,
    post: member,
    setMeetLink: member,
    join: deny("ADMIN_ONLY"),
  },
  // Admins read every room (spec part 2 §7: they see all chat rooms) but write only where they are a member: in
  // someone else's conversation they first join it, which both parties see (issue 20), never post as if it were theirs.
  admin: { start: deny("CLIENT_ONLY_CHAT"), startForJob: allow, read: allow, post: member, setMeetLink: member, join: roomExists },
} as const satisfies Record<ChatRole, Record<string, RoomCondition>>;

/** An action on a chat room. */
export type ChatAction = keyof (typeof chatPolicy)["client"];

/**
 * The role a chat rule applies to an actor.
 * @param actor the signed-in person
 * @returns admin for admins, freelancer for freelancers, client otherwise
 */
export function chatRoleOf(actor: Actor): ChatRole {
  if (isAdmin(actor)) return "admin";
  return actor.userType === "freelancer" ? "freelancer" : "client";
}

/**
 * Why a chat action is refused, or null when allowed.
 * @param actor the signed-in person, or null when signed out
 * @param action the action
 * @param room the room's membership (null for `start`, which has no room yet)
 * @returns null when allowed, else the error code
 */
export function chatRefusal(actor: Actor | null | undefined, action: ChatAction, room: RoomMembership | null = null): ErrorCode | null {
  if (!actor) return action === "start" ? "CHAT_LOGIN_REQUIRED" : "UNAUTHENTICATED";
  return chatPolicy[chatRoleOf(actor)][action](actor, room);
}

/**
 * Whether the actor may take the chat action.
 * @param actor the signed-in person, or null when signed out
 * @param action the action
 * @param room the room's membership, when there is one
 * @returns true when allowed
 */
export function canChat(actor: Actor | null | undefined, action: ChatAction, room: RoomMembership | null = null): boolean {
  return chatRefusal(actor, action, room) === null;
}

/**
 * Guards a chat action.
 * @param actor the signed-in person, or null when signed out
 * @param action the action
 * @param room the room's membership, when there is one
 * @throws DomainError CLIENT_ONLY_CHAT, NOT_ROOM_MEMBER, ADMIN_ONLY, CHAT_LOGIN_REQUIRED or UNAUTHENTICATED
 */
export function authorizeChat(actor: Actor | null | undefined, action: ChatAction, room: RoomMembership | null = null): void {
  const refusal = chatRefusal(actor, action, room);
  if (refusal !== null) throw domainError(refusal);
}

/**
 * Who a message in the room is for: the other member; an admin who is not a member writes to the client.
 * @param senderId the sender's user id
 * @param room the room's membership
 * @returns the recipient's user id, or null when it cannot be determined
 */
export function messageRecipient(senderId: string, room: RoomMembership): string | null {
  if (senderId === room.clientId) return room.freelancerUserId;
  return room.clientId;
}
