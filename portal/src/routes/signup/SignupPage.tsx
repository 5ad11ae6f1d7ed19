import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import PostAddOutlined from "@mui/icons-material/PostAddOutlined";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import { Link as RouterLink, useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { PASSWORD_MIN_LENGTH, signupBody } from "@forgehire/core";
import type { SignupBody } from "@forgehire/core";
import { useSignup } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import AuthCard from "../../components/AuthCard";
import FormError from "../../components/FormError";
import PasswordField from "../../components/PasswordField";
import { fieldErrorsFromIssues } from "../../lib/form-errors";

const messages = {
  success: "Account created successfully!",
  failed: "Failed to create account",
} as const;

const labels = { firstName: "First Name", lastName: "Last Name", email: "Email", password: "Password" };

type UserType = SignupBody["userType"];

interface Choice {
  value: UserType;
  label: string;
  hint: string;
  icon: ReactNode;
}

const choices: readonly Choice[] = [
  { value: "client", label: "Post a Requirement", hint: "I have a project to get done", icon: <PostAddOutlined /> },
  { value: "freelancer", label: "Work as Freelancer", hint: "I run an AI bot or agent", icon: <SmartToyOutlined /> },
];

/** The sign-up screen: account type, name, email and password. */
export default function SignupPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const signup = useSignup();

  const [userType, setUserType] = useState<UserType>("client");
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", password: "" });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const handleChange = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const handleUserType = (_event: unknown, value: UserType | null) => {
    // An exclusive group reports null when the chosen button is clicked again; keep the choice.
    if (value) setUserType(value);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = signupBody.safeParse({ ...form, userType });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromIssues(parsed.error.issues, labels));
      return;
    }
    setFieldErrors({});
    signup.mutate(parsed.data, {
      onSuccess: (user) => {
        enqueueSnackbar(messages.success, { variant: "success" });
        navigate(user.userType === "freelancer" ? "/create-profile" : "/", { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setFieldErrors(error.fields);
      },
    });
  };

  // Field errors already sit under their fields; the banner is for everything else.
  const bannerMessage =
    signup.isError && !(signup.error instanceof ApiError && Object.keys(signup.error.fields).length > 0)
      ? errorMessage(signup.error, messages.failed)
      : null;

  return (
    <AuthCard title="Create Your Account" subtitle="Join Forgehire in less than a minute">
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <FormError title={messages.failed} message={bannerMessage} />
        <Typography id="account-type-label" variant="subtitle2" sx={{ mb: 1 }}>
          I want to
        </Typography>
        <ToggleButtonGroup
          value={userType}
          exclusive
          onChange={handleUserType}
          aria-labelledby="account-type-label"
          fullWidth
          color="primary"
          sx={{ mb: 3, gap: 1.5, "& .MuiToggleButtonGroup-grouped": { border: 1, borderColor: "divider", borderRadius: "12px !important" } }}
        >
          {choices.map((choice) => (
            <ToggleButton key={choice.value} value={choice.value} sx={{ flexDirection: "column", gap: 0.5, py: 2, textTransform: "none" }}>
              {choice.icon}
              <Typography component="span" fontWeight={700}>
                {choice.label}
              </Typography>
              <Typography component="span" variant="caption" color="text.secondary" aria-hidden>
                {choice.hint}
              </Typography>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>

        <Stack spacing={2.5}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2.5}>
            <TextField
              label="First Name"
              autoComplete="given-name"
              value={form.firstName}
              onChange={handleChange("firstName")}
              error={Boolean(fieldErrors.firstName)}
              helperText={fieldErrors.firstName}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              value={form.lastName}
              onChange={handleChange("lastName")}
              error={Boolean(fieldErrors.lastName)}
              helperText={fieldErrors.lastName}
            />
          </Stack>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={handleChange("email")}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={form.password}
            onChange={handleChange("password")}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password ?? `At least ${PASSWORD_MIN_LENGTH} characters`}
          />
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={signup.isPending} sx={{ mt: 4 }}>
          {signup.isPending ? "Creating account..." : "Create Account"}
        </Button>
        <Typography variant="body2" color="text.secondary" align="center" sx={{ mt: 3 }}>
          Already have an account?{" "}
          <Link component={RouterLink} to="/login" underline="hover" fontWeight={600}>
            Log in
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
