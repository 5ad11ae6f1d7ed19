import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatMessage, ChatRoom } from "@forgehire/core";
import { useChatInbox } from "../hooks/use-chat-socket";
import { apiFetch } from "./client";

/** A room as the list gives it, with the last message's sender (for the unread count). */
export type ChatRoomItem = ChatRoom & { lastMessageSenderId: string | null };

/** Query keys of the chat module. */
export const chatKeys = {
  rooms: ["chat", "rooms"] as const,
  room: (roomId: string) => ["chat", "room", roomId] as const,
  messages: (roomId: string) => ["chat", "messages", roomId] as const,
};

/** How many messages the dialog loads first. */
export const CHAT_PAGE = 50;

/** GET /api/chat/rooms: the user's rooms, newest activity first. */
export function useChatRooms(enabled = true) {
  return useQuery({
    queryKey: chatKeys.rooms,
    queryFn: ({ signal }) => apiFetch<ChatRoomItem[]>("/api/chat/rooms", { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** GET /api/chat/rooms/:roomId: one room (header, project badge, meeting link). */
export function useChatRoom(roomId: string | null) {
  return useQuery({
    queryKey: chatKeys.room(roomId ?? ""),
    queryFn: ({ signal }) => apiFetch<ChatRoomItem>(`/api/chat/rooms/${encodeURIComponent(roomId ?? "")}`, { signal }),
    enabled: roomId !== null,
    retry: false,
  });
}

/**
 * A page of a room's messages, oldest first.
 * @param roomId the room
 * @param cursor `{before}` for older ones, `{after}` for those missed while disconnected
 */
export function fetchMessages(roomId: string, cursor: { before?: string; after?: string } = {}, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(CHAT_PAGE) });
  if (cursor.before) params.set("before", cursor.before);
  if (cursor.after) params.set("after", cursor.after);
  return apiFetch<ChatMessage[]>(`/api/chat/rooms/${encodeURIComponent(roomId)}/messages?${params.toString()}`, { signal });
}

/** The latest page of a room's messages. */
export function useChatMessages(roomId: string | null) {
  return useQuery({
    queryKey: chatKeys.messages(roomId ?? ""),
    queryFn: ({ signal }) => fetchMessages(roomId ?? "", {}, signal),
    enabled: roomId !== null,
    retry: false,
  });
}

/** Refreshes the room list when a message arrives in any of the user's rooms (live unread counts). */
export function useRoomsLiveRefresh(enabled: boolean) {
  const queryClient = useQueryClient();
  useChatInbox(enabled, () => void queryClient.invalidateQueries({ queryKey: chatKeys.rooms }));
}

/** POST /api/chat/rooms: starts or reuses the room with a freelancer (clients only). */
export function useStartChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { freelancerId: string; jobId?: number }) => apiFetch<ChatRoomItem>("/api/chat/rooms", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.rooms }),
  });
}

/** POST /api/chat/rooms/:roomId/messages. */
export function useSendMessage(roomId: string) {
  return useMutation({
    mutationFn: (content: string) =>
      apiFetch<ChatMessage>(`/api/chat/rooms/${encodeURIComponent(roomId)}/messages`, { method: "POST", body: { content } }),
  });
}

const SEEN_KEY = "forgehire.chat.seen";

/** When the user last looked at each room (kept in this browser; the server has no read receipts). */
export function readSeen(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(SEEN_KEY) ?? "{}") as Record<string, string>;
  } catch {
    return {};
  }
}

/** Marks a room as read up to now. */
export function markRoomSeen(roomId: string, at: string = new Date().toISOString()): void {
  const seen = readSeen();
  seen[roomId] = at;
  localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
  window.dispatchEvent(new Event("forgehire:chat-seen"));
}

/**
 * Rooms with a message from the other party newer than the last look.
 * @param rooms the room list
 * @param userId the viewer
 */
export function unreadRoomCount(rooms: readonly ChatRoomItem[], userId: string, seen: Record<string, string> = readSeen()): number {
  return rooms.filter(
    (room) =>
      room.lastMessage !== null &&
      room.lastMessageSenderId !== userId &&
      (seen[room.roomId] === undefined || room.lastMessage.createdAt > seen[room.roomId]!),
  ).length;
}
