import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { changeRequestBody, fromCents } from "@forgehire/core";
import type { ChangeRequestBody, Job } from "@forgehire/core";
import { isApiError, serverRefusal } from "../../api/client";
import { useCreateChangeRequest } from "../../api/breakdown";
import FormTextField from "../FormTextField";
import { formatMoney } from "../../lib/format";
import ToastMessage from "../ToastMessage";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";

const messages = {
  title: "Request a Change",
  signedOut: "You must be logged in to submit a change request.",
  intro: "Describe what should change. A 'Change Request Implementation' story with its tasks is added to the backlog.",
  // A paid job's scope is fixed (issue 18): the change is quoted, and joins the project once the quote is paid.
  introPaid:
    "Describe what should change. This job is paid, so the change is quoted at the job's own rate (its price ÷ its estimated hours); it joins the project once you pay the quote.",
  success: "Change request submitted. The 'Change Request Implementation' story was added.",
  quoted: (price: string) => `Change request quoted at ${price}. Pay the quote under Change Requests to add it to the project.`,
  failed: "Failed to submit change request. Please try again.",
} as const;

interface ChangeRequestForm {
  description: string;
}

const fields = ["description"] as const;
const resolver = schemaResolver<ChangeRequestForm, typeof changeRequestBody>(changeRequestBody, { fields });

interface ChangeRequestDialogProps {
  job: Job;
  open: boolean;
  onClose: () => void;
  /** Called once the request and its story exist. */
  onSubmitted?: () => void;
}

/** 'Request a Change': a text area, Cancel and 'Submit Change Request'. The parent remounts it per opening. */
export default function ChangeRequestDialog({ job, open, onClose, onSubmitted }: ChangeRequestDialogProps) {
  const { control, handleSubmit, setError, reset } = useForm<ChangeRequestForm, unknown, ChangeRequestBody>({ defaultValues: { description: "" }, resolver });
  const createChangeRequest = useCreateChangeRequest();
  const { enqueueSnackbar } = useSnackbar();

  const handleRequest = (body: ChangeRequestBody) => {
    createChangeRequest.mutate(
      { jobId: job.id, body },
      {
        onSuccess: ({ changeRequest }) => {
          const quote = changeRequest.quote;
          enqueueSnackbar(quote ? messages.quoted(formatMoney(fromCents(quote.priceCents))) : messages.success, { variant: "success" });
          reset();
          onSubmitted?.();
          onClose();
        },
        onError: (failure) => {
          const refusal = serverRefusal(failure);
          if (isApiError(failure)) setServerFieldErrors(setError, failure.fields, fields);
          // A session that ended while the dialog was open: the spec's own words for it.
          if (isApiError(failure, "UNAUTHENTICATED")) {
            enqueueSnackbar(messages.signedOut, { variant: "error" });
          } else if (refusal) {
            enqueueSnackbar(<ToastMessage title={refusal.title} message={refusal.message} />, { variant: "error" });
          } else {
            enqueueSnackbar(messages.failed, { variant: "error" });
          }
        },
      },
    );
  };

  const pending = createChangeRequest.isPending;
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="change-request-title">
      <form onSubmit={(event) => void handleSubmit(handleRequest)(event)} noValidate>
        <DialogTitle id="change-request-title">{messages.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{job.paymentStatus === "paid" ? messages.introPaid : messages.intro}</DialogContentText>
          <FormTextField
            control={control}
            name="description"
            label="Requested changes"
            helperText=" "
            multiline
            minRows={5}
            fullWidth
            autoFocus
            disabled={pending}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? "Submitting..." : "Submit Change Request"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
