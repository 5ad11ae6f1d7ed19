import { useEffect, useRef } from "react";
import { io } from "socket.io-client";
import type { ChatMessage } from "@forgehire/core";

/**
 * Receives a room's new messages live while `roomId` is set, as the portal's useChatSocket does: a socket on the
 * same origin (the session cookie authenticates it) joins the room; after a reconnect it joins again and calls
 * `onReconnect` so the caller fetches what it missed.
 * @param roomId the open room, or null for none
 * @param onMessage called with each `chat:message` of the room; the caller dedupes by id
 * @param onReconnect called after every reconnect (not the first connect)
 */
export function useRoomSocket(roomId: string | null, onMessage: (message: ChatMessage) => void, onReconnect: () => void): void {
  const handlers = useRef({ onMessage, onReconnect });
  useEffect(() => {
    handlers.current = { onMessage, onReconnect };
  }, [onMessage, onReconnect]);

  useEffect(() => {
    if (roomId === null) return;
    const socket = io({ withCredentials: true });
    let connectedBefore = false;
    const join = () => {
      socket
        .timeout(10_000)
        .emitWithAck("join", { roomId })
        .then(() => {
          if (connectedBefore) handlers.current.onReconnect();
          connectedBefore = true;
        })
        .catch(() => undefined);
    };
    socket.on("connect", join);
    socket.on("chat:message", (message: ChatMessage) => {
      if (message.roomId === roomId) handlers.current.onMessage(message);
    });
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [roomId]);
}
