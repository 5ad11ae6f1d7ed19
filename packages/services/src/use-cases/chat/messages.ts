import { domainError, messageContent, messageRecipient, type Actor } from "@forgehire/core";
import type { Knex } from "knex";
import { roomChannel, userChannel } from "../../realtime.js";
import type { ServiceDeps } from "../../deps.js";
import { chatMessagesRepository, type ChatMessageRecord, type MessagePage } from "../../repositories/chat-messages.js";
import { chatRoomReadsRepository } from "../../repositories/chat-room-reads.js";
import { chatRoomsRepository, type ChatRoomRecord } from "../../repositories/chat-rooms.js";
import { usersRepository } from "../../repositories/users.js";
import { loadRoom } from "./rooms.js";


/** At most one e-mail per room and recipient in this window (spec: send-chat-notification). */
export const CHAT_NOTIFICATION_WINDOW_MS = 10 * 60 * 1000;

/** How many messages a page holds unless asked otherwise, and at most. */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 200;

/**
 * A page of a room's messages, oldest first: the latest by default, older ones with `before`, and those a
 * reconnecting client missed with `after` (its last message id).
 * @throws ROOM_NOT_FOUND; NOT_ROOM_MEMBER
 */
export async function listChatMessages(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  roomId: string,
  page: MessagePage,
): Promise<ChatMessageRecord[]> {
  await loadRoom(deps.db, actor, roomId, "read");
  return chatMessagesRepository.list(deps.db, roomId, page);
}

/**
 * Sends a message: stored, then pushed as `chat:message` to everyone joined to the room (on every server process),
 * and the recipient is e-mailed at most once per room per 10 minutes (queued in the message's transaction). The room
 * counts as read for the sender up to their message.
 * @returns the stored message
 * @throws EMPTY_MESSAGE; ROOM_NOT_FOUND; NOT_ROOM_MEMBER; NO_RECIPIENT
 */
export async function postChatMessage(
  deps: Pick<ServiceDeps, "db" | "realtime" | "mailer" | "config" | "now" | "logger">,
  actor: Actor,
  roomId: string,
  input: { content: string },
): Promise<ChatMessageRecord> {
  const content = messageContent(input.content);
  const room = await loadRoom(deps.db, actor, roomId, "post");
  const receiverId = messageRecipient(actor.id, room);
  if (receiverId === null) throw domainError("NO_RECIPIENT");
  const message = await deps.db.transaction(async (trx) => {
    const stored = await chatMessagesRepository.insert(trx, { roomId, senderId: actor.id, receiverId, jobId: room.jobId, content });
    await chatRoomsRepository.touchLastMessage(trx, roomId, stored.createdAt);
    // Up to the sender's own message, not the room's newest: a reply the other party sends meanwhile stays unread.
    await chatRoomReadsRepository.markRead(trx, { roomId, userId: actor.id, at: deps.now(), upToMessageId: stored.id });
    await notifyChatRecipient(deps, trx, room, stored);
    return stored;
  });
  // After the commit: a socket that hears of the message can already fetch it.
  deps.realtime.publish(roomChannel(roomId), "chat:message", message);
  deps.realtime.publish(userChannel(receiverId), "chat:message", message);
  return message;
}

/**
 * Queues an e-mail to the recipient of a message unless they were e-mailed about the room in the last 10 minutes,
 * in the message's transaction (the window is claimed only if the message commits).
 * @param trx the transaction that stores the message
 * @returns whether an e-mail was queued
 */
export async function notifyChatRecipient(
  deps: Pick<ServiceDeps, "mailer" | "config" | "now">,
  trx: Knex,
  room: ChatRoomRecord,
  message: ChatMessageRecord,
): Promise<boolean> {
  if (!message.receiverId) return false;
  const recipient = await usersRepository.findById(trx, message.receiverId);
  if (!recipient) return false;
  const claimed = await chatMessagesRepository.claimNotification(trx, room.roomId, recipient.id, deps.now(), CHAT_NOTIFICATION_WINDOW_MS);
  if (!claimed) return false;
  const sender = message.senderId ? await usersRepository.findById(trx, message.senderId) : undefined;
  const senderName = sender ? `${sender.firstName} ${sender.lastName}`.trim() : "Someone";
  const link = `${deps.config.publicUrl}/messages/${encodeURIComponent(room.roomId)}`;
  await deps.mailer.send(
    {
      to: recipient.email,
      kind: "chat_notification",
      ...(room.jobId !== null && { jobId: room.jobId }),
      subject: `New message from ${senderName}`,
      text: `${senderName} wrote${room.jobTitle ? ` about "${room.jobTitle}"` : ""}:\n\n${message.content.slice(0, 500)}\n\n${link}`,
    },
    trx,
  );
  return true;
}
