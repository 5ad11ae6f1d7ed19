import { useState } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useSnackbar } from "notistack";
import { serverRefusal } from "../../api/client";
import { useOpenDispute } from "../../api/breakdown";
import ToastMessage from "../ToastMessage";

const EMPTY_REASON = "Please say what the dispute is about.";

/**
 * Opens a dispute with a reason (POST /api/jobs/:id/disputes): on one story, or without `storyId` on every story of
 * the job not yet approved. The button that opens it is the server's `can.dispute`; the server decides again.
 */
export default function DisputeDialog({
  open,
  onClose,
  jobId,
  storyId,
  title,
}: {
  open: boolean;
  onClose: () => void;
  jobId: number;
  storyId?: string;
  title: string;
}) {
  const dispute = useOpenDispute();
  const { enqueueSnackbar } = useSnackbar();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const submit = () => {
    if (reason.trim() === "") return setError(EMPTY_REASON);
    dispute.mutate(
      { jobId, reason: reason.trim(), ...(storyId && { storyId }) },
      {
        onSuccess: () => {
          setReason("");
          close();
          enqueueSnackbar("Dispute opened: an admin will resolve it", { variant: "success" });
        },
        onError: (failure) => {
          const refusal = serverRefusal(failure);
          if (refusal?.code === "EMPTY_REASON") return setError(refusal.message);
          enqueueSnackbar(refusal ? <ToastMessage title={refusal.title} message={refusal.message} /> : "Something went wrong. Please try again.", {
            variant: "error",
          });
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {storyId
            ? "The story's money stays held, and it is not approved on its own, until an admin resolves the dispute."
            : "Every story not yet approved is disputed: their money stays held, and none is approved on its own, until an admin resolves the dispute."}{" "}
          The other party and the admins are told.
        </DialogContentText>
        <TextField
          label="What the dispute is about"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 2 }}
          error={error !== null}
          helperText={error ?? "The admin who resolves it and the other party read this."}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" color="error" onClick={submit} disabled={dispute.isPending}>
          Open dispute
        </Button>
      </DialogActions>
    </Dialog>
  );
}
