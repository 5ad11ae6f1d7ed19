import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvent } from "@forgehire/realtime-client";
import { breakdownDoneEventSchema, breakdownProgressEventSchema, type BreakdownRun } from "@forgehire/core";
import { breakdownKeys, useBreakdownRunQuery } from "../api/breakdown";

/**
 * Follows a breakdown run: its `breakdown:progress` and `breakdown:done` events on the tab's shared socket, and the
 * run route every 2 s until it ends, in case an event was missed (no socket, a reconnect).
 * @param jobId the job being broken down
 * @param runId the run the 202 gave; null while there is none
 * @returns the run's query
 */
export function useBreakdownRun(jobId: number, runId: string | null) {
  const queryClient = useQueryClient();
  const key = breakdownKeys.run(jobId, runId ?? "");
  useRealtimeEvent(
    "breakdown:progress",
    (event) => {
      // Typed by the event map, but checked: an older server could send another shape.
      const parsed = breakdownProgressEventSchema.safeParse(event);
      if (!parsed.success || parsed.data.runId !== runId) return;
      const { status, progress } = parsed.data;
      // A poll's answer may be newer than a late event: progress only moves forward.
      queryClient.setQueryData<BreakdownRun>(key, (run) => (run && progress.percent >= run.progress.percent ? { ...run, status, progress } : run));
    },
    runId !== null,
  );
  useRealtimeEvent(
    "breakdown:done",
    (event) => {
      const parsed = breakdownDoneEventSchema.safeParse(event);
      // The run's row has the whole outcome (counts, error): read it now rather than at the next poll.
      if (parsed.success && parsed.data.runId === runId) void queryClient.invalidateQueries({ queryKey: key });
    },
    runId !== null,
  );
  return useBreakdownRunQuery(jobId, runId);
}
