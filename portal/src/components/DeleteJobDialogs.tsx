import { useState } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useSnackbar } from "notistack";
import { errorCatalogue } from "@forgehire/core";
import type { Job } from "@forgehire/core";
import { useDeleteJob } from "../api/jobs";
import { errorMessage, isApiError } from "../api/client";

const messages = {
  confirmTitle: "Are you sure you want to delete this job?",
  confirmText: "This action will remove the job from your job listings. It cannot be undone.",
  paidTitle: errorCatalogue.JOB_PAID.title,
  paidText: errorCatalogue.JOB_PAID.message,
  failed: (message: string) => `Failed to delete the job: ${message}`,
} as const;

interface DeleteJobDialogsProps {
  /** The job to delete; null keeps the dialogs closed. */
  job: Job | null;
  onClose: () => void;
  /** Called once the job is deleted. */
  onDeleted?: (job: Job) => void;
}

/**
 * The delete confirmation, and 'Cannot Delete Paid Job' when the server refuses because the job is paid or
 * started. The parent gives it a new key per job, so each opening starts from the confirmation.
 */
export default function DeleteJobDialogs({ job, onClose, onDeleted }: DeleteJobDialogsProps) {
  const [paidBlocked, setPaidBlocked] = useState(false);
  const deleteJob = useDeleteJob();
  const { enqueueSnackbar } = useSnackbar();

  const handleDelete = () => {
    if (!job) return;
    deleteJob.mutate(job.id, {
      onSuccess: () => {
        onDeleted?.(job);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, "JOB_PAID")) {
          setPaidBlocked(true);
          return;
        }
        enqueueSnackbar(messages.failed(errorMessage(error)), { variant: "error" });
        onClose();
      },
    });
  };

  return (
    <>
      <Dialog
        open={job !== null && !paidBlocked}
        onClose={deleteJob.isPending ? undefined : onClose}
        maxWidth="xs"
        fullWidth
        aria-labelledby="delete-job-title"
        aria-describedby="delete-job-text"
      >
        <DialogTitle id="delete-job-title">{messages.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-job-text">{messages.confirmText}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={deleteJob.isPending}>
            Cancel
          </Button>
          <Button onClick={handleDelete} color="error" variant="contained" disabled={deleteJob.isPending}>
            {deleteJob.isPending ? "Deleting..." : "Delete"}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={job !== null && paidBlocked} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="paid-job-title" aria-describedby="paid-job-text">
        <DialogTitle id="paid-job-title">{messages.paidTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="paid-job-text">{messages.paidText}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} variant="contained">
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
