import { domainError, messageContent, messageRecipient, type Actor } from "@forgehire/core";
import { withTimeout } from "../../background.js";
import { roomChannel, userChannel } from "../../realtime.js";
import type { ServiceDeps } from "../../deps.js";
import { chatMessagesRepository, type ChatMessageRecord, type MessagePage } from "../../repositories/chat-messages.js";
import { chatRoomReadsRepository } from "../../repositories/chat-room-reads.js";
import { chatRoomsRepository, type ChatRoomRecord } from "../../repositories/chat-rooms.js";
import { usersRepository } from "../../repositories/users.js";
import { loadRoom } from "./rooms.js";


/** At most one e-mail per room and recipient in this window (spec: send-chat-notification). */
export const CHAT_NOTIFICATION_WINDOW_MS = 10 * 60 * 1000;

/** The mail adapter gets this long before the notification counts as failed. */
export const CHAT_NOTIFICATION_TIMEOUT_MS = 15_000;

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
 * and the recipient is e-mailed at most once per room per 10 minutes; a mail failure is only logged. The room
 * counts as read for the sender up to their message.
 * @returns the stored message
 * @throws EMPTY_MESSAGE; ROOM_NOT_FOUND; NOT_ROOM_MEMBER; NO_RECIPIENT
 */
export async function postChatMessage(
  deps: Pick<ServiceDeps, "db" | "realtime" | "background" | "mailer" | "config" | "now" | "logger">,
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
    return stored;
  });
  // After the commit: a socket that hears of the message can already fetch it.
  deps.realtime.publish(roomChannel(roomId), "chat:message", message);
  deps.realtime.publish(userChannel(receiverId), "chat:message", message);
  deps.background.run("chat notification", () => notifyChatRecipient(deps, room, message));
  return message;
}

/**
 * E-mails the recipient of a message unless they were e-mailed about the room in the last 10 minutes.
 * @returns whether an e-mail was sent
 */
export async function notifyChatRecipient(
  deps: Pick<ServiceDeps, "db" | "mailer" | "config" | "now">,
  room: ChatRoomRecord,
  message: ChatMessageRecord,
): Promise<boolean> {
  if (!message.receiverId) return false;
  const recipient = await usersRepository.findById(deps.db, message.receiverId);
  if (!recipient) return false;
  const claimed = await chatMessagesRepository.claimNotification(deps.db, room.roomId, recipient.id, deps.now(), CHAT_NOTIFICATION_WINDOW_MS);
  if (!claimed) return false;
  const sender = message.senderId ? await usersRepository.findById(deps.db, message.senderId) : undefined;
  const senderName = sender ? `${sender.firstName} ${sender.lastName}`.trim() : "Someone";
  const link = `${deps.config.publicUrl}/messages/${encodeURIComponent(room.roomId)}`;
  await withTimeout(
    deps.mailer.send({
      to: recipient.email,
      kind: "chat_notification",
      ...(room.jobId !== null && { jobId: room.jobId }),
      subject: `New message from ${senderName}`,
      text: `${senderName} wrote${room.jobTitle ? ` about "${room.jobTitle}"` : ""}:\n\n${message.content.slice(0, 500)}\n\n${link}`,
    }),
    CHAT_NOTIFICATION_TIMEOUT_MS,
    "chat notification",
  );
  return true;
}
