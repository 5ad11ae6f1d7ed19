import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { changePasswordForm, PASSWORD_MIN_LENGTH } from "@forgehire/core";
import type { ChangePasswordForm } from "@forgehire/core";
import { useChangePassword } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import FormError from "../../components/FormError";
import FormTextField from "../../components/FormTextField";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";

const messages = {
  success: "Password updated successfully",
  failed: "Failed to update password",
} as const;

const empty: ChangePasswordForm = { currentPassword: "", password: "", confirmPassword: "" };
const fields = ["currentPassword", "password", "confirmPassword"] as const;
// "Required" reads "Current Password is required".
const resolver = schemaResolver<ChangePasswordForm, typeof changePasswordForm>(changePasswordForm, { fields, labels: { currentPassword: "Current Password" } });

/** The Password & Security tab: current password, then the new one twice. */
export default function PasswordTab() {
  const { control, handleSubmit, setError, reset } = useForm<ChangePasswordForm>({ defaultValues: empty, resolver });
  const change = useChangePassword();
  const { enqueueSnackbar } = useSnackbar();

  const handleChange = ({ currentPassword, password }: ChangePasswordForm) => {
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          reset(empty);
          enqueueSnackbar(messages.success, { variant: "success" });
        },
        onError: (error) => {
          if (error instanceof ApiError) setServerFieldErrors(setError, error.fields, fields);
        },
      },
    );
  };

  return (
    <Box component="form" onSubmit={(event) => void handleSubmit(handleChange)(event)} noValidate>
      <FormError title={messages.failed} message={change.isError ? errorMessage(change.error, messages.failed) : null} />
      <Stack spacing={2.5}>
        <FormTextField control={control} name="currentPassword" password label="Current Password" autoComplete="current-password" />
        <FormTextField
          control={control}
          name="password"
          password
          label="New Password"
          autoComplete="new-password"
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
        />
        <FormTextField control={control} name="confirmPassword" password label="Confirm Password" autoComplete="new-password" />
      </Stack>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 4 }}>
        <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
          {change.isPending ? "Updating..." : "Update Password"}
        </Button>
      </Box>
    </Box>
  );
}
