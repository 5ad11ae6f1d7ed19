import { authorizeChat, domainError, messageContent, messageRecipient, type Actor } from "@forgehire/core";
import type { Knex } from "knex";
import { chatHubChannel, roomChannel, userChannel } from "../../realtime.js";
import type { ServiceDeps } from "../../deps.js";
import { chatMessagesRepository, type ChatMessageRecord, type MessagePage } from "../../repositories/chat-messages.js";
import { chatRoomsRepository } from "../../repositories/chat-rooms.js";
import { usersRepository } from "../../repositories/users.js";
import { loadRoom } from "./rooms.js";
import { announceNotifications, prepareNotifications } from "../notifications/notify.js";

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
export async function listChatMessages(deps: Pick<ServiceDeps, "db">, actor: Actor, roomId: string, page: MessagePage): Promise<ChatMessageRecord[]> {
  await loadRoom(deps.db, actor, roomId, "read");
  return chatMessagesRepository.list(deps.db, roomId, page);
}

/**
 * Sends a message: stored, then pushed once as `chat:message` to everyone joined to the room and to the recipient's
 * user channel (on every server process; a socket in both hears it once), and the recipient is e-mailed at most
 * once per room per 10 minutes, the e-mail queued in the message's own transaction. The room counts as read for the
 * sender up to their message. One statement writes the message, the room, the read mark and the e-mail window (see
 * `chatMessagesRepository.post`); the e-mail's statements come only when the window was claimed.
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
  const room = await chatRoomsRepository.findMembership(deps.db, roomId);
  if (!room) throw domainError("ROOM_NOT_FOUND");
  authorizeChat(actor, "post", room);
  const receiverId = messageRecipient(actor.id, room);
  if (receiverId === null) throw domainError("NO_RECIPIENT");
  const message = await deps.db.transaction(async (trx) => {
    // In-app always (the e-mail below is the throttled, optional one), written by the message's own statement. Its
    // words need no lookup of the sender: the list shows their name beside it (actorName).
    const [notification] = await prepareNotifications(deps, trx, {
      type: "chat_message",
      actorId: actor.id,
      actorName: null,
      parties: { ownerId: null, freelancerId: null, recipientId: receiverId },
      facts: { jobId: room.jobId, jobTitle: "", roomId, preview: content },
    });
    const posted = await chatMessagesRepository.post(
      trx,
      { roomId, senderId: actor.id, receiverId, jobId: room.jobId, content },
      { now: deps.now(), notificationWindowMs: CHAT_NOTIFICATION_WINDOW_MS },
      notification,
    );
    if (posted.notify) await notifyChatRecipient(deps, trx, posted.message);
    if (posted.notification) announceNotifications(deps, trx, [posted.notification]);
    return posted.message;
  });
  // After the commit: a socket that hears of the message can already fetch it. The Communication Hub's sockets (admins
  // only) hear every message; when an admin who joined writes, the freelancer hears it too, not only the client.
  const parties = [room.clientId, room.freelancerUserId].filter((id): id is string => id !== null && id !== actor.id);
  const guestPost = room.guestIds.includes(actor.id);
  deps.realtime.publish(
    [roomChannel(roomId), userChannel(receiverId), ...(guestPost ? parties.map(userChannel) : []), chatHubChannel],
    "chat:message",
    message,
  );
  return message;
}

/**
 * Queues an e-mail to the recipient of a message whose notification window `chatMessagesRepository.post` claimed
 * (so at most one per room and recipient per 10 minutes, whichever process posts), in the message's transaction.
 * @param trx the transaction that stores the message
 * @returns whether an e-mail was queued
 */
export async function notifyChatRecipient(deps: Pick<ServiceDeps, "mailer" | "config">, trx: Knex, message: ChatMessageRecord): Promise<boolean> {
  if (!message.receiverId) return false;
  // One after another: the statements share the transaction's connection.
  const recipient = await usersRepository.findById(trx, message.receiverId);
  const sender = message.senderId ? await usersRepository.findById(trx, message.senderId) : undefined;
  const room = await chatRoomsRepository.findById(trx, message.roomId);
  // The window stays claimed when the recipient turned chat e-mails off: the next message in it sends none either.
  if (!recipient || !room || !recipient.emailNotifications.chatMessages) return false;
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
