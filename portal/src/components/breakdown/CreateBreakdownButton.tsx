import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
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
import type { BreakdownResult, BreakdownRun, Job } from "@forgehire/core";
import { ApiError, isApiError, UNEXPECTED_RESPONSE } from "../../api/client";
import { breakdownKeys, useCreateBreakdown, useRefreshJob } from "../../api/breakdown";
import { useBreakdownRun } from "../../hooks/use-breakdown-run";
import ToastMessage from "../ToastMessage";

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

/** A failed run's text: the spec's words after the retries, else the run's error as 'Error: {message}'. */
function runFailureText(run: BreakdownRun): string {
  if (!run.error || run.error.code === "BREAKDOWN_FAILED" || run.error.code === "INTERNAL") return messages.afterRetries;
  return messages.failedWith(run.error.message);
}

/** The attempt line of a running run: the AI's attempt, or its retry. */
function attemptOf(run: BreakdownRun | undefined): { attempt: number; of: number; retrying: boolean } | null {
  const step = run?.progress.step;
  if (step?.kind === "attempt") return { attempt: step.attempt, of: step.of, retrying: false };
  if (step?.kind === "retrying") return { attempt: step.attempt, of: step.of, retrying: true };
  return null;
}

interface CreateBreakdownButtonProps {
  job: Job;
  size?: "small" | "medium";
  variant?: "text" | "outlined" | "contained";
}

/**
 * 'Create Story & Task' (spec part 1 §4): with stories already there, the 'Stories Already Exist' notice and the
 * breakdown tab; otherwise a progress dialog while the server breaks the job down (the rules engine at once; the
 * AI as a queued run, followed over the socket and by polling its route), the source of the result, and the
 * breakdown tab 1.5 s later. The caller shows it only when `offersBreakdown(job, user)`.
 */
export default function CreateBreakdownButton({ job, size = "medium", variant = "outlined" }: CreateBreakdownButtonProps) {
  const [open, setOpen] = useState(false);
  // With the AI, the run the server queued: the dialog follows it (socket events, and a poll for missed ones).
  const [runId, setRunId] = useState<string | null>(null);
  const createBreakdown = useCreateBreakdown();
  const refreshJob = useRefreshJob();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const breakdownTab = `/jobs/${job.id}?tab=requirements-breakdown`;
  const { data: run, error: runError } = useBreakdownRun(job.id, runId);

  const goToBreakdown = () => {
    setOpen(false);
    void navigate(breakdownTab);
    void refreshJob(job.id);
  };

  const showExists = () => {
    enqueueSnackbar(<ToastMessage title={messages.existsTitle} message={messages.exists} />, { variant: "info" });
    goToBreakdown();
  };

  const startBreakdown = () => {
    setRunId(null);
    createBreakdown.mutate(job.id, {
      onSuccess: (data) => {
        if ("runId" in data) setRunId(data.runId);
      },
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
    startBreakdown();
  };

  // The rules engine's 201 carries the stories; the AI's run says what it stored once it succeeded.
  const immediate = createBreakdown.data && "stories" in createBreakdown.data ? createBreakdown.data : undefined;
  const outcome: { storyCount: number; taskCount: number; source: BreakdownResult["source"] } | undefined = immediate
    ? { storyCount: immediate.stories.length, taskCount: immediate.stories.reduce((sum, story) => sum + story.tasks.length, 0), source: immediate.source }
    : run?.status === "succeeded" && run.result
      ? run.result
      : undefined;
  const succeeded = outcome !== undefined;
  const runFailed = run?.status === "failed";
  useEffect(() => {
    if (!succeeded || !open) return;
    // The stories the run stored, for the tab the dialog opens next (the job itself refreshes on the redirect).
    if (runId) void queryClient.invalidateQueries({ queryKey: breakdownKeys.stories(job.id) });
    const timer = window.setTimeout(goToBreakdown, REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
    // goToBreakdown is a new function each render; the redirect is scheduled once per success.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- depending on goToBreakdown would reschedule it on every render
  }, [succeeded, open]);

  const requestFailed = createBreakdown.isError && !isApiError(createBreakdown.error, "STORIES_EXIST");
  // The run route itself failing (the server away) only matters once the run has no answer at all.
  const failed = requestFailed || runFailed || (runError !== null && !run);
  const failure = requestFailed ? failureText(createBreakdown.error) : run && runFailed ? runFailureText(run) : failureText(runError);
  const pending = !failed && !succeeded && (createBreakdown.isPending || runId !== null);
  const attempt = attemptOf(run);

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
          {pending && (
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
          {succeeded && (
            <Box role="status" aria-live="polite">
              <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", mb: 1 }}>
                <CheckCircleOutline color="success" aria-hidden />
                <Typography sx={{ fontWeight: 600 }}>{messages.success}</Typography>
              </Box>
              <Typography variant="body2">
                {outcome.storyCount} stories, {outcome.taskCount} tasks · {sourceLabels[outcome.source]}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
                {messages.redirecting}
              </Typography>
              <LinearProgress aria-hidden />
            </Box>
          )}
          {failed && <Alert severity="error">{failure}</Alert>}
        </DialogContent>
        {failed && (
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)}>Close</Button>
            <Button variant="contained" onClick={startBreakdown}>
              Try Again
            </Button>
          </DialogActions>
        )}
      </Dialog>
    </>
  );
}
