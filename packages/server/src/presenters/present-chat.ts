import type { ChatMessage, ChatRoom } from "@forgehire/core";
import type { ChatMessageRecord, ChatRoomRecord } from "@forgehire/services";

/**
 * A chat message, as the API and the `chat:message` event give it.
 * @param message the record
 * @returns the wire shape
 */
export function presentChatMessage(message: ChatMessageRecord): ChatMessage {
  return {
    id: message.id,
    roomId: message.roomId,
    senderId: message.senderId,
    receiverId: message.receiverId,
    jobId: message.jobId,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
  };
}

/**
 * A room as the room list shows it to the viewer; `otherPartyName` is whoever the viewer talks to.
 * @param room the record
 * @param viewerId the signed-in user
 * @returns the wire shape, plus the last message's sender so the portal can count unread rooms
 */
export function presentChatRoom(room: ChatRoomRecord, viewerId: string): ChatRoom & { lastMessageSenderId: string | null } {
  return {
    roomId: room.roomId,
    jobId: room.jobId,
    jobTitle: room.jobTitle,
    clientId: room.clientId,
    clientName: room.clientName,
    freelancerId: room.freelancerId,
    freelancerName: room.freelancerName,
    otherPartyName: room.clientId === viewerId ? room.freelancerName : room.clientName,
    lastMessage: room.lastMessage && { content: room.lastMessage.content, createdAt: room.lastMessage.createdAt.toISOString() },
    lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
    meetLink: room.meetLink,
    lastMessageSenderId: room.lastMessage?.senderId ?? null,
  };
}
