import { useEffect, useRef } from "react";
import { io } from "socket.io-client";
import { breakdownProgressEventSchema, type BreakdownProgress } from "@forgehire/core";

/**
 * Hears the server's `breakdown:progress` notices for one job while `active`: the server pushes them to the
 * asking user's sockets as the AI makes its attempts, so the dialog can say when the second one starts.
 * @param jobId the job being broken down
 * @param active true while the breakdown request runs
 * @param onProgress called with each notice for this job
 */
export function useBreakdownProgress(jobId: number, active: boolean, onProgress: (progress: BreakdownProgress) => void): void {
  const handler = useRef(onProgress);
  useEffect(() => {
    handler.current = onProgress;
  }, [onProgress]);

  useEffect(() => {
    if (!active) return;
    const socket = io({ withCredentials: true });
    socket.on("breakdown:progress", (event: unknown) => {
      const parsed = breakdownProgressEventSchema.safeParse(event);
      if (parsed.success && parsed.data.jobId === jobId) handler.current(parsed.data);
    });
    return () => {
      socket.off();
      socket.disconnect();
    };
  }, [jobId, active]);
}
