import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { ChatMessage, JoinRequest, ServerEventName, ServerEventPayload, TaskMessage } from "@forgehire/core";
import { RealtimeConnection, type RealtimeSocket } from "./connection.js";

const RealtimeContext = createContext<RealtimeConnection | null>(null);

/**
 * Gives the views below it one shared socket (opened only while one of them listens).
 * @param props.connection the connection to share; a new one on the page's origin by default
 */
export function RealtimeProvider(props: { children?: ReactNode; connection?: RealtimeConnection }) {
  const [connection] = useState(() => props.connection ?? new RealtimeConnection());
  return createElement(RealtimeContext.Provider, { value: connection }, props.children);
}

/**
 * The tab's shared connection.
 * @throws when no RealtimeProvider is above the caller: a view must never open a socket of its own
 */
export function useRealtime(): RealtimeConnection {
  const connection = useContext(RealtimeContext);
  if (!connection) throw new Error("useRealtime needs a <RealtimeProvider> above it");
  return connection;
}

/** The latest value, so a new callback each render does not resubscribe. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

/**
 * Listens to one server event on the shared socket while `enabled`.
 * @param event the event name (typed by the event map)
 * @param handler called with each payload
 * @param enabled false to hold no socket (e.g. signed out)
 */
export function useRealtimeEvent<E extends ServerEventName>(event: E, handler: (payload: ServerEventPayload<E>) => void, enabled = true): void {
  const connection = useRealtime();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!enabled) return;
    const socket = connection.acquire();
    const listener = (payload: ServerEventPayload<E>) => latest.current(payload);
    // socket.io's typed on() cannot tie a generic event name to its listener; E ties them in the signature above.
    const on = socket.on.bind(socket) as (event: E, listener: (payload: ServerEventPayload<E>) => void) => RealtimeSocket;
    const off = socket.off.bind(socket) as (event: E, listener: (payload: ServerEventPayload<E>) => void) => RealtimeSocket;
    on(event, listener);
    return () => {
      off(event, listener);
      connection.release();
    };
  }, [connection, event, enabled, latest]);
}

/**
 * Joins a task's or a room's channel on the shared socket while `request` is set; after a reconnect the channel
 * is joined again and `onRejoined` runs, so the caller fetches what it missed.
 * @param request the task or room, or null for none
 * @param onRejoined called after every reconnect (not the first connect)
 */
export function useRealtimeJoin(request: JoinRequest | null, onRejoined?: () => void): void {
  const connection = useRealtime();
  const latest = useLatest(onRejoined);
  const taskId = request && "taskId" in request ? request.taskId : null;
  const roomId = request && "roomId" in request ? request.roomId : null;
  const hub = request && "hub" in request ? request.hub : null;
  useEffect(() => {
    if (taskId === null && roomId === null && hub === null) return;
    connection.acquire();
    const joining: JoinRequest = taskId !== null ? { taskId } : roomId !== null ? { roomId } : { hub: hub! };
    const leave = connection.join(joining, () => latest.current?.());
    return () => {
      leave();
      connection.release();
    };
  }, [connection, taskId, roomId, hub, latest]);
}

/**
 * Holds the shared socket while `enabled` and says whether it is connected.
 * @returns true once connected, false while (re)connecting or disabled
 */
export function useRealtimeConnected(enabled = true): boolean {
  const connection = useRealtime();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const socket = connection.acquire();
    const handleConnect = () => setConnected(true);
    const handleDisconnect = () => setConnected(false);
    socket.on("connect", handleConnect);
    socket.on("disconnect", handleDisconnect);
    setConnected(socket.connected);
    return () => {
      socket.off("connect", handleConnect);
      socket.off("disconnect", handleDisconnect);
      connection.release();
      setConnected(false);
    };
  }, [connection, enabled]);
  return connected;
}

/**
 * A chat room's new messages, live while `roomId` is set: the room is joined on the shared socket, and after a
 * reconnect `onReconnect` runs so the caller fetches what it missed since its last message id. The portal's and
 * the back office's chat dialogs both use it.
 * @param roomId the open room, or null for none
 * @param onMessage called once with each `chat:message` of the room (the server sends each socket one copy)
 * @param onReconnect called after every reconnect (not the first connect)
 */
export function useChatRoomMessages(roomId: string | null, onMessage: (message: ChatMessage) => void, onReconnect: () => void): void {
  useRealtimeJoin(roomId === null ? null : { roomId }, onReconnect);
  useRealtimeEvent(
    "chat:message",
    (message) => {
      // The socket also hears the user's other rooms (their user channel, and rooms other views joined).
      if (message.roomId === roomId) onMessage(message);
    },
    roomId !== null,
  );
}

/**
 * A task's new messages, live while `taskId` is set, on the shared socket.
 * @param taskId the open task, or null for none
 * @param onMessage called with each `task:message` of the task; the caller dedupes against the POST's answer
 */
export function useLiveTaskMessages(taskId: string | null, onMessage: (message: TaskMessage) => void): void {
  useRealtimeJoin(taskId === null ? null : { taskId });
  useRealtimeEvent(
    "task:message",
    (message) => {
      if (message.taskId === taskId) onMessage(message);
    },
    taskId !== null,
  );
}

/**
 * The back office's Communication Hub: every room's new messages, live while `enabled` (admins only; the server
 * refuses others). After a reconnect `onReconnect` runs, so the caller refetches what it shows.
 * @param onMessage called with each `chat:message` the socket hears
 * @param onReconnect called after every reconnect (not the first connect)
 */
export function useChatHub(onMessage: (message: ChatMessage) => void, onReconnect: () => void, enabled = true): void {
  useRealtimeJoin(enabled ? { hub: "chat" } : null, onReconnect);
  useRealtimeEvent("chat:message", onMessage, enabled);
}
