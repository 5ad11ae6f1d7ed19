import type { ChatMessage, ChatRoom, ChatRoomListItem } from "@forgehire/core";
import type { ChatMessageRecord, ChatRoomListRecord, ChatRoomRecord } from "@forgehire/services";

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
 * @returns the wire shape
 */
export function presentChatRoom(room: ChatRoomRecord, viewerId: string): ChatRoom {
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
  };
}

/**
 * A room as `GET /api/chat/rooms` lists it: the room plus the viewer's unread count.
 * @param room the record, with its unread count
 * @param viewerId the signed-in user
 * @returns the wire shape
 */
export function presentChatRoomListItem(room: ChatRoomListRecord, viewerId: string): ChatRoomListItem {
  return { ...presentChatRoom(room, viewerId), unreadCount: room.unreadCount };
}
