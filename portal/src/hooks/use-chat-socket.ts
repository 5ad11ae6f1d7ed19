import { useEffect, useRef } from "react";
import { io } from "socket.io-client";
import type { ChatMessage } from "@forgehire/core";

/**
 * Receives a room's new messages live while `roomId` is set: opens a socket on the same origin (the session
 * cookie authenticates it) and joins the room. After a reconnect it joins again and calls `onReconnect`, so the
 * caller fetches what it missed since its last message id: no message is lost.
 * @param roomId the open room, or null for none
 * @param onMessage called with each `chat:message`; the caller dedupes by id
 * @param onReconnect called after every reconnect (not the first connect)
 */
export function useChatSocket(roomId: string | null, onMessage: (message: ChatMessage) => void, onReconnect: () => void): void {
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

/**
 * Hears of what changes the signed-in user's inbox, in any room: each chat message addressed to them, and each
 * room they read (in this tab or another). The server puts each socket in its user's channel. Used by the nav's
 * unread count and the room list.
 * @param enabled false to stay disconnected (e.g. signed out)
 * @param onChange called on each `chat:message` and `chat:read`
 */
export function useChatInbox(enabled: boolean, onChange: () => void): void {
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled) return;
    const socket = io({ withCredentials: true });
    socket.on("chat:message", () => handler.current());
    socket.on("chat:read", () => handler.current());
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [enabled]);
}
