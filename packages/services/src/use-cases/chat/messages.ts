import { authorizeChat, domainError, messageContent, messageRecipient, type Actor } from "@forgehire/core";
import { withTimeout } from "../../background.js";
import { roomChannel, userChannel } from "../../realtime.js";
import type { ServiceDeps } from "../../deps.js";
import { chatMessagesRepository, type ChatMessageRecord, type MessagePage } from "../../repositories/chat-messages.js";
import { chatRoomsRepository } from "../../repositories/chat-rooms.js";
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
 * Sends a message: stored, then pushed once as `chat:message` to everyone joined to the room and to the recipient's
 * user channel (on every server process; a socket in both hears it once), and the recipient is e-mailed at most
 * once per room per 10 minutes; a mail failure is only logged. The room counts as read for the sender up to their
 * message. Two statements: the room's membership, then one that writes everything (see `chatMessagesRepository.post`).
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
  const room = await chatRoomsRepository.findMembership(deps.db, roomId);
  if (!room) throw domainError("ROOM_NOT_FOUND");
  authorizeChat(actor, "post", room);
  const receiverId = messageRecipient(actor.id, room);
  if (receiverId === null) throw domainError("NO_RECIPIENT");
  const { message, notify } = await chatMessagesRepository.post(
    deps.db,
    { roomId, senderId: actor.id, receiverId, jobId: room.jobId, content },
    { now: deps.now(), notificationWindowMs: CHAT_NOTIFICATION_WINDOW_MS },
  );
  // After the commit: a socket that hears of the message can already fetch it.
  deps.realtime.publish([roomChannel(roomId), userChannel(receiverId)], "chat:message", message);
  if (notify) deps.background.run("chat notification", () => notifyChatRecipient(deps, message));
  return message;
}

/**
 * E-mails the recipient of a message whose notification `chatMessagesRepository.post` claimed (so at most one per
 * room and recipient per 10 minutes, whichever process posts).
 * @returns whether an e-mail was sent
 */
export async function notifyChatRecipient(deps: Pick<ServiceDeps, "db" | "mailer" | "config">, message: ChatMessageRecord): Promise<boolean> {
  if (!message.receiverId) return false;
  const [recipient, sender, room] = await Promise.all([
    usersRepository.findById(deps.db, message.receiverId),
    message.senderId ? usersRepository.findById(deps.db, message.senderId) : undefined,
    chatRoomsRepository.findById(deps.db, message.roomId),
  ]);
  if (!recipient || !room) return false;
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
