import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import Block from "@mui/icons-material/Block";
import { Link as RouterLink } from "react-router";
import type { User } from "@forgehire/core";

/** Where each account type can go instead: the screens that account type is for. */
const wayOn: Record<User["userType"], { label: string; to: string }> = {
  client: { label: "Post a Requirement", to: "/post-job" },
  freelancer: { label: "Browse Requirements", to: "/jobs" },
  admin: { label: "Admin Dashboard", to: "/admin-dashboard" },
};

const accountNames: Record<User["userType"], string> = { client: "client", freelancer: "freelancer", admin: "admin" };

/**
 * Says why a signed-in user cannot use a page (instead of silently sending them home), with a way on.
 * @param user the signed-in user
 * @param adminOnly true when the page is for administrators only
 */
export default function NotForAccountType({ user, adminOnly = false }: { user: User; adminOnly?: boolean }) {
  const next = wayOn[user.userType];
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 5 }, textAlign: "center" }}>
          <Block color="disabled" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography variant="h4" component="h1" gutterBottom>
            Not available for your account type
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {adminOnly
              ? "This page is for Forgehire administrators only."
              : `This page is not available to ${accountNames[user.userType]} accounts. You are signed in as ${user.email}.`}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ justifyContent: "center" }}>
            <Button component={RouterLink} to={next.to} variant="contained">
              {next.label}
            </Button>
            <Button component={RouterLink} to="/" variant="outlined">
              Go to Home
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
