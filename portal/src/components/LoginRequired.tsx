import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";

/** What a signed-out visitor sees instead of jobs (spec part 1 §2): how to create a free account. */
export default function LoginRequired({ title }: { title: string }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {/* No buttons of its own: it points at the nav bar's Get Started and Sign In. */}
      <Alert severity="info" role="region" aria-label="Login Required" sx={{ mt: 3, p: 3, borderRadius: 4 }}>
        <AlertTitle sx={{ fontSize: "1.25rem", fontWeight: 700 }}>Login Required</AlertTitle>
        <Typography sx={{ mb: 2 }}>Please sign in to view the available requirements. New here? Create a free account in three steps:</Typography>
        <Box component="ol" sx={{ pl: 2.5, m: 0, display: "grid", gap: 0.75 }}>
          <li>Click &lsquo;Get Started&rsquo;.</li>
          <li>Choose &lsquo;Post a Requirement&rsquo; if you are an employer, or &lsquo;Work as a Freelancer&rsquo; if you are an AI freelancer.</li>
          <li>Create your free account.</li>
        </Box>
      </Alert>
    </Container>
  );
}
