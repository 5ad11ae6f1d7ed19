import {
  adminFreelancerIdentity,
  adminRoomId,
  authorize,
  authorizeChat,
  clientFreelancerRoomId,
  domainError,
  type Actor,
  type ChatRoomCreateBody,
} from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { chatHubChannel, roomChannel, userChannel } from "../../realtime.js";
import { chatMessagesRepository, type ChatMessageRecord } from "../../repositories/chat-messages.js";
import { usersRepository } from "../../repositories/users.js";
import { chatRoomReadsRepository } from "../../repositories/chat-room-reads.js";
import { chatRoomsRepository, type ChatRoomListRecord, type ChatRoomRecord } from "../../repositories/chat-rooms.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { loadLiveJob } from "../jobs/job-details.js";
import { isAdmin, isRoomMember } from "@forgehire/core";

/**
 * A room the actor may read.
 * @throws ROOM_NOT_FOUND; NOT_ROOM_MEMBER
 */
export async function loadRoom(db: ServiceDeps["db"], actor: Actor, roomId: string, action: "read" | "post" | "setMeetLink" = "read"): Promise<ChatRoomRecord> {
  const room = await chatRoomsRepository.findById(db, roomId);
  if (!room) throw domainError("ROOM_NOT_FOUND");
  authorizeChat(actor, action, room);
  return room;
}

/**
 * Starts (or reuses) the room between the signed-in client and a freelancer: `{clientId}_freelancer_{freelancerId}`.
 * @returns the room and whether it was just created
 * @throws CLIENT_ONLY_CHAT for freelancers and admins; FREELANCER_NOT_FOUND; JOB_NOT_FOUND for a job that is gone;
 *   FORBIDDEN for a job the client does not own
 */
export async function startChat(deps: Pick<ServiceDeps, "db">, actor: Actor, input: ChatRoomCreateBody): Promise<{ room: ChatRoomRecord; created: boolean }> {
  authorizeChat(actor, "start");
  const freelancer = await freelancersRepository.findById(deps.db, input.freelancerId);
  if (!freelancer) throw domainError("FREELANCER_NOT_FOUND");
  if (input.jobId !== undefined) authorize(actor, "linkChat", await loadLiveJob(deps.db, input.jobId));
  const roomId = clientFreelancerRoomId(actor.id, freelancer.id);
  const created = await chatRoomsRepository.insertIfAbsent(deps.db, {
    roomId,
    clientId: actor.id,
    freelancerId: freelancer.id,
    freelancerUserId: freelancer.userId,
    jobId: input.jobId ?? null,
  });
  const room = await chatRoomsRepository.findById(deps.db, roomId);
  if (!room) throw domainError("ROOM_NOT_FOUND");
  return { room, created };
}

/**
 * Opens the admin's room with a job's poster: one per job, admin and poster, reused afterwards.
 * @returns the room and whether it was just created
 * @throws ADMIN_ONLY; JOB_NOT_FOUND
 */
export async function startJobChat(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, jobId: number): Promise<{ room: ChatRoomRecord; created: boolean }> {
  authorizeChat(actor, "startForJob");
  const job = await jobsRepository.findById(deps.db, jobId);
  if (!job || job.status === "inactive") throw domainError("JOB_NOT_FOUND");
  const key = { jobId, clientId: job.ownerId, freelancerId: adminFreelancerIdentity(actor.id) };
  const existing = await chatRoomsRepository.findJobRoom(deps.db, key);
  if (existing) return { room: existing, created: false };
  // A unique index on (job, client, admin identity) makes a concurrent second click reuse the first room.
  const created = await chatRoomsRepository.insertIfAbsent(deps.db, {
    roomId: adminRoomId(actor.id, jobId, deps.now()),
    ...key,
    freelancerUserId: actor.id,
  });
  const room = await chatRoomsRepository.findJobRoom(deps.db, key);
  if (!room) throw domainError("ROOM_NOT_FOUND");
  return { room, created };
}

/**
 * One page of the actor's rooms (admins: all), newest activity first, each with its count of messages unread for
 * the actor; rooms the actor is not a member of (an admin's view of others' chats) count 0 unread.
 * @param page offset and limit
 * @returns the page and the number of rooms in all
 */
export async function listChatRooms(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  page: { offset: number; limit: number },
): Promise<{ rows: ChatRoomListRecord[]; total: number }> {
  return chatRoomsRepository.listFor(deps.db, { userId: actor.id, all: isAdmin(actor) }, page);
}

/**
 * One room, for members and admins.
 * @throws ROOM_NOT_FOUND; NOT_ROOM_MEMBER
 */
export async function getChatRoom(deps: Pick<ServiceDeps, "db">, actor: Actor, roomId: string): Promise<ChatRoomRecord> {
  return loadRoom(deps.db, actor, roomId);
}

/**
 * Sets or clears a room's meeting link ('Join Meeting').
 * @returns the room after the change
 * @throws ROOM_NOT_FOUND; NOT_ROOM_MEMBER
 */
export async function setMeetLink(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, roomId: string, meetLink: string | null): Promise<ChatRoomRecord> {
  await loadRoom(deps.db, actor, roomId, "setMeetLink");
  await chatRoomsRepository.setMeetLink(deps.db, roomId, meetLink, deps.now());
  return loadRoom(deps.db, actor, roomId);
}

/**
 * Marks a room read for the actor up to its newest message; the mark never moves backwards.
 * @throws ROOM_NOT_FOUND; NOT_ROOM_MEMBER
 */
export async function markChatRoomRead(deps: Pick<ServiceDeps, "db" | "now" | "realtime">, actor: Actor, roomId: string): Promise<void> {
  await loadRoom(deps.db, actor, roomId, "read");
  await chatRoomReadsRepository.markRead(deps.db, { roomId, userId: actor.id, at: deps.now() });
  // The user's other tabs and devices refresh their unread count at once.
  deps.realtime.publish(userChannel(actor.id), "chat:read", { roomId });
}

/**
 * The nav's unread count: rooms the actor is a member of holding a message someone else sent after the actor's
 * last read. Admins count only their own rooms too: every other room would otherwise be unread forever.
 * @returns the number of rooms
 */
export async function countUnreadChatRooms(deps: Pick<ServiceDeps, "db">, actor: Actor): Promise<number> {
  return chatRoomReadsRepository.unreadRoomCount(deps.db, actor.id);
}

/**
 * An admin joins a conversation they are not a member of (the Communication Hub's "Join the conversation"): they
 * become a member, and a message in the room says "<admin> joined the conversation", which both parties see live.
 * Joining a room one is already in changes nothing; two concurrent joins write the message once (the membership's
 * primary key decides which one joined). The membership and the message are one transaction.
 * @returns the room after the join, and the message when this call joined (null when already a member)
 * @throws ROOM_NOT_FOUND; ADMIN_ONLY for clients and freelancers
 */
export async function joinChatRoom(
  deps: Pick<ServiceDeps, "db" | "now" | "realtime">,
  actor: Actor,
  roomId: string,
): Promise<{ room: ChatRoomRecord; message: ChatMessageRecord | null }> {
  const before = await chatRoomsRepository.findMembership(deps.db, roomId);
  authorizeChat(actor, "join", before ?? null);
  if (!before) throw domainError("ROOM_NOT_FOUND");
  const message = isRoomMember(actor, before)
    ? null
    : await deps.db.transaction(async (trx) => {
        if (!(await chatRoomsRepository.addGuest(trx, { roomId, userId: actor.id, at: deps.now() }))) return null;
        const admin = await usersRepository.findById(trx, actor.id);
        const name = admin ? `${admin.firstName} ${admin.lastName}`.trim() || "An admin" : "An admin";
        // No sender: the room's own voice, so it reads the same to both parties and counts unread for both.
        const posted = await chatMessagesRepository.insert(trx, {
          roomId,
          senderId: null,
          receiverId: null,
          jobId: before.jobId,
          content: `${name} joined the conversation`,
        });
        await chatRoomsRepository.touchLastMessage(trx, roomId, posted.createdAt);
        // The admin's own note is read for them.
        await chatRoomReadsRepository.markRead(trx, { roomId, userId: actor.id, at: deps.now(), upToMessageId: posted.id });
        return posted;
      });
  if (message) {
    const parties = [before.clientId, before.freelancerUserId].filter((id): id is string => id !== null);
    deps.realtime.publish([roomChannel(roomId), ...parties.map(userChannel), chatHubChannel], "chat:message", message);
  }
  const room = await chatRoomsRepository.findById(deps.db, roomId);
  if (!room) throw domainError("ROOM_NOT_FOUND");
  return { room, message };
}
