import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

/** Any path the route table does not know. */
export default function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: "center" }}>
      <Typography
        variant="h1"
        component="h1"
        sx={{
          fontSize: { xs: "6rem", md: "8rem" },
          background: "linear-gradient(135deg, #3949ab 0%, #00897b 100%)",
          backgroundClip: "text",
          color: "transparent",
          WebkitBackgroundClip: "text",
        }}
      >
        404
      </Typography>
      <Typography variant="h5" component="p" sx={{ mb: 4 }}>
        Oops! The page you&apos;re looking for cannot be found.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        Return Home
      </Button>
    </Container>
  );
}
