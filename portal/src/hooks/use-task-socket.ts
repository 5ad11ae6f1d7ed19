import { useEffect, useRef } from "react";
import { io } from "socket.io-client";
import type { TaskMessage } from "@forgehire/core";

/**
 * Receives a task's new messages live while `taskId` is set: opens a socket on the same origin (the session
 * cookie authenticates it), joins the task, and closes the socket when the task changes or the caller unmounts.
 * The server has no `leave`: closing the socket leaves every channel it joined.
 * @param taskId the open task, or null for none
 * @param onMessage called with each `task:message`; the caller dedupes against the POST's answer
 */
export function useTaskSocket(taskId: string | null, onMessage: (message: TaskMessage) => void): void {
  // The latest callback, so a new function each render does not reconnect.
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    if (taskId === null) return;
    const socket = io({ withCredentials: true });
    const join = () => {
      // Joined again after every reconnect: a new connection starts in no channel.
      socket
        .timeout(10_000)
        .emitWithAck("join", { taskId })
        // A refused join (not a member) leaves the dialog on its loaded history, which the API guards too.
        .catch(() => undefined);
    };
    socket.on("connect", join);
    socket.on("task:message", (message: TaskMessage) => {
      if (message.taskId === taskId) onMessageRef.current(message);
    });
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [taskId]);
}
