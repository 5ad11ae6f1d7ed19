import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useSearchParams } from "react-router";
import { errorCatalogue } from "@forgehire/core";
import { errorMessage, isApiError } from "../../api/client";
import { useJob } from "../../api/jobs";
import JobNotFound from "../../components/JobNotFound";
import PageLoader from "../../components/PageLoader";
import ProtectedRoute from "../../components/ProtectedRoute";
import { useCurrentUser } from "../../hooks/use-current-user";
import { parseJobId } from "../../lib/job-id";
import { refusalFor } from "../../components/breakdown/reasons";
import PostJobWizard from "./PostJobWizard";

const messages = {
  loadFailed: "Could not load job details. Please try again.",
} as const;

/** /post-job, or /post-job?edit={jobId} to edit a requirement. Clients and admins post requirements. */
export default function PostJobPage() {
  return (
    <ProtectedRoute userTypes={["client", "admin"]}>
      <PostJob />
    </ProtectedRoute>
  );
}

function PostJob() {
  const [searchParams] = useSearchParams();
  const editing = searchParams.get("edit");
  if (editing === null) return <PostJobWizard key="new" title="Post a New Requirement" />;
  return <EditJob key={editing} rawId={editing} />;
}

/** Loads the job to edit and prefills every step, unless the server says it may no longer be edited. */
function EditJob({ rawId }: { rawId: string }) {
  const { user, isAdmin } = useCurrentUser();
  const id = parseJobId(rawId);
  const job = useJob(id);

  if (id === null) return <JobNotFound message={errorCatalogue.INVALID_JOB_ID.message} />;
  if (job.isPending) return <PageLoader label="Loading requirement..." />;
  if (!job.data) {
    if (isApiError(job.error, "INVALID_JOB_ID")) return <JobNotFound message={job.error.message} />;
    if (isApiError(job.error, "JOB_NOT_FOUND")) return <JobNotFound />;
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void job.refetch()}>
              Try Again
            </Button>
          }
        >
          {errorMessage(job.error, messages.loadFailed)}
        </Alert>
      </Container>
    );
  }

  const { job: saved } = job.data;
  const isOwner = user !== null && saved.ownerId === user.id;
  const title = isAdmin && !isOwner ? "Admin Edit Requirement" : "Edit Requirement";
  if (!saved.can.edit) {
    const refusal = refusalFor(saved, "edit") ?? errorCatalogue.EDIT_JOB_DENIED;
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert severity="warning" sx={{ mt: 3 }}>
          <AlertTitle>{refusal.title}</AlertTitle>
          {refusal.message}
        </Alert>
        <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
          <Button component={RouterLink} to={`/jobs/${saved.id}`} variant="contained">
            View Requirement
          </Button>
          <Button component={RouterLink} to="/jobs">
            Back to Jobs
          </Button>
        </Stack>
      </Container>
    );
  }
  return <PostJobWizard key={saved.id} title={title} saved={job.data} />;
}
