import { useState } from "react";
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
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import ArrowBack from "@mui/icons-material/ArrowBack";
import ArrowForward from "@mui/icons-material/ArrowForward";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import { errorCatalogue } from "@forgehire/core";
import type { JobWithRequirements } from "@forgehire/core";
import { useCatalog } from "../../api/catalog";
import { ApiError, errorMessage, isApiError } from "../../api/client";
import { useCreateJob, useUpdateJob, useUploadJobFiles } from "../../api/jobs";
import PageLoader from "../../components/PageLoader";
import ToastMessage from "../../components/ToastMessage";
import StepAdditionalInformation from "./StepAdditionalInformation";
import StepBasicInformation from "./StepBasicInformation";
import StepIntegrationCompliance from "./StepIntegrationCompliance";
import StepUsersFeatures from "./StepUsersFeatures";
import { LAST_STEP, deliveryDateError, hasRequiredFields, steps, toJobBody, usePostJobForm } from "./use-post-job-form";

const messages = {
  missingTitle: errorCatalogue.MISSING_FIELDS.title,
  missing: errorCatalogue.MISSING_FIELDS.message,
  dateTitle: "Check the delivery date",
  posted: "Requirement posted successfully",
  updated: "Requirement updated successfully",
  failed: "Failed to post/update requirement. Please try again.",
  filesFailed: (message: string) => `The job was saved, but its files could not be attached: ${message}`,
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
  const { state, dispatch } = usePostJobForm(saved);
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const uploadFiles = useUploadJobFiles();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Four tabs fit side by side from md up; narrower screens scroll them.
  const wideTabs = useMediaQuery(useTheme().breakpoints.up("md"));
  const { step, draft } = state;
  const editing = saved !== undefined;

  const goTo = (next: number) => {
    dispatch({ type: "goTo", step: next });
    window.scrollTo({ top: 0 });
  };
  const warnMissing = () =>
    enqueueSnackbar(<ToastMessage title={messages.missingTitle} message={messages.missing} />, { variant: "warning" });

  const handleTabChange = (_event: SyntheticEvent, value: number) => {
    // Only earlier steps can be reached from the tab bar; later ones go through Next and its checks.
    if (value < step) goTo(value);
  };
  const warnDate = (problem: string) =>
    enqueueSnackbar(<ToastMessage title={messages.dateTitle} message={problem} />, { variant: "warning" });

  const handleNext = () => {
    if (step === 0 && !hasRequiredFields(draft)) {
      warnMissing();
      return;
    }
    const dateProblem = step === 0 ? deliveryDateError(state) : null;
    if (dateProblem) {
      warnDate(dateProblem);
      return;
    }
    goTo(step + 1);
  };

  const handleSubmit = async () => {
    const body = toJobBody(draft);
    if (!body) {
      warnMissing();
      goTo(0);
      return;
    }
    // The date may have been fine when step 1 was left and be yesterday's now (a form left open overnight).
    const dateProblem = deliveryDateError(state);
    if (dateProblem) {
      warnDate(dateProblem);
      goTo(0);
      return;
    }
    setSubmitting(true);
    let result: JobWithRequirements;
    try {
      result = saved ? await updateJob.mutateAsync({ id: saved.job.id, body }) : await createJob.mutateAsync(body);
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error, "DUPLICATE_REQUIREMENT")) {
        enqueueSnackbar(<ToastMessage title={error.title} message={error.message} />, { variant: "error" });
      } else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        enqueueSnackbar(<ToastMessage title={error.title} message={Object.values(error.fields)[0] ?? error.message} />, { variant: "error" });
      } else {
        enqueueSnackbar(messages.failed, { variant: "error" });
      }
      return;
    }

    if (state.files.length > 0) {
      try {
        await uploadFiles.mutateAsync({ id: result.job.id, files: state.files });
      } catch (error) {
        setSubmitting(false);
        const title = isApiError(error) ? error.title : "Error";
        enqueueSnackbar(<ToastMessage title={title} message={messages.filesFailed(errorMessage(error))} />, { variant: "warning" });
        navigate(`/jobs/${result.job.id}`);
        return;
      }
    }
    enqueueSnackbar(editing ? messages.updated : messages.posted, { variant: "success" });
    navigate("/jobs");
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

  const stepProps = { state, dispatch, catalog: catalog.data };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {editing
          ? "Update the requirement in four steps; your changes are saved when you submit."
          : "Describe your project in four steps and get an upfront quote."}
      </Typography>
      <Card>
        <Tabs
          value={step}
          onChange={handleTabChange}
          variant={wideTabs ? "fullWidth" : "scrollable"}
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
              sx={{ minHeight: 56, px: 1 }}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="step-panel" aria-labelledby={`step-tab-${step}`} sx={{ p: { xs: 2.5, md: 4 } }}>
          <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
            {steps[step]}
          </Typography>
          {step === 0 && <StepBasicInformation {...stepProps} />}
          {step === 1 && <StepUsersFeatures {...stepProps} />}
          {step === 2 && <StepIntegrationCompliance state={state} dispatch={dispatch} />}
          {step === 3 && <StepAdditionalInformation state={state} dispatch={dispatch} savedFiles={saved?.requirements.files ?? []} />}
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

      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} maxWidth="xs" fullWidth aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">{editing ? "Discard your changes?" : "Discard this requirement?"}</DialogTitle>
        <DialogContent>
          <DialogContentText>Everything you entered in this form will be lost, and you will return to the jobs listing.</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmCancel(false)}>Keep Editing</Button>
          <Button color="error" variant="contained" onClick={() => navigate("/jobs")}>
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
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
