import { useState } from "react";
import type { FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useSnackbar } from "notistack";
import { recoverBody } from "@forgehire/core";
import { useRecover } from "../../api/auth";
import { errorMessage } from "../../api/client";
import FormError from "../../components/FormError";

const messages = {
  sent: "Password reset email sent! Check your inbox.",
  failed: "Failed to send reset email",
  emailRequired: "Email is required",
} as const;

interface ResetPasswordDialogProps {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}

/**
 * The login screen's Reset password dialog: asks for the email and sends the recovery link.
 * The parent gives it a new key at each opening, so every opening starts from a fresh form.
 */
export default function ResetPasswordDialog({ open, initialEmail, onClose }: ResetPasswordDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const recover = useRecover();
  const { enqueueSnackbar } = useSnackbar();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = recoverBody.safeParse({ email });
    if (!parsed.success) {
      setFieldError(messages.emailRequired);
      return;
    }
    setFieldError(null);
    recover.mutate(parsed.data, {
      onSuccess: () => enqueueSnackbar(messages.sent, { variant: "success" }),
    });
  };

  if (recover.isSuccess) {
    return (
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
        <DialogTitle id="reset-password-title">Check your email</DialogTitle>
        <DialogContent>
          <Alert severity="success">
            If an account exists for {email.trim()}, we have sent it a link to reset your password. The link is valid
            for one hour.
          </Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} variant="contained">
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={recover.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="reset-password-title"
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id="reset-password-title">Reset password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Enter the email address of your account and we will send you a link to reset your password.
          </DialogContentText>
          <FormError title={messages.failed} message={recover.isError ? errorMessage(recover.error, messages.failed) : null} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? " "}
            margin="dense"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={recover.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={recover.isPending}>
            {recover.isPending ? "Sending..." : "Send Reset Link"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
