import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { recoverBody } from "@forgehire/core";
import type { RecoverBody } from "@forgehire/core";
import { useRecover } from "../../api/auth";
import { errorMessage, isApiError } from "../../api/client";
import FormError from "../../components/FormError";
import FormTextField from "../../components/FormTextField";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";

const messages = {
  sent: "Password reset email sent! Check your inbox.",
  noEmail: "No email can be sent: this site has no mail server. Ask an administrator to reset your password.",
  failed: "Failed to send reset email",
} as const;

interface RecoverForm {
  email: string;
}

const fields = ["email"] as const;
// "Required" reads "Email is required".
const resolver = schemaResolver<RecoverForm, typeof recoverBody>(recoverBody, { fields, labels: { email: "Email" } });

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
  const { control, handleSubmit, setError, getValues } = useForm<RecoverForm, unknown, RecoverBody>({ defaultValues: { email: initialEmail }, resolver });
  const recover = useRecover();
  const { enqueueSnackbar } = useSnackbar();

  const handleRecover = (body: RecoverBody) => {
    recover.mutate(body, {
      onSuccess: (answer) => {
        if (answer.delivery !== "none") enqueueSnackbar(messages.sent, { variant: "success" });
      },
      onError: (error) => {
        if (isApiError(error)) setServerFieldErrors(setError, error.fields, fields);
      },
    });
  };

  if (recover.isSuccess) {
    // The server says whether this site can send email at all (never whether the account exists).
    const noEmail = recover.data.delivery === "none";
    return (
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
        <DialogTitle id="reset-password-title">{noEmail ? "No email can be sent" : "Check your email"}</DialogTitle>
        <DialogContent>
          {noEmail ? (
            <Alert severity="warning">{messages.noEmail}</Alert>
          ) : (
            <Alert severity="success">
              If an account exists for {getValues("email").trim()}, we have sent it a link to reset your password. The link is valid for one hour.
            </Alert>
          )}
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
    <Dialog open={open} onClose={recover.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
      <form onSubmit={(event) => void handleSubmit(handleRecover)(event)} noValidate>
        <DialogTitle id="reset-password-title">Reset password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>Enter the email address of your account and we will send you a link to reset your password.</DialogContentText>
          <FormError title={messages.failed} message={recover.isError ? errorMessage(recover.error, messages.failed) : null} />
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus helperText=" " margin="dense" />
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
