import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { MAX_QUESTIONS, MIN_ANSWERS, wizardMessages } from "@forgehire/core";
import type { WizardAnalysis } from "@forgehire/core";

const messages = {
  title: "Requirements Analysis",
  analyzing: "Analyzing your requirements...",
  failedTitle: "Validation Error",
  failed: "Failed to validate requirements. Please try again.",
  noMoreQuestions: "There are no further questions for now.",
} as const;

interface AnalysisDialogProps {
  open: boolean;
  onClose: () => void;
  onRetry: () => void;
  isPending: boolean;
  isError: boolean;
  result: WizardAnalysis | undefined;
  /** How many new questions the last analysis added to the form. */
  added: number;
  /** How many questions have a non-blank answer. */
  answered: number;
  /** Duplicate questions: the server's and the ones found among the collected questions. */
  duplicates: readonly string[];
}

/** The analysis dialog of step 4 with its states: loading, needs-more-info and complete. */
export default function AnalysisDialog({ open, onClose, onRetry, isPending, isError, result, added, answered, duplicates }: AnalysisDialogProps) {
  let body;
  if (isPending) {
    body = (
      <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, py: 3 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography>{messages.analyzing}</Typography>
      </Box>
    );
  } else if (isError || !result) {
    body = (
      <Alert severity="error">
        <AlertTitle>{messages.failedTitle}</AlertTitle>
        {messages.failed}
      </Alert>
    );
  } else if (result.status === "complete") {
    body = (
      <Alert severity="success">
        <AlertTitle>Requirements complete</AlertTitle>
        {result.asked >= MAX_QUESTIONS ? wizardMessages.allQuestionsCollected : wizardMessages.complete} You can submit your requirement now.
      </Alert>
    );
  } else {
    body = (
      <Alert severity="info">
        <AlertTitle>More information needed</AlertTitle>
        <Stack spacing={1}>
          <span>
            {added > 0
              ? `${added} new ${added === 1 ? "question was" : "questions were"} added to the form (${result.asked} of ${MAX_QUESTIONS}).`
              : messages.noMoreQuestions}
          </span>
          <span>
            {wizardMessages.needsMoreInfo} You have answered {Math.min(answered, MIN_ANSWERS)} of {MIN_ANSWERS}.
          </span>
        </Stack>
      </Alert>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="analysis-title">
      <DialogTitle id="analysis-title">{messages.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {body}
          {!isPending && duplicates.length > 0 && (
            <Alert severity="warning">
              <AlertTitle>{wizardMessages.duplicateQuestions}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {duplicates.map((question) => (
                  <li key={question}>{question}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {isError && !isPending && <Button onClick={onRetry}>Try Again</Button>}
        <Button onClick={onClose} variant="contained" disabled={isPending}>
          {result?.status === "needs-more-info" && !isPending ? "Answer Questions" : "Close"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
