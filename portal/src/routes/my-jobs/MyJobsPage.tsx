import type { MouseEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useSearchParams } from "react-router";
import { myJobsFilters } from "@forgehire/core";
import type { MyJobsFilter } from "@forgehire/core";
import { useMyJobs } from "../../api/jobs";
import JobGrid from "../../components/JobGrid";
import ProtectedRoute from "../../components/ProtectedRoute";
import { useCurrentUser } from "../../hooks/use-current-user";
import { parsePageParam } from "../../lib/page-param";

const filterLabels: Record<MyJobsFilter, string> = {
  all: "All",
  in_progress: "In Progress",
  completed: "Completed",
  unpaid: "Unpaid",
  paid: "Paid",
};

const messages = {
  emptyClient: "You have not posted any jobs yet.",
  emptyFreelancer: "You have no jobs in progress.",
  emptyAdmin: "No jobs available at the moment.",
  emptyFilter: "No jobs match this filter.",
} as const;

function parseFilter(value: string | null): MyJobsFilter {
  return (myJobsFilters as readonly string[]).includes(value ?? "") ? (value as MyJobsFilter) : "all";
}

/** /my-jobs: the client's own jobs, the freelancer's accepted jobs, or every job for admins. */
export default function MyJobsPage() {
  return (
    <ProtectedRoute>
      <MyJobs />
    </ProtectedRoute>
  );
}

function MyJobs() {
  const { isAdmin, isFreelancer, canPostJob } = useCurrentUser();
  const title = isAdmin ? "All Jobs" : isFreelancer ? "My Accepted Jobs" : "My Posted Jobs";
  // Freelancers see only their jobs in progress, so they get no filter (spec part 1 §2).
  const hasFilter = !isFreelancer;
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = hasFilter ? parseFilter(searchParams.get("filter")) : "all";
  const page = parsePageParam(searchParams.get("page"));
  const jobs = useMyJobs(filter, page);

  const handleFilterChange = (_event: MouseEvent<HTMLElement>, value: MyJobsFilter | null) => {
    if (!value) return;
    setSearchParams(
      (params) => {
        if (value === "all") params.delete("filter");
        else params.set("filter", value);
        params.delete("page");
        return params;
      },
      { replace: true },
    );
  };
  const handlePageChange = (next: number) =>
    setSearchParams((params) => {
      if (next === 1) params.delete("page");
      else params.set("page", String(next));
      return params;
    });

  const emptyText = filter !== "all" ? messages.emptyFilter : isAdmin ? messages.emptyAdmin : isFreelancer ? messages.emptyFreelancer : messages.emptyClient;
  const emptyAction =
    canPostJob && filter === "all" ? (
      <Button component={RouterLink} to="/post-job" variant="contained">
        Post a Job
      </Button>
    ) : undefined;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 4 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {hasFilter && (
          <ToggleButtonGroup
            value={filter}
            exclusive
            onChange={handleFilterChange}
            aria-label="Filter jobs"
            size="small"
            color="primary"
            sx={{ flexWrap: "wrap", bgcolor: "background.paper" }}
          >
            {myJobsFilters.map((value) => (
              <ToggleButton key={value} value={value} sx={{ px: 2, textTransform: "none", fontWeight: 600 }}>
                {filterLabels[value]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Box>
      <JobGrid
        data={jobs.data}
        isPending={jobs.isPending}
        isUpdating={jobs.isPlaceholderData}
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        page={page}
        onPageChange={handlePageChange}
        emptyText={emptyText}
        emptyAction={emptyAction}
      />
    </Container>
  );
}
