import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { updateProfileBody } from "@forgehire/core";
import type { UpdateProfileBody, User } from "@forgehire/core";
import { useUpdateProfile } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import FormError from "../../components/FormError";
import FormTextField from "../../components/FormTextField";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";

const messages = {
  success: "Profile updated successfully",
  failed: "Failed to update profile",
} as const;

const labels = { firstName: "First Name", lastName: "Last Name" };
const fields = ["firstName", "lastName"] as const;
const resolver = schemaResolver<UpdateProfileBody, typeof updateProfileBody>(updateProfileBody, { fields, labels });

/** The Profile Information tab: first and last name; the email is shown but cannot be changed. */
export default function ProfileTab({ user }: { user: User }) {
  const { control, handleSubmit, setError, reset } = useForm<UpdateProfileBody>({
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
    resolver,
  });
  const update = useUpdateProfile();
  const { enqueueSnackbar } = useSnackbar();

  const handleSave = (body: UpdateProfileBody) => {
    update.mutate(body, {
      onSuccess: (saved) => {
        reset({ firstName: saved.firstName, lastName: saved.lastName });
        enqueueSnackbar(messages.success, { variant: "success" });
      },
      onError: (error) => {
        if (error instanceof ApiError) setServerFieldErrors(setError, error.fields, fields);
      },
    });
  };

  return (
    <Box component="form" onSubmit={(event) => void handleSubmit(handleSave)(event)} noValidate>
      <FormError title={messages.failed} message={update.isError ? errorMessage(update.error, messages.failed) : null} />
      <Stack spacing={2.5}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2.5}>
          <FormTextField control={control} name="firstName" label="First Name" autoComplete="given-name" />
          <FormTextField control={control} name="lastName" label="Last Name" autoComplete="family-name" />
        </Stack>
        <TextField label="Email" type="email" value={user.email} helperText="Email cannot be changed" slotProps={{ input: { readOnly: true } }} />
      </Stack>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 4 }}>
        <Button type="submit" variant="contained" size="large" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </Box>
    </Box>
  );
}
