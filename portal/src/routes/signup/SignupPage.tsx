import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import PostAddOutlined from "@mui/icons-material/PostAddOutlined";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import { Link as RouterLink, useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { Controller, useForm } from "react-hook-form";
import { PASSWORD_MIN_LENGTH, signupBody } from "@forgehire/core";
import type { SignupBody } from "@forgehire/core";
import { useSignup } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import AuthCard from "../../components/AuthCard";
import FormError from "../../components/FormError";
import FormTextField from "../../components/FormTextField";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";

const messages = {
  success: "Account created successfully!",
  failed: "Failed to create account",
} as const;

const labels = { firstName: "First Name", lastName: "Last Name", email: "Email", password: "Password" };
const fields = ["userType", "firstName", "lastName", "email", "password"] as const;

type UserType = SignupBody["userType"];

interface SignupForm {
  userType: UserType;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

const resolver = schemaResolver<SignupForm, typeof signupBody>(signupBody, { fields, labels });
const emptyForm: SignupForm = { userType: "client", firstName: "", lastName: "", email: "", password: "" };

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

  const { control, handleSubmit, setError } = useForm<SignupForm, unknown, SignupBody>({ defaultValues: emptyForm, resolver });

  const handleSignup = (body: SignupBody) => {
    signup.mutate(body, {
      onSuccess: (user) => {
        enqueueSnackbar(messages.success, { variant: "success" });
        void navigate(user.userType === "freelancer" ? "/create-profile" : "/", { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setServerFieldErrors(setError, error.fields, fields);
      },
    });
  };

  // Field errors already sit under their fields; the banner is for everything else.
  const bannerMessage =
    signup.isError && !(signup.error instanceof ApiError && Object.keys(signup.error.fields).length > 0) ? errorMessage(signup.error, messages.failed) : null;

  return (
    <AuthCard title="Create Your Account" subtitle="Join Forgehire in less than a minute">
      <Box component="form" onSubmit={(event) => void handleSubmit(handleSignup)(event)} noValidate>
        <FormError title={messages.failed} message={bannerMessage} />
        <Typography id="account-type-label" variant="subtitle2" sx={{ mb: 1 }}>
          I want to
        </Typography>
        <Controller
          control={control}
          name="userType"
          render={({ field }) => (
            <ToggleButtonGroup
              value={field.value}
              exclusive
              // An exclusive group reports null when the chosen button is clicked again; keep the choice.
              onChange={(_event, value: UserType | null) => value && field.onChange(value)}
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
          )}
        />

        <Stack spacing={2.5}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2.5}>
            <FormTextField control={control} name="firstName" label="First Name" autoComplete="given-name" />
            <FormTextField control={control} name="lastName" label="Last Name" autoComplete="family-name" />
          </Stack>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <FormTextField
            control={control}
            name="password"
            password
            label="Password"
            autoComplete="new-password"
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
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
