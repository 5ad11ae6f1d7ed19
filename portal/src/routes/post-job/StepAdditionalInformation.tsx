import { useEffect, useRef, useState } from "react";
import type { ChangeEvent } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import { useSnackbar } from "notistack";
import { useWatch } from "react-hook-form";
import {
  MAX_JOB_FILES,
  MAX_QUESTIONS,
  allowedUploadExtensions,
  QUESTION_SET_SIZE,
  countAnswered,
  errorCatalogue,
  findDuplicateQuestions,
  isAnalysisComplete,
  wizardMessages,
} from "@forgehire/core";
import type { JobFile } from "@forgehire/core";
import { useWizardAnalysis } from "../../api/catalog";
import { formatFileSize } from "../../lib/format";
import FormTextField from "../../components/FormTextField";
import ToastMessage from "../../components/ToastMessage";
import AnalysisDialog from "./AnalysisDialog";
import { uploadRefusal } from "./check-upload";
import { toWizardForm, usePostJobFormContext, withQuestions } from "./use-post-job-form";
import type { DraftAnswer, JobDraft, RefusedFile } from "./use-post-job-form";

/** The types the server accepts (it checks the content too). */
const ACCEPTED_FILES = allowedUploadExtensions.join(",");

const messages = {
  loadFailed: "Failed to load requirement data. Please try again.",
  tooMany: errorCatalogue.TOO_MANY_FILES,
  readFailed: "The picked files could not be read. Please try again.",
} as const;

interface StepProps {
  /** Files already attached to the job being edited. */
  savedFiles: readonly JobFile[];
  /** Files picked here that pass the server's rules, uploaded once the job is saved. */
  files: readonly File[];
  /** Files picked here that the server would refuse, with the reason; never uploaded. */
  refused: readonly RefusedFile[];
  /** The picked files, once checked: those that will be attached and those that will not. */
  onFilesChecked: (accepted: File[], refused: RefusedFile[]) => void;
  onRemoveFile: (index: number) => void;
  onDismissRefused: (index: number) => void;
}

/** Step 4: follow-up questions in sets of three, the analysis dialog, and file attachments. */
export default function StepAdditionalInformation({ savedFiles, files, refused, onFilesChecked, onRemoveFile, onDismissRefused }: StepProps) {
  const { control, getValues, setValue } = usePostJobFormContext();
  const draft = useWatch({ control }) as JobDraft;
  /** Adds the analysis's new questions to the form, unanswered. */
  const addQuestions = (questions: Parameters<typeof withQuestions>[1]) => {
    const answers = getValues("answers");
    const next = withQuestions(answers, questions);
    if (next.length !== answers.length) setValue("answers", next);
  };
  const { enqueueSnackbar } = useSnackbar();
  const firstSet = useWizardAnalysis();
  const analysis = useWizardAnalysis();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [added, setAdded] = useState(0);
  const [checking, setChecking] = useState(false);
  const requestedFirstSet = useRef(false);

  const loadFirstSet = () => {
    firstSet.mutate({ form: toWizardForm(draft), answers: [] }, { onSuccess: (result) => addQuestions(result.questions) });
  };

  // The first three questions are offered by default, as soon as the step opens.
  useEffect(() => {
    if (draft.answers.length > 0 || requestedFirstSet.current) return;
    requestedFirstSet.current = true;
    loadFirstSet();
    // Only on opening the step: later rounds go through the analysis dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once when the step opens, whatever the draft holds later
  }, []);

  const runAnalysis = () => {
    setAdded(0);
    analysis.mutate(
      { form: toWizardForm(draft), answers: draft.answers },
      {
        onSuccess: (result) => {
          const known = new Set(draft.answers.map((answer) => answer.questionId));
          setAdded(result.questions.filter((question) => !known.has(question.id)).length);
          addQuestions(result.questions);
        },
      },
    );
  };
  const handleAnalyze = () => {
    setDialogOpen(true);
    runAnalysis();
  };

  const handleFilesPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Clear the input so picking the same file again after removing it still fires a change.
    event.target.value = "";
    setChecking(true);
    void Promise.all(picked.map(async (file) => ({ file, reason: await uploadRefusal(file) })))
      .then((checked) => {
        // Each file is judged by the server's rules; the ones that pass fill the job's remaining room in order.
        let room = MAX_JOB_FILES - savedFiles.length - files.length;
        const accepted: File[] = [];
        const refusedNow: RefusedFile[] = [];
        for (const { file, reason } of checked) {
          if (reason !== null) refusedNow.push({ name: file.name, reason });
          else if (room <= 0) refusedNow.push({ name: file.name, reason: messages.tooMany.message });
          else {
            accepted.push(file);
            room -= 1;
          }
        }
        onFilesChecked(accepted, refusedNow);
      })
      .catch(() => enqueueSnackbar(<ToastMessage title="Error" message={messages.readFailed} />, { variant: "error" }))
      .finally(() => setChecking(false));
  };

  const questions = draft.answers.map((answer) => answer.question);
  const localDuplicates = findDuplicateQuestions(questions);
  const dialogDuplicates = [...new Set([...(analysis.data?.duplicates ?? []), ...localDuplicates])];
  const answered = countAnswered(draft.answers);
  const complete = isAnalysisComplete(draft.answers);
  const sets = chunk(draft.answers, QUESTION_SET_SIZE);
  const canAttach = savedFiles.length + files.length < MAX_JOB_FILES;

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h6" component="h3">
          Follow-up Questions
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Answer at least 3 questions so the stories and tasks match what you need. Questions come in sets of three, up to {MAX_QUESTIONS}.
        </Typography>

        {localDuplicates.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <AlertTitle>{wizardMessages.duplicateQuestions}</AlertTitle>
            {localDuplicates.join(" · ")}
          </Alert>
        )}

        {draft.answers.length === 0 && firstSet.isPending && (
          <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, py: 2 }}>
            <CircularProgress size={22} aria-hidden />
            <Typography color="text.secondary">Loading questions...</Typography>
          </Box>
        )}
        {draft.answers.length === 0 && firstSet.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={loadFirstSet}>
                Try Again
              </Button>
            }
          >
            {messages.loadFailed}
          </Alert>
        )}

        <Stack spacing={3}>
          {sets.map((set, setIndex) => (
            <Box key={setIndex} component="fieldset" sx={{ border: 1, borderColor: "divider", borderRadius: 3, p: 2.5, m: 0 }}>
              <Typography component="legend" variant="overline" color="text.secondary" sx={{ px: 1 }}>
                Set {setIndex + 1} of {MAX_QUESTIONS / QUESTION_SET_SIZE}
              </Typography>
              <Stack spacing={2.5}>
                {set.map((answer, index) => (
                  <QuestionField
                    key={answer.questionId}
                    number={setIndex * QUESTION_SET_SIZE + index + 1}
                    index={setIndex * QUESTION_SET_SIZE + index}
                    answer={answer}
                  />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>

        <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 2.5, flexWrap: "wrap" }}>
          <Button variant="outlined" onClick={handleAnalyze} disabled={analysis.isPending || draft.answers.length === 0}>
            {complete ? "Analyze Requirements" : "Get More Questions"}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {answered} answered · {draft.answers.length} of {MAX_QUESTIONS} questions
          </Typography>
        </Box>
      </Box>

      <Box>
        <Typography variant="h6" component="h3">
          Attachments
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Up to {MAX_JOB_FILES} files of 10 MB each: PDF, Word, PNG, JPEG, WebP, text, Markdown, CSV or ZIP.
        </Typography>
        <Button component="label" variant="outlined" startIcon={<AttachFile />} disabled={!canAttach || checking}>
          {checking ? "Checking Files..." : "Attach Files"}
          <input hidden type="file" multiple accept={ACCEPTED_FILES} onChange={handleFilesPicked} aria-label="Attach files" />
        </Button>
        {(savedFiles.length > 0 || files.length > 0 || refused.length > 0) && (
          <List dense aria-label="Attachments" sx={{ mt: 1 }}>
            {savedFiles.map((file) => (
              <ListItem key={file.id}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFileOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={file.name} secondary={`${formatFileSize(file.size)} · already attached`} />
              </ListItem>
            ))}
            {files.map((file, index) => (
              <ListItem
                key={`${file.name}-${index}`}
                secondaryAction={
                  <IconButton edge="end" aria-label={`Remove ${file.name}`} onClick={() => onRemoveFile(index)}>
                    <Close />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFileOutlined fontSize="small" color="primary" />
                </ListItemIcon>
                <ListItemText primary={file.name} secondary={formatFileSize(file.size)} />
              </ListItem>
            ))}
            {refused.map((file, index) => (
              <ListItem
                key={`refused-${file.name}-${index}`}
                secondaryAction={
                  <IconButton edge="end" aria-label={`Dismiss ${file.name}`} onClick={() => onDismissRefused(index)}>
                    <Close />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <ErrorOutline fontSize="small" color="error" />
                </ListItemIcon>
                <ListItemText primary={file.name} secondary={`Not attached: ${file.reason}`} slotProps={{ secondary: { color: "error" } }} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>

      <AnalysisDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onRetry={runAnalysis}
        isPending={analysis.isPending}
        isError={analysis.isError}
        result={analysis.data}
        added={added}
        answered={answered}
        duplicates={dialogDuplicates}
      />
    </Stack>
  );
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

interface QuestionFieldProps {
  /** 1-based, as shown */
  number: number;
  /** the answer's place in the form's answers */
  index: number;
  answer: DraftAnswer;
}

function QuestionField({ number, index, answer }: QuestionFieldProps) {
  const { control } = usePostJobFormContext();
  const labelId = `question-${answer.questionId}`;
  return (
    <Box>
      <Typography variant="caption" color="primary" sx={{ fontWeight: 700 }}>
        Question #{number}
      </Typography>
      <Typography id={labelId} sx={{ fontWeight: 600, mb: 1 }}>
        {answer.question}
      </Typography>
      <FormTextField
        control={control}
        name={`answers.${index}.answer`}
        multiline
        minRows={2}
        placeholder="Your answer"
        slotProps={{ htmlInput: { "aria-labelledby": labelId, maxLength: 5000 } }}
      />
    </Box>
  );
}
