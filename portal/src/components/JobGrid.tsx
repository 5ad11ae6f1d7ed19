import { useEffect, useState } from "react";
import type { ChangeEvent, ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import LinearProgress from "@mui/material/LinearProgress";
import Pagination from "@mui/material/Pagination";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { Job, Page } from "@forgehire/core";
import { errorMessage } from "../api/client";
import DeleteJobDialogs from "./DeleteJobDialogs";
import JobCard from "./JobCard";

const gridItemSize = { xs: 12, sm: 6, md: 4 } as const;

interface JobGridProps {
  data: Page<Job> | undefined;
  isPending: boolean;
  /** True while another page or filter loads over the cards still shown. */
  isUpdating: boolean;
  error: Error | null;
  onRetry: () => void;
  page: number;
  onPageChange: (page: number) => void;
  /** What to say when there are no jobs. */
  emptyText: string;
  /** An action under the empty text, e.g. Post a Job. */
  emptyAction?: ReactNode;
}

/** A page of job cards with MUI pagination, its loading skeletons, error and empty states, and the delete dialogs. */
export default function JobGrid({ data, isPending, isUpdating, error, onRetry, page, onPageChange, emptyText, emptyAction }: JobGridProps) {
  const [deleting, setDeleting] = useState<Job | null>(null);
  const handleCloseDelete = () => setDeleting(null);
  const handlePageChange = (_event: ChangeEvent<unknown>, value: number) => {
    onPageChange(value);
    window.scrollTo({ top: 0 });
  };

  // A page past the end (an old link, or the last card of the last page deleted) goes back to the last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  // An empty page of a non-empty list is one past the end (or its replacement still loading): never "no jobs".
  const emptyPageOfJobs = data !== undefined && data.items.length === 0 && data.total > 0;
  const pastTheEnd = emptyPageOfJobs && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onPageChange(lastPage);
  }, [pastTheEnd, lastPage, onPageChange]);

  if (isPending || emptyPageOfJobs) {
    return (
      <Grid container spacing={3} role="status" aria-label="Loading jobs">
        {Array.from({ length: 6 }, (_, index) => (
          <Grid key={index} size={gridItemSize}>
            <Card>
              <CardContent>
                <Skeleton width="70%" height={32} />
                <Skeleton width="35%" />
                <Skeleton />
                <Skeleton />
                <Skeleton width="60%" />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    );
  }

  if (!data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try Again
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  }

  if (data.items.length === 0) {
    return (
      <Card>
        <CardContent sx={{ py: 6, textAlign: "center" }}>
          <Typography color="text.secondary">{emptyText}</Typography>
          {emptyAction && <Box sx={{ mt: 2 }}>{emptyAction}</Box>}
        </CardContent>
      </Card>
    );
  }

  const pageCount = lastPage;
  return (
    <>
      {error && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try Again
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>{isUpdating && <LinearProgress aria-label="Updating jobs" />}</Box>
      <Grid container spacing={3} aria-busy={isUpdating} sx={{ opacity: isUpdating ? 0.6 : 1, transition: "opacity 120ms" }}>
        {data.items.map((job) => (
          <Grid key={job.id} size={gridItemSize}>
            <JobCard job={job} onDelete={setDeleting} />
          </Grid>
        ))}
      </Grid>
      {pageCount > 1 && (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 4 }}>
          <Pagination count={pageCount} page={Math.min(page, pageCount)} onChange={handlePageChange} color="primary" shape="rounded" />
        </Box>
      )}
      <DeleteJobDialogs key={deleting?.id ?? "none"} job={deleting} onClose={handleCloseDelete} />
    </>
  );
}
