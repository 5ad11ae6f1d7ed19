import { useState } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useSnackbar } from "notistack";
import { changeRequestBody, errorCatalogue } from "@forgehire/core";
import type { Job } from "@forgehire/core";
import { isApiError, serverRefusal } from "../../api/client";
import { useCreateChangeRequest } from "../../api/breakdown";
import ToastMessage from "../ToastMessage";

const messages = {
  title: "Request a Change",
  signedOut: "You must be logged in to submit a change request.",
  intro: "Describe what should change. A 'Change Request Implementation' story with its tasks is added to the backlog.",
  success: "Change request submitted. The 'Change Request Implementation' story was added.",
  failed: "Failed to submit change request. Please try again.",
  empty: errorCatalogue.EMPTY_CHANGE_REQUEST.message,
} as const;

interface ChangeRequestDialogProps {
  job: Job;
  open: boolean;
  onClose: () => void;
  /** Called once the request and its story exist. */
  onSubmitted?: () => void;
}

/** 'Request a Change': a text area, Cancel and 'Submit Change Request'. The parent remounts it per opening. */
export default function ChangeRequestDialog({ job, open, onClose, onSubmitted }: ChangeRequestDialogProps) {
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const createChangeRequest = useCreateChangeRequest();
  const { enqueueSnackbar } = useSnackbar();

  const handleSubmit = () => {
    const parsed = changeRequestBody.safeParse({ description });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.empty);
      return;
    }
    createChangeRequest.mutate(
      { jobId: job.id, body: parsed.data },
      {
        onSuccess: () => {
          enqueueSnackbar(messages.success, { variant: "success" });
          setDescription("");
          onSubmitted?.();
          onClose();
        },
        onError: (failure) => {
          const refusal = serverRefusal(failure);
          // A session that ended while the dialog was open: the spec's own words for it.
          if (isApiError(failure, "UNAUTHENTICATED")) {
            enqueueSnackbar(messages.signedOut, { variant: "error" });
          } else if (refusal) {
            enqueueSnackbar(<ToastMessage title={refusal.title} message={refusal.message} />, { variant: "error" });
          } else {
            enqueueSnackbar(messages.failed, { variant: "error" });
          }
        },
      },
    );
  };

  const pending = createChangeRequest.isPending;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="change-request-title">
      <DialogTitle id="change-request-title">{messages.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{messages.intro}</DialogContentText>
        <TextField
          label="Requested changes"
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? " "}
          multiline
          minRows={5}
          fullWidth
          autoFocus
          disabled={pending}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleSubmit} disabled={pending}>
          {pending ? "Submitting..." : "Submit Change Request"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
