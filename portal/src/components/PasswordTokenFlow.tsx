import { useEffect } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useNavigate, useSearchParams } from "react-router";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { errorCatalogue, newPasswordForm } from "@forgehire/core";
import type { NewPasswordForm } from "@forgehire/core";
import { useResetPassword, useVerifyResetToken } from "../api/auth";
import { ApiError, errorMessage, isApiError } from "../api/client";
import { schemaResolver, setServerFieldErrors } from "../lib/form-errors";
import AuthCard from "./AuthCard";
import FormError from "./FormError";
import FormTextField from "./FormTextField";

const messages = {
  verifying: "Verifying your reset link...",
  invalidLink: errorCatalogue.INVALID_RESET_TOKEN.message,
  linkError: "An error occurred processing your reset link",
  success: "Password updated successfully!",
  failedTitle: "Failed to update password",
  failed: "An error occurred while processing your reset request",
} as const;

const fields = ["password", "confirmPassword"] as const;
const resolver = schemaResolver<NewPasswordForm, typeof newPasswordForm>(newPasswordForm, { fields });

/** How long the success message stays before the user is sent to sign in (spec part 1 §9). */
const REDIRECT_DELAY_MS = 1500;

interface PasswordTokenFlowProps {
  /** 'Reset Your Password' or 'Change Your Password'. */
  title: string;
  /** What to say when the link carries no token at all. */
  missingTokenMessage: string;
}

/**
 * The screens an emailed recovery link opens: verify the `?token=`, then take the new password.
 * An unusable link offers 'Request New Link', which opens the reset dialog on the login screen.
 */
export default function PasswordTokenFlow({ title, missingTokenMessage }: PasswordTokenFlowProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim() || null;
  const verify = useVerifyResetToken(token);
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  const { control, handleSubmit, setError } = useForm<NewPasswordForm>({ defaultValues: { password: "", confirmPassword: "" }, resolver });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => void navigate("/login", { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const handleRequestNewLink = () => navigate("/login", { state: { openReset: true } });

  const handleReset = ({ password }: NewPasswordForm) => {
    if (!token) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => enqueueSnackbar(messages.success, { variant: "success" }),
        onError: (error) => {
          if (error instanceof ApiError) setServerFieldErrors(setError, error.fields, fields);
        },
      },
    );
  };

  const invalidMessage = !token
    ? missingTokenMessage
    : verify.isError
      ? isApiError(verify.error) && verify.error.status === 400
        ? messages.invalidLink
        : messages.linkError
      : isApiError(reset.error, "INVALID_RESET_TOKEN")
        ? messages.invalidLink
        : null;

  let body;
  if (invalidMessage) {
    body = (
      <Stack spacing={3} alignItems="stretch">
        <Alert severity="error">{invalidMessage}</Alert>
        <Button variant="contained" size="large" onClick={() => void handleRequestNewLink()}>
          Request New Link
        </Button>
      </Stack>
    );
  } else if (verify.isPending) {
    body = (
      <Box role="status" sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{messages.verifying}</Typography>
      </Box>
    );
  } else if (reset.isSuccess) {
    body = (
      <Alert severity="success" role="status">
        {messages.success} Redirecting you to sign in...
      </Alert>
    );
  } else {
    body = (
      <Box component="form" onSubmit={(event) => void handleSubmit(handleReset)(event)} noValidate>
        <FormError
          title={messages.failedTitle}
          message={reset.isError && !(reset.error instanceof ApiError && reset.error.fields.password) ? errorMessage(reset.error, messages.failed) : null}
        />
        <Stack spacing={2.5}>
          <FormTextField control={control} name="password" password label="New Password" autoComplete="new-password" autoFocus />
          <FormTextField control={control} name="confirmPassword" password label="Confirm Password" autoComplete="new-password" />
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={reset.isPending} sx={{ mt: 4 }}>
          {reset.isPending ? "Updating..." : "Update Password"}
        </Button>
      </Box>
    );
  }

  return (
    <AuthCard title={title} subtitle={invalidMessage || verify.isPending ? undefined : "Choose a new password for your account."}>
      {body}
    </AuthCard>
  );
}
