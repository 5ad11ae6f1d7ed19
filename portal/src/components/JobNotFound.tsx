import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import SearchOff from "@mui/icons-material/SearchOff";
import { Link as RouterLink } from "react-router";

/**
 * 'Job not found' with 'Back to Jobs', for an unknown, deleted or malformed job id.
 * @param message why, when there is more to say than the heading (e.g. 'Invalid job ID')
 */
export default function JobNotFound({ message }: { message?: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 5 }, textAlign: "center" }}>
          <SearchOff color="disabled" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
          <Typography variant="h4" component="h1" gutterBottom>
            Job not found
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {message ?? "This job does not exist or has been removed."}
          </Typography>
          <Button component={RouterLink} to="/jobs" variant="contained">
            Back to Jobs
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
