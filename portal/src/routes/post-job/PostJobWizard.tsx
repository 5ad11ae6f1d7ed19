import { useEffect, useMemo, useState } from "react";
import type { SyntheticEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Container from "@mui/material/Container";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import ArrowForward from "@mui/icons-material/ArrowForward";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import type { FieldErrors, Path } from "react-hook-form";
import { errorCatalogue } from "@forgehire/core";
import type { JobCreateBody, JobWithRequirements, Scope } from "@forgehire/core";
import { useCatalog } from "../../api/catalog";
import { ApiError, errorMessage, isApiError } from "../../api/client";
import { flattenFieldErrors, setServerFieldErrors } from "../../lib/form-errors";
import { useCreateJob, useUpdateJob, useUploadJobFiles } from "../../api/jobs";
import PageLoader from "../../components/PageLoader";
import { useCurrentUser } from "../../hooks/use-current-user";
import ToastMessage from "../../components/ToastMessage";
import StepAdditionalInformation from "./StepAdditionalInformation";
import StepBasicInformation from "./StepBasicInformation";
import StepIntegrationCompliance from "./StepIntegrationCompliance";
import StepUsersFeatures from "./StepUsersFeatures";
import type { FailedUpload, FailedUploadsState } from "./FailedUploads";
import { clearJobDraft, loadJobDraft, saveJobDraft } from "./draft-storage";
import { LAST_STEP, draftOfJob, emptyDraft, postJobResolver, requiredFields, stepOfField, steps, wizardFields } from "./use-post-job-form";
import type { JobDraft, RefusedFile } from "./use-post-job-form";
import { useLeaveGuard } from "./use-leave-guard";

const messages = {
  missingTitle: errorCatalogue.MISSING_FIELDS.title,
  missing: errorCatalogue.MISSING_FIELDS.message,
  dateTitle: "Check the delivery date",
  checkTitle: "Check the form",
  posted: "Requirement posted successfully",
  updated: "Requirement updated successfully",
  failed: "Failed to post/update requirement. Please try again.",
  filesFailed: (count: number) => `The job was saved, but ${count === 1 ? "one file was" : `${count} files were`} not attached.`,
  catalogFailed: "Failed to load requirement data. Please try again.",
} as const;

interface PostJobWizardProps {
  /** 'Post a New Requirement', 'Edit Requirement' or 'Admin Edit Requirement'. */
  title: string;
  /** The job to edit; absent to post a new one. */
  saved?: JobWithRequirements;
}

/** The four-step requirement form: posts a new job, or edits a saved one when `saved` is given. */
export default function PostJobWizard({ title, saved }: PostJobWizardProps) {
  const catalog = useCatalog();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  // Only a new requirement is kept as a draft; an edit starts from the saved job each time.
  const [restored] = useState(() => (saved === undefined && userId !== null ? loadJobDraft(userId) : null));
  const baselineDraft = useMemo(() => (saved ? draftOfJob(saved) : emptyDraft), [saved]);
  const savedDeliveryDate = saved?.job.expectedDeliveryDate?.slice(0, 10) ?? null;
  const resolver = useMemo(() => postJobResolver(savedDeliveryDate), [savedDeliveryDate]);
  const form = useForm<JobDraft, unknown, JobCreateBody>({ defaultValues: restored?.draft ?? baselineDraft, resolver });
  const draft = useWatch({ control: form.control }) as JobDraft;
  const [step, setStep] = useState(() => Math.min(Math.max(restored?.step ?? 0, 0), LAST_STEP));
  // The stored date stands until the scope changes; a restored draft keeps the client's own choice.
  const [deliveryDateTouched, setDeliveryDateTouched] = useState(restored?.deliveryDateTouched ?? false);
  const [deliveryDateScope, setDeliveryDateScope] = useState<Scope | null>(restored ? restored.deliveryDateScope : baselineDraft.scope);
  /** files picked on step 4 that pass the server's rules, uploaded once the job is saved */
  const [files, setFiles] = useState<File[]>([]);
  /** files picked on step 4 that the server would refuse, with the reason; never uploaded */
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const uploadFiles = useUploadJobFiles();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const editing = saved !== undefined;

  const baseline = useMemo(() => JSON.stringify(baselineDraft), [baselineDraft]);
  const dirty = files.length > 0 || JSON.stringify(draft) !== baseline;
  const { blocker, allowLeaving } = useLeaveGuard(dirty);

  useEffect(() => {
    if (editing || userId === null) return;
    if (dirty) saveJobDraft(userId, { step, draft, deliveryDateTouched, deliveryDateScope });
    else clearJobDraft(userId);
  }, [editing, userId, dirty, step, draft, deliveryDateTouched, deliveryDateScope]);

  /** Leaves the form on purpose (posted, saved or discarded): the draft is done with and nothing is asked. */
  const leave = (to: string, state?: FailedUploadsState) => {
    if (!editing && userId !== null) clearJobDraft(userId);
    allowLeaving();
    void navigate(to, { state });
  };
  const startOver = () => {
    if (userId !== null) clearJobDraft(userId);
    form.reset(emptyDraft);
    setStep(0);
    setDeliveryDateTouched(false);
    setDeliveryDateScope(null);
    setFiles([]);
    setRefused([]);
    setRestoredShown(false);
  };
  const [restoredShown, setRestoredShown] = useState(restored !== null);

  const goTo = (next: number) => {
    setStep(Math.min(Math.max(next, 0), LAST_STEP));
    window.scrollTo({ top: 0 });
  };
  const warnMissing = () => enqueueSnackbar(<ToastMessage title={messages.missingTitle} message={messages.missing} />, { variant: "warning" });

  const handleTabChange = (_event: SyntheticEvent, value: number) => {
    // Only earlier steps can be reached from the tab bar; later ones go through Next and its checks.
    if (value < step) goTo(value);
  };
  const warnDate = (problem: string) => enqueueSnackbar(<ToastMessage title={messages.dateTitle} message={problem} />, { variant: "warning" });

  /**
   * Says why step 1 cannot be left (a missing field first, then the date), as the wizard always has.
   * @returns true when step 1 holds a refused field
   */
  const warnStepOne = (errors: FieldErrors<JobDraft>): boolean => {
    if (requiredFields.some((field) => errors[field])) {
      warnMissing();
      return true;
    }
    const problem = errors.expectedDeliveryDate?.message;
    if (problem) {
      warnDate(problem);
      return true;
    }
    return Object.keys(flattenFieldErrors(errors)).some((field) => stepOfField(field) === 0);
  };

  // Next validates the whole form like a submit, so fields re-validate as they change from then on; only step 1's
  // fields hold the client back (the later steps' are checked again on Submit).
  const handleNext = () => {
    if (step !== 0) {
      goTo(step + 1);
      return;
    }
    void form.handleSubmit(
      () => goTo(1),
      (errors) => {
        if (!warnStepOne(errors)) goTo(1);
      },
    )();
  };

  /** The first step that shows a refused field, to send the client there. */
  const firstStepOf = (fields: readonly string[]) => Math.min(step, ...fields.map((field) => stepOfField(field) ?? step));

  const handleInvalid = (errors: FieldErrors<JobDraft>) => {
    // The date may have been fine when step 1 was left and be yesterday's now (a form left open overnight).
    if (warnStepOne(errors)) {
      goTo(0);
      return;
    }
    const message = errors.root?.message ?? Object.values(flattenFieldErrors(errors))[0];
    if (message) enqueueSnackbar(<ToastMessage title={messages.checkTitle} message={message} />, { variant: "warning" });
    goTo(firstStepOf(Object.keys(flattenFieldErrors(errors))));
  };

  const handleValid = async (body: JobCreateBody) => {
    setSubmitting(true);
    let result: JobWithRequirements;
    try {
      result = saved ? await updateJob.mutateAsync({ id: saved.job.id, body }) : await createJob.mutateAsync(body);
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error, "DUPLICATE_REQUIREMENT")) {
        enqueueSnackbar(<ToastMessage title={error.title} message={error.message} />, { variant: "error" });
      } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        // Each refused field shows its message under it, and the wizard opens the first step holding one.
        // The dotted names are built from the draft's own keys (see wizardFields).
        setServerFieldErrors(form.setError, error.fields, wizardFields as readonly Path<JobDraft>[]);
        enqueueSnackbar(<ToastMessage title={error.title} message={Object.values(error.fields)[0] ?? error.message} />, { variant: "error" });
        goTo(firstStepOf(Object.keys(error.fields)));
      } else {
        enqueueSnackbar(messages.failed, { variant: "error" });
      }
      return;
    }

    // One request per file: the server keeps all or none of a request, and one bad file must not cost the others.
    const failed: FailedUpload[] = [];
    for (const file of files) {
      try {
        await uploadFiles.mutateAsync({ id: result.job.id, files: [file] });
      } catch (error) {
        failed.push({ file, reason: errorMessage(error) });
      }
    }
    if (failed.length > 0) {
      setSubmitting(false);
      enqueueSnackbar(<ToastMessage title="Saved" message={messages.filesFailed(failed.length)} />, { variant: "warning" });
      leave(`/jobs/${result.job.id}`, { failedUploads: failed } satisfies FailedUploadsState);
      return;
    }
    enqueueSnackbar(editing ? messages.updated : messages.posted, { variant: "success" });
    leave("/jobs");
  };
  const handleSubmit = form.handleSubmit(handleValid, handleInvalid);

  /** A new scope brings its own delivery date, unless the client has picked one. */
  const handleQuotedDate = (scope: Scope, date: string | null) => {
    if (deliveryDateTouched || deliveryDateScope === scope || form.getValues("scope") !== scope) return;
    form.setValue("expectedDeliveryDate", date ?? "");
    setDeliveryDateScope(scope);
  };
  const deliveryDate = {
    touched: deliveryDateTouched,
    scope: deliveryDateScope,
    saved: savedDeliveryDate,
    onPick: () => setDeliveryDateTouched(true),
    onQuoted: handleQuotedDate,
  };

  if (catalog.isPending) return <PageLoader />;
  if (!catalog.data) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void catalog.refetch()}>
              Try Again
            </Button>
          }
        >
          {messages.catalogFailed}
        </Alert>
      </Container>
    );
  }

  return (
    <FormProvider {...form}>
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {editing
            ? "Update the requirement in four steps; your changes are saved when you submit."
            : "Describe your project in four steps and get an upfront quote."}
        </Typography>
        {restoredShown && (
          <Alert
            severity="info"
            sx={{ mb: 3 }}
            onClose={() => setRestoredShown(false)}
            action={
              <Button color="inherit" size="small" onClick={startOver}>
                Start Over
              </Button>
            }
          >
            We kept the requirement you were writing on this device. Pick up where you left off.
          </Alert>
        )}
        <Card>
          <Tabs
            value={step}
            onChange={handleTabChange}
            // Tabs size to their one-line labels and share the spare width; a narrow screen scrolls them.
            variant="scrollable"
            scrollButtons="auto"
            aria-label="Steps"
            sx={{ borderBottom: 1, borderColor: "divider" }}
          >
            {steps.map((name, index) => (
              <Tab
                key={name}
                value={index}
                label={name}
                disabled={index > step}
                icon={<StepNumber number={index + 1} active={index <= step} />}
                iconPosition="start"
                id={`step-tab-${index}`}
                aria-controls="step-panel"
                sx={{ minHeight: 56, px: 1.5, flexGrow: 1, maxWidth: "none", whiteSpace: "nowrap" }}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id="step-panel" aria-labelledby={`step-tab-${step}`} sx={{ p: { xs: 2.5, md: 4 } }}>
            <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
              {steps[step]}
            </Typography>
            {step === 0 && <StepBasicInformation catalog={catalog.data} deliveryDate={deliveryDate} />}
            {step === 1 && <StepUsersFeatures catalog={catalog.data} />}
            {step === 2 && <StepIntegrationCompliance />}
            {step === 3 && (
              <StepAdditionalInformation
                savedFiles={saved?.requirements.files ?? []}
                files={files}
                refused={refused}
                onFilesChecked={(accepted, refusedNow) => {
                  setFiles((current) => [...current, ...accepted]);
                  setRefused((current) => [...current, ...refusedNow]);
                }}
                onRemoveFile={(index) => setFiles((current) => current.filter((_file, at) => at !== index))}
                onDismissRefused={(index) => setRefused((current) => current.filter((_file, at) => at !== index))}
              />
            )}
          </Box>
          <Divider />
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, p: { xs: 2, md: 3 }, flexWrap: "wrap" }}>
            <Button color="inherit" onClick={() => setConfirmCancel(true)} disabled={submitting}>
              Cancel
            </Button>
            <Box sx={{ flex: 1 }} />
            {step > 0 && (
              <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => goTo(step - 1)} disabled={submitting}>
                Back
              </Button>
            )}
            {step < LAST_STEP ? (
              <Button variant="contained" endIcon={<ArrowForward />} onClick={handleNext}>
                Next
              </Button>
            ) : (
              <Button variant="contained" onClick={() => void handleSubmit()} disabled={submitting}>
                {submitting ? "Submitting..." : "Submit"}
              </Button>
            )}
          </Box>
        </Card>

        <Dialog open={blocker.state === "blocked"} onClose={() => blocker.reset?.()} maxWidth="xs" fullWidth aria-labelledby="leave-title">
          <DialogTitle id="leave-title">Leave this page?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {editing
                ? "Your changes to this requirement are not saved yet and will be lost."
                : "Your requirement is not posted yet. It stays as a draft on this device (without its attached files) for when you come back."}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => blocker.reset?.()}>Stay</Button>
            <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </DialogActions>
        </Dialog>

        <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} maxWidth="xs" fullWidth aria-labelledby="cancel-title">
          <DialogTitle id="cancel-title">{editing ? "Discard your changes?" : "Discard this requirement?"}</DialogTitle>
          <DialogContent>
            <DialogContentText>Everything you entered in this form will be lost, and you will return to the jobs listing.</DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setConfirmCancel(false)}>Keep Editing</Button>
            <Button color="error" variant="contained" onClick={() => leave("/jobs")}>
              Discard
            </Button>
          </DialogActions>
        </Dialog>
      </Container>
    </FormProvider>
  );
}

function StepNumber({ number, active }: { number: number; active: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: "inline-grid",
        placeItems: "center",
        width: 24,
        height: 24,
        mr: 1,
        flexShrink: 0,
        borderRadius: "50%",
        fontSize: 13,
        fontWeight: 700,
        color: active ? "primary.contrastText" : "text.secondary",
        bgcolor: active ? "primary.main" : "action.selected",
      }}
    >
      {number}
    </Box>
  );
}
