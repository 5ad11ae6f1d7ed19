import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { isAdmin, loginBody, RETURN_PATH_PARAM, safeReturnPath } from "@forgehire/core";
import type { LoginBody } from "@forgehire/core";
import { useLogin } from "../../api/auth";
import { ApiError, errorMessage } from "../../api/client";
import AuthCard from "../../components/AuthCard";
import FormError from "../../components/FormError";
import FormTextField from "../../components/FormTextField";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";
import ResetPasswordDialog from "./ResetPasswordDialog";
import { BACK_OFFICE_URL } from "../../back-office";

const messages = {
  success: "Logged in successfully!",
  failedTitle: "Failed to sign in",
  fallback: "An error occurred during login",
} as const;

const labels = { email: "Email", password: "Password" };
const fields = ["email", "password"] as const;
const resolver = schemaResolver<LoginForm, typeof loginBody>(loginBody, { fields, labels });

interface LoginForm {
  email: string;
  password: string;
}

/** Navigation state other screens may pass, e.g. "Request New Link" opens the reset dialog. */
interface LoginLocationState {
  openReset?: boolean;
}

function wantsResetDialog(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as LoginLocationState).openReset === true;
}

/** The sign-in screen, with the Reset password dialog. */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const login = useLogin();

  const { control, handleSubmit, setError, getValues } = useForm<LoginForm, unknown, LoginBody>({ defaultValues: { email: "", password: "" }, resolver });
  const [resetOpen, setResetOpen] = useState(() => wantsResetDialog(location.state));
  const [resetKey, setResetKey] = useState(0);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);

  // A navigation to /login while this screen is already shown may also ask for the dialog.
  if (seenLocationKey !== location.key) {
    setSeenLocationKey(location.key);
    if (wantsResetDialog(location.state)) {
      setResetKey((key) => key + 1);
      setResetOpen(true);
    }
  }

  const handleOpenReset = () => {
    setResetKey((key) => key + 1);
    setResetOpen(true);
  };
  const handleCloseReset = () => {
    setResetOpen(false);
    // Drop the navigation state so a reload does not open the dialog again.
    if (wantsResetDialog(location.state)) void navigate(location.pathname, { replace: true, state: null });
  };

  const handleLogin = (body: LoginBody) => {
    login.mutate(body, {
      onSuccess: (user) => {
        enqueueSnackbar(messages.success, { variant: "success" });
        // Admins land on the Admin Dashboard, the back office's home: another app, hence a full page load.
        if (user.isAdmin || isAdmin(user)) window.location.assign(BACK_OFFICE_URL);
        // Everyone else goes back to the page that asked for a sign-in (same-origin paths only), else home.
        else void navigate(safeReturnPath(new URLSearchParams(location.search).get(RETURN_PATH_PARAM)) ?? "/", { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setServerFieldErrors(setError, error.fields, fields);
      },
    });
  };

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your Forgehire account">
      <Box component="form" onSubmit={(event) => void handleSubmit(handleLogin)(event)} noValidate>
        <FormError title={messages.failedTitle} message={login.isError ? errorMessage(login.error, messages.fallback) : null} />
        <Stack spacing={2.5}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <FormTextField control={control} name="password" password label="Password" autoComplete="current-password" />
        </Stack>
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1, mb: 3 }}>
          <Link component="button" type="button" variant="body2" onClick={handleOpenReset} underline="hover">
            Forgot Password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={login.isPending}>
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
        <Typography variant="body2" color="text.secondary" align="center" sx={{ mt: 3 }}>
          Don&apos;t have an account?{" "}
          <Link component={RouterLink} to="/signup" underline="hover" fontWeight={600}>
            Sign up
          </Link>
        </Typography>
      </Box>
      <ResetPasswordDialog key={resetKey} open={resetOpen} initialEmail={getValues("email")} onClose={handleCloseReset} />
    </AuthCard>
  );
}
