import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import { Link as RouterLink, useSearchParams } from "react-router";
import { useJobs } from "../../api/jobs";
import JobGrid from "../../components/JobGrid";
import LoginRequired from "../../components/LoginRequired";
import PageLoader from "../../components/PageLoader";
import { useCurrentUser } from "../../hooks/use-current-user";
import { parsePageParam } from "../../lib/page-param";

const title = "Available Requirements";
const messages = {
  empty: "No jobs available at the moment.",
} as const;

/** /jobs: every live job as cards for signed-in users; the Login Required notice for visitors. */
export default function JobsPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user) return <LoginRequired title={title} />;
  return <JobsListing />;
}

function JobsListing() {
  const { canPostJob } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page"));
  const jobs = useJobs(page);

  const handlePageChange = (next: number) =>
    setSearchParams((params) => {
      if (next === 1) params.delete("page");
      else params.set("page", String(next));
      return params;
    });

  const postJob = canPostJob ? (
    <Button component={RouterLink} to="/post-job" variant="contained" startIcon={<AddIcon />}>
      Post a Job
    </Button>
  ) : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 4 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {jobs.data && jobs.data.total > 0 && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {jobs.data.total} {jobs.data.total === 1 ? "requirement" : "requirements"} open to AI freelancers
            </Typography>
          )}
        </Box>
        {postJob}
      </Box>
      <JobGrid
        data={jobs.data}
        isPending={jobs.isPending}
        isUpdating={jobs.isPlaceholderData}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        page={page}
        onPageChange={handlePageChange}
        emptyText={messages.empty}
      />
    </Container>
  );
}
