import { useRealtimeConnected, useRealtimeEvent } from "@forgehire/realtime-client";
import { breakdownProgressEventSchema, type BreakdownProgress } from "@forgehire/core";

/**
 * Hears the server's `breakdown:progress` notices for one job while `active`, on the tab's shared socket: the
 * server pushes them to the asking user's sockets as the AI makes its attempts, so the dialog can say which attempt
 * runs.
 * @param jobId the job being broken down
 * @param active true while the dialog is open
 * @param onProgress called with each notice for this job
 * @returns whether the socket is connected, so the caller can ask for the breakdown once notices can arrive
 */
export function useBreakdownProgress(jobId: number, active: boolean, onProgress: (progress: BreakdownProgress) => void): boolean {
  useRealtimeEvent(
    "breakdown:progress",
    (event) => {
      // Typed by the event map, but checked: an older server could send another shape.
      const parsed = breakdownProgressEventSchema.safeParse(event);
      if (parsed.success && parsed.data.jobId === jobId) onProgress(parsed.data);
    },
    active,
  );
  return useRealtimeConnected(active);
}
