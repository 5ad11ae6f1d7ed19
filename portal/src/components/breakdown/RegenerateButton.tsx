import { useEffect, useState } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Autorenew from "@mui/icons-material/Autorenew";
import { useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { isActiveRun, type Job } from "@forgehire/core";
import { serverRefusal } from "../../api/client";
import { breakdownKeys, useRefreshJob, useRegenerateBreakdown } from "../../api/breakdown";
import { useBreakdownRun } from "../../hooks/use-breakdown-run";
import ToastMessage from "../ToastMessage";
import ReasonTooltip from "./ReasonTooltip";
import { disabledReason } from "./reasons";

const messages = {
  regenerated: "Stories and tasks regenerated from the requirements.",
  regenerateFailed: "Failed to regenerate the stories and tasks. Please try again.",
  regenerateTitle: "Regenerate the breakdown?",
  regenerateText:
    "Every story and task, with your edits and the task messages, is replaced by a new breakdown of the current requirements. This cannot be undone.",
  waiting: "The AI is writing the new stories and tasks. This can take a minute or two.",
};

/**
 * Regenerate, with a confirmation: for the owner or an admin while the breakdown is open and unlocked. The rules
 * engine answers at once; with the AI the server queues a run, which the dialog follows (socket events, and a poll
 * for missed ones) until it has replaced the stories or failed.
 */
export default function RegenerateButton({ job }: { job: Job }) {
  const regenerate = useRegenerateBreakdown();
  const refreshJob = useRefreshJob();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [runId, setRunId] = useState<string | null>(null);
  const { data: run } = useBreakdownRun(job.id, runId);
  const reason = disabledReason(job, "regenerateBreakdown");
  // A queued run has ended once its row says so: the dialog closes and the toast says how it went.
  const ended = runId !== null && run !== undefined && !isActiveRun(run.status);
  const busy = regenerate.isPending || (runId !== null && !ended);

  const runStatus = ended ? run.status : undefined;
  const runError = ended ? run.error?.message : undefined;
  useEffect(() => {
    if (!runStatus) return;
    void queryClient.invalidateQueries({ queryKey: breakdownKeys.stories(job.id) });
    void refreshJob(job.id);
    if (runStatus === "succeeded") enqueueSnackbar(messages.regenerated, { variant: "success" });
    else enqueueSnackbar(runError ?? messages.regenerateFailed, { variant: "error" });
    // Once per run's end (runId, runStatus); the helpers are new functions each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runId, runStatus]);

  const handleOpen = () => {
    setRunId(null);
    setConfirming(true);
  };

  const handleConfirm = () => {
    regenerate.mutate(job.id, {
      onSuccess: (data) => {
        if ("runId" in data) return setRunId(data.runId);
        setConfirming(false);
        enqueueSnackbar(messages.regenerated, { variant: "success" });
      },
      onError: (error) => {
        setConfirming(false);
        const refused = serverRefusal(error);
        if (refused) enqueueSnackbar(<ToastMessage title={refused.title} message={refused.message} />, { variant: "error" });
        else enqueueSnackbar(messages.regenerateFailed, { variant: "error" });
      },
    });
  };

  return (
    <>
      <ReasonTooltip reason={reason}>
        <Button variant="outlined" startIcon={<Autorenew />} onClick={handleOpen} disabled={reason !== null || busy}>
          Regenerate
        </Button>
      </ReasonTooltip>
      <Dialog open={confirming && !ended} onClose={busy ? undefined : () => setConfirming(false)} maxWidth="xs" fullWidth aria-labelledby="regenerate-title">
        <DialogTitle id="regenerate-title">{messages.regenerateTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{runId ? messages.waiting : messages.regenerateText}</DialogContentText>
          {runId && (
            <LinearProgress
              sx={{ mt: 2 }}
              variant={run ? "determinate" : "indeterminate"}
              value={run?.progress.percent ?? 0}
              aria-label="Regenerating the stories and tasks"
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="warning" variant="contained" onClick={handleConfirm} disabled={busy}>
            {busy ? "Regenerating..." : "Regenerate"}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
