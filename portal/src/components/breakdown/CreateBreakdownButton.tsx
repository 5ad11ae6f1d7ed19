import { useEffect, useState } from "react";
import type { MouseEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import { Link as RouterLink, useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { errorCatalogue } from "@forgehire/core";
import type { BreakdownResult, Job } from "@forgehire/core";
import { ApiError, isApiError, UNEXPECTED_RESPONSE } from "../../api/client";
import { useCreateBreakdown, useRefreshJob } from "../../api/breakdown";
import { useBreakdownProgress } from "../../hooks/use-breakdown-progress";
import ToastMessage from "../ToastMessage";

/** How long the dialog waits for its socket before asking for the breakdown anyway (without attempt notices). */
const SOCKET_WAIT_MS = 2_000;
/** Spec part 1 §9: the redirect to the breakdown tab 1.5 s after success. */
const REDIRECT_AFTER_MS = 1_500;

const messages = {
  title: "Create Story & Task",
  running: "Creating stories and tasks...",
  attempt: (attempt: number, of: number) => `Attempt ${attempt}/${of}`,
  retrying: (attempt: number, of: number) => `Retrying... (attempt ${attempt}/${of})`,
  success: "Stories and tasks created successfully!",
  redirecting: "Opening the requirements breakdown...",
  failed: "Failed to process stories and tasks. Please try again.",
  notAvailable: "The AI function needed to create stories and tasks is not available. Please contact support.",
  unreachable: "Unable to access the AI function. Please check your internet connection and try again.",
  afterRetries: "Failed to create stories after multiple attempts. Please try again later or contact support.",
  failedWith: (message: string) => `Error: ${message}`,
  existsTitle: errorCatalogue.STORIES_EXIST.title,
  exists: errorCatalogue.STORIES_EXIST.message,
} as const;

/** Who produced the stories, as the result's `source` says. */
export const sourceLabels: Record<BreakdownResult["source"], string> = {
  ai: "Created by the AI",
  rules: "Created by the built-in rules engine",
  fallback: "Default stories used because the AI was unavailable",
};

/**
 * The failure text of the spec: the server's message when it sent one; otherwise what the failure says about the
 * way to the server: unreachable, not there (a 404 that is not ours), or failing after its retries (a bare 5xx).
 */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return messages.failed;
  if (error.status === 0) return messages.unreachable;
  if (error.code === UNEXPECTED_RESPONSE) {
    if (error.status === 404) return messages.notAvailable;
    if (error.status >= 500) return messages.afterRetries;
    return messages.failed;
  }
  return error.message ? messages.failedWith(error.message) : messages.failed;
}

interface CreateBreakdownButtonProps {
  job: Job;
  size?: "small" | "medium";
  variant?: "text" | "outlined" | "contained";
}

/**
 * 'Create Story & Task' (spec part 1 §4): with stories already there, the 'Stories Already Exist' notice and the
 * breakdown tab; otherwise a progress dialog while the server breaks the job down, the source of the result,
 * and the breakdown tab 1.5 s later. The caller shows it only when `offersBreakdown(job, user)`.
 */
export default function CreateBreakdownButton({ job, size = "medium", variant = "outlined" }: CreateBreakdownButtonProps) {
  const [open, setOpen] = useState(false);
  // The AI's attempts as the server reports them; the rules engine answers at once and reports none.
  const [attempt, setAttempt] = useState<{ attempt: number; of: number; retrying: boolean } | null>(null);
  // Set by a click: the request goes once the socket listens, so the first attempt's notice is not missed.
  const [startRequested, setStartRequested] = useState(false);
  const createBreakdown = useCreateBreakdown();
  const refreshJob = useRefreshJob();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const breakdownTab = `/jobs/${job.id}?tab=requirements-breakdown`;

  const goToBreakdown = () => {
    setOpen(false);
    void navigate(breakdownTab);
    void refreshJob(job.id);
  };

  const showExists = () => {
    enqueueSnackbar(<ToastMessage title={messages.existsTitle} message={messages.exists} />, { variant: "info" });
    goToBreakdown();
  };

  const run = () => {
    setAttempt(null);
    createBreakdown.mutate(job.id, {
      onError: (error) => {
        if (isApiError(error, "STORIES_EXIST")) showExists();
      },
    });
  };

  const handleClick = () => {
    if (job.hasStories) {
      showExists();
      return;
    }
    setOpen(true);
    setStartRequested(true);
  };

  // The server retries the AI itself and says so over the socket, open with the dialog: each attempt shows as it starts.
  const listening = useBreakdownProgress(job.id, open, (progress) => {
    if (progress.kind === "retrying") setAttempt({ attempt: progress.attempt, of: progress.of, retrying: true });
    else if (progress.kind === "attempt") setAttempt((current) => ({ attempt: progress.attempt, of: progress.of, retrying: current?.retrying ?? false }));
  });
  useEffect(() => {
    if (!startRequested) return;
    const start = () => {
      setStartRequested(false);
      run();
    };
    if (listening) return start();
    // Without a socket (blocked, offline) the breakdown still runs, just without attempt notices.
    const timer = window.setTimeout(start, SOCKET_WAIT_MS);
    return () => window.clearTimeout(timer);
    // run is a new function each render; the request is sent once per click.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- depending on run would send it again on every render
  }, [startRequested, listening]);

  const succeeded = createBreakdown.isSuccess;
  useEffect(() => {
    if (!succeeded || !open) return;
    const timer = window.setTimeout(goToBreakdown, REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
    // goToBreakdown is a new function each render; the redirect is scheduled once per success.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- depending on goToBreakdown would reschedule it on every render
  }, [succeeded, open]);

  const result = createBreakdown.data;
  const taskCount = result?.stories.reduce((sum, story) => sum + story.tasks.length, 0) ?? 0;
  const failed = createBreakdown.isError && !isApiError(createBreakdown.error, "STORIES_EXIST");

  return (
    <>
      {/* A link to the breakdown tab, so opening it in a new tab still lands where the stories will be. */}
      <Button
        size={size}
        variant={variant}
        component={RouterLink}
        to={breakdownTab}
        onClick={(event: MouseEvent) => {
          event.preventDefault();
          handleClick();
        }}
      >
        Create Story &amp; Task
      </Button>
      <Dialog open={open} onClose={failed ? () => setOpen(false) : undefined} maxWidth="xs" fullWidth aria-labelledby={`create-breakdown-title-${job.id}`}>
        <DialogTitle id={`create-breakdown-title-${job.id}`}>{messages.title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: "anywhere" }}>
            {job.title}
          </Typography>
          {createBreakdown.isPending && (
            <Box role="status" aria-live="polite" sx={{ display: "flex", gap: 2, alignItems: "center" }}>
              <CircularProgress size={28} aria-hidden />
              <Box>
                <Typography>{messages.running}</Typography>
                {attempt && (
                  <Typography variant="body2" color={attempt.retrying ? "warning.main" : "text.secondary"}>
                    {attempt.retrying ? messages.retrying(attempt.attempt, attempt.of) : messages.attempt(attempt.attempt, attempt.of)}
                  </Typography>
                )}
              </Box>
            </Box>
          )}
          {succeeded && result && (
            <Box role="status" aria-live="polite">
              <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", mb: 1 }}>
                <CheckCircleOutline color="success" aria-hidden />
                <Typography sx={{ fontWeight: 600 }}>{messages.success}</Typography>
              </Box>
              <Typography variant="body2">
                {result.stories.length} stories, {taskCount} tasks · {sourceLabels[result.source]}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
                {messages.redirecting}
              </Typography>
              <LinearProgress aria-hidden />
            </Box>
          )}
          {failed && <Alert severity="error">{failureText(createBreakdown.error)}</Alert>}
        </DialogContent>
        {failed && (
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)}>Close</Button>
            <Button variant="contained" onClick={run}>
              Try Again
            </Button>
          </DialogActions>
        )}
      </Dialog>
    </>
  );
}
