import { Box, Button, Stack, Typography } from "@mui/material";
import LockIcon from "@mui/icons-material/Lock";
import { Title, useGetIdentity, useLogout } from "react-admin";

const messages = {
  title: "Admin access required",
  explanation: "The Forgehire back office is for administrators only.",
  portal: "Back to the portal",
  signOut: "Sign out",
} as const;

interface AdminAccessRequiredProps {
  /** true when shown instead of the whole app (no app bar around it) */
  fullPage?: boolean;
}

/**
 * What a signed-in user who is not an admin sees: instead of the app (AdminLayout) and on react-admin's
 * access-denied route (a 403 from the API). The session stays: it is the portal's session too.
 */
export const AdminAccessRequired = ({ fullPage = false }: AdminAccessRequiredProps) => {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const email = typeof identity?.email === "string" ? identity.email : undefined;
  // On the access-denied route the account may still be an admin here (the API refused one request, e.g. after
  // the role was withdrawn mid-session), so only say "not an admin account" when that is what we know.
  const detail = !email
    ? null
    : identity?.isAdmin === false
      ? ` You are signed in as ${email}, which is not an admin account.`
      : ` The server refused this request for ${email}.`;

  const handleSignOut = () => {
    void logout();
  };

  const notice = (
    <Box
      role="alert"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        minHeight: fullPage ? "100vh" : "60vh",
        p: 3,
        textAlign: "center",
      }}
    >
      {fullPage ? null : <Title title={messages.title} />}
      <Stack spacing={2} sx={{ alignItems: "center", maxWidth: 480 }}>
        <LockIcon color="disabled" sx={{ fontSize: 96 }} />
        <Typography variant="h5" component={fullPage ? "h1" : "h2"}>
          {messages.title}
        </Typography>
        <Typography color="text.secondary">
          {messages.explanation}
          {detail}
        </Typography>
        <Stack direction="row" spacing={2}>
          {/* A plain link: the portal is another app at the site root, outside this router. */}
          <Button variant="contained" href="/">
            {messages.portal}
          </Button>
          <Button variant="outlined" onClick={handleSignOut}>
            {messages.signOut}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
  // Without react-admin's layout around it, the page needs its own main landmark.
  return fullPage ? <main>{notice}</main> : notice;
};
