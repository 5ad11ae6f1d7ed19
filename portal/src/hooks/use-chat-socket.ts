import { useRealtimeEvent } from "@forgehire/realtime-client";

/**
 * Hears of what changes the signed-in user's inbox, in any room, on the tab's shared socket: each chat message
 * addressed to them, and each room they read (in this tab or another). The server puts each socket in its user's
 * channel. Used by the nav's unread count and the room list.
 * @param enabled false to hold no socket (e.g. signed out)
 * @param onChange called on each `chat:message` and `chat:read`
 */
export function useChatInbox(enabled: boolean, onChange: () => void): void {
  useRealtimeEvent("chat:message", onChange, enabled);
  useRealtimeEvent("chat:read", onChange, enabled);
}
