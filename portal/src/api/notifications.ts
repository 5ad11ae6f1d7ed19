import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvent } from "@forgehire/realtime-client";
import type { MarkNotificationsReadAnswer, MarkNotificationsReadBody, NotificationPage, NotificationType, UnreadCount } from "@forgehire/core";
import { apiFetch } from "./client";

/** Query keys of the notification centre. */
export const notificationKeys = {
  all: ["notifications"] as const,
  count: ["notifications", "count"] as const,
  list: (filters: NotificationFilters) => ["notifications", "list", filters] as const,
};

/** The page's filters: unread only, one type. */
export interface NotificationFilters {
  unread: boolean;
  type: NotificationType | null;
}

/** GET /api/notifications/unread-count: the bell's number (kept live by `useNotificationsLive`). */
export function useUnreadNotificationCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: ({ signal }) => apiFetch<UnreadCount>("/api/notifications/unread-count", { signal }),
    enabled,
    // The socket keeps it current; this only catches up after a long sleep of the tab.
    refetchInterval: 120_000,
  });
}

/**
 * GET /api/notifications, newest first, page after page by keyset ("Load more" asks for the next cursor).
 * @param filters unread only, one type
 * @param limit the page's size
 */
export function useNotifications(filters: NotificationFilters, limit = 20, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...notificationKeys.list(filters), limit],
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (pageParam) params.set("cursor", pageParam);
      if (filters.unread) params.set("unread", "true");
      if (filters.type) params.set("type", filters.type);
      return apiFetch<NotificationPage>(`/api/notifications?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** POST /api/notifications/read: some by id, or all; the count and the lists are read again. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkNotificationsReadBody) => apiFetch<MarkNotificationsReadAnswer>("/api/notifications/read", { method: "POST", body }),
    onSuccess: (answer) => {
      queryClient.setQueryData<UnreadCount>(notificationKeys.count, { count: answer.count });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/**
 * `notification:new` on the tab's shared socket: the bell's count is the event's, and the lists are read again so
 * the new notification shows where they are open.
 */
export function useNotificationsLive(enabled = true) {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    "notification:new",
    (event) => {
      queryClient.setQueryData<UnreadCount>(notificationKeys.count, { count: event.unreadCount });
      void queryClient.invalidateQueries({ queryKey: ["notifications", "list"] });
    },
    enabled,
  );
}
