import { useEffect, useRef, useState } from "react";
import { io } from "socket.io-client";
import { breakdownProgressEventSchema, type BreakdownProgress } from "@forgehire/core";

/**
 * Hears the server's `breakdown:progress` notices for one job while `active`: the server pushes them to the
 * asking user's sockets as the AI makes its attempts, so the dialog can say which attempt runs.
 * @param jobId the job being broken down
 * @param active true while the dialog is open
 * @param onProgress called with each notice for this job
 * @returns whether the socket is connected, so the caller can ask for the breakdown once notices can arrive
 */
export function useBreakdownProgress(jobId: number, active: boolean, onProgress: (progress: BreakdownProgress) => void): boolean {
  const handler = useRef(onProgress);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    handler.current = onProgress;
  }, [onProgress]);

  useEffect(() => {
    if (!active) return;
    const socket = io({ withCredentials: true });
    socket.on("connect", () => setConnected(true));
    socket.on("disconnect", () => setConnected(false));
    socket.on("breakdown:progress", (event: unknown) => {
      const parsed = breakdownProgressEventSchema.safeParse(event);
      if (parsed.success && parsed.data.jobId === jobId) handler.current(parsed.data);
    });
    return () => {
      socket.off();
      socket.disconnect();
      setConnected(false);
    };
  }, [jobId, active]);
  return connected;
}
