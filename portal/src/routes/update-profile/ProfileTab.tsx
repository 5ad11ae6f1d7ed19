import { useState } from "react";
import type { FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useSnackbar } from "notistack";
import { updateProfileBody } from "@forgehire/core";
import type { User } from "@forgehire/core";
import { useUpdateProfile } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import FormError from "../../components/FormError";
import { fieldErrorsFromIssues } from "../../lib/form-errors";

const messages = {
  success: "Profile updated successfully",
  failed: "Failed to update profile",
} as const;

const labels = { firstName: "First Name", lastName: "Last Name" };

/** The Profile Information tab: first and last name; the email is shown but cannot be changed. */
export default function ProfileTab({ user }: { user: User }) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  const { enqueueSnackbar } = useSnackbar();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileBody.safeParse({ firstName, lastName });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromIssues(parsed.error.issues, labels));
      return;
    }
    setFieldErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setFirstName(saved.firstName);
        setLastName(saved.lastName);
        enqueueSnackbar(messages.success, { variant: "success" });
      },
      onError: (error) => {
        if (error instanceof ApiError) setFieldErrors(error.fields);
      },
    });
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate>
      <FormError title={messages.failed} message={update.isError ? errorMessage(update.error, messages.failed) : null} />
      <Stack spacing={2.5}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2.5}>
          <TextField
            label="First Name"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={Boolean(fieldErrors.firstName)}
            helperText={fieldErrors.firstName}
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={Boolean(fieldErrors.lastName)}
            helperText={fieldErrors.lastName}
          />
        </Stack>
        <TextField
          label="Email"
          type="email"
          value={user.email}
          helperText="Email cannot be changed"
          slotProps={{ input: { readOnly: true } }}
        />
      </Stack>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 4 }}>
        <Button type="submit" variant="contained" size="large" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </Box>
    </Box>
  );
}
