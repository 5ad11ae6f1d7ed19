import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CHAT_ROOMS_PER_PAGE, type ChatMessage, type ChatRoom, type ChatRoomListItem, type ChatUnread } from "@forgehire/core";
import { useChatInbox } from "../hooks/use-chat-socket";
import { apiFetch } from "./client";

/** Query keys of the chat module. */
export const chatKeys = {
  rooms: ["chat", "rooms"] as const,
  unread: ["chat", "unread"] as const,
  room: (roomId: string) => ["chat", "room", roomId] as const,
  messages: (roomId: string) => ["chat", "messages", roomId] as const,
};

/** How many messages the dialog loads first. */
export const CHAT_PAGE = 50;

/**
 * GET /api/chat/rooms: the user's rooms, newest activity first, each with its unread count, a page at a time
 * ("Show older conversations" loads the next one; a short page is the last).
 */
export function useChatRooms(enabled = true) {
  return useInfiniteQuery({
    queryKey: chatKeys.rooms,
    queryFn: ({ signal, pageParam }) => apiFetch<ChatRoomListItem[]>(`/api/chat/rooms?page=${pageParam}&perPage=${CHAT_ROOMS_PER_PAGE}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length === CHAT_ROOMS_PER_PAGE ? pages.length + 1 : undefined),
    enabled,
    refetchInterval: 60_000,
  });
}

/** GET /api/chat/unread: how many rooms hold a message the user has not read (the nav's badge). */
export function useChatUnread(enabled = true) {
  return useQuery({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => apiFetch<ChatUnread>("/api/chat/unread", { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** GET /api/chat/rooms/:roomId: one room (header, project badge, meeting link). */
export function useChatRoom(roomId: string | null) {
  return useQuery({
    queryKey: chatKeys.room(roomId ?? ""),
    queryFn: ({ signal }) => apiFetch<ChatRoom>(`/api/chat/rooms/${encodeURIComponent(roomId ?? "")}`, { signal }),
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

/**
 * Every message of a room sent after `afterId`, oldest first, page after page until a short page says there is
 * no more: what a reconnecting dialog missed, however much that was.
 * @param roomId the room
 * @param afterId the newest message already shown; none fetches the latest page
 */
export async function fetchMissedMessages(roomId: string, afterId: string | undefined): Promise<ChatMessage[]> {
  if (afterId === undefined) return fetchMessages(roomId);
  const missed: ChatMessage[] = [];
  let cursor = afterId;
  for (;;) {
    const page = await fetchMessages(roomId, { after: cursor });
    missed.push(...page);
    const last = page.at(-1);
    if (page.length < CHAT_PAGE || !last) return missed;
    cursor = last.id;
  }
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

/** Refreshes the room list and the unread count when a message arrives in, or the user reads, any of their rooms. */
export function useRoomsLiveRefresh(enabled: boolean) {
  const queryClient = useQueryClient();
  useChatInbox(enabled, () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  });
}

/** POST /api/chat/rooms: starts or reuses the room with a freelancer (clients only). */
export function useStartChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { freelancerId: string; jobId?: number }) => apiFetch<ChatRoom>("/api/chat/rooms", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.rooms }),
  });
}

/** POST /api/admin/chat-rooms: the admin's room with a job's poster, created once and reused afterwards. */
export function useStartJobChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => apiFetch<ChatRoom>("/api/admin/chat-rooms", { method: "POST", body: { jobId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.rooms }),
  });
}

/** POST /api/chat/rooms/:roomId/messages. */
export function useSendMessage(roomId: string) {
  return useMutation({
    mutationFn: (content: string) => apiFetch<ChatMessage>(`/api/chat/rooms/${encodeURIComponent(roomId)}/messages`, { method: "POST", body: { content } }),
  });
}

/**
 * POST /api/chat/rooms/:roomId/read: the room counts as read up to its newest message, in every browser; the nav's
 * count and the room list refresh.
 */
export function useMarkRoomRead(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<undefined>(`/api/chat/rooms/${encodeURIComponent(roomId)}/read`, { method: "POST" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
    },
  });
}
