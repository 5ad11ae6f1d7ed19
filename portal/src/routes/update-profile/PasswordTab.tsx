import { useState } from "react";
import type { FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useSnackbar } from "notistack";
import { useChangePassword } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import FormError from "../../components/FormError";
import PasswordField from "../../components/PasswordField";
import { validateNewPassword } from "../../lib/password-rules";

const messages = {
  success: "Password updated successfully",
  failed: "Failed to update password",
  currentRequired: "Current Password is required",
} as const;

const empty = { currentPassword: "", password: "", confirmPassword: "" };

/** The Password & Security tab: current password, then the new one twice. */
export default function PasswordTab() {
  const [form, setForm] = useState(empty);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const change = useChangePassword();
  const { enqueueSnackbar } = useSnackbar();

  const handleChange = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = { ...validateNewPassword(form.password, form.confirmPassword) };
    if (!form.currentPassword) found.currentPassword = messages.currentRequired;
    setFieldErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: form.currentPassword, password: form.password },
      {
        onSuccess: () => {
          setForm(empty);
          enqueueSnackbar(messages.success, { variant: "success" });
        },
        onError: (error) => {
          if (error instanceof ApiError) setFieldErrors(error.fields);
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate>
      <FormError title={messages.failed} message={change.isError ? errorMessage(change.error, messages.failed) : null} />
      <Stack spacing={2.5}>
        <PasswordField
          label="Current Password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={handleChange("currentPassword")}
          error={Boolean(fieldErrors.currentPassword)}
          helperText={fieldErrors.currentPassword}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          value={form.password}
          onChange={handleChange("password")}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password ?? "At least 6 characters"}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={handleChange("confirmPassword")}
          error={Boolean(fieldErrors.confirmPassword)}
          helperText={fieldErrors.confirmPassword}
        />
      </Stack>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 4 }}>
        <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
          {change.isPending ? "Updating..." : "Update Password"}
        </Button>
      </Box>
    </Box>
  );
}
