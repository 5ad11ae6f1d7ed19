import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useForm } from "react-hook-form";
import { billingDetailsBody, type BillingDetails, type BillingDetailsBody } from "@forgehire/core";
import { useBillingDetails, useUpdateBillingDetails } from "../../api/billing";
import { ApiError, errorMessage } from "../../api/client";
import FormError from "../../components/FormError";
import FormTextField from "../../components/FormTextField";
import { schemaResolver, setServerFieldErrors } from "../../lib/form-errors";

const messages = {
  saved: "Billing details saved",
  failed: "Failed to save billing details",
  hint: "Optional. Printed on the receipts issued from now on; receipts already issued never change.",
} as const;

type FormValues = { billingName: string; billingAddress: string; vatId: string };

const labels = { billingName: "Billing name", billingAddress: "Billing address", vatId: "VAT ID" };
const fields = ["billingName", "billingAddress", "vatId"] as const;
const resolver = schemaResolver<FormValues, typeof billingDetailsBody>(billingDetailsBody, { fields, labels });

const toForm = (details: BillingDetails): FormValues => ({
  billingName: details.billingName ?? "",
  billingAddress: details.billingAddress ?? "",
  vatId: details.vatId ?? "",
});

/** The Billing Details section of Update Profile (clients): the buyer's optional billing name, address and VAT ID. */
export default function BillingDetailsSection() {
  const details = useBillingDetails();
  return (
    <Box component="section" aria-labelledby="billing-details-heading" sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: "divider" }}>
      <Typography id="billing-details-heading" variant="h6" component="h2" gutterBottom>
        Billing Details
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {messages.hint}
      </Typography>
      {details.data ? (
        <BillingDetailsForm details={details.data} />
      ) : details.isPending ? (
        <Skeleton variant="rounded" height={200} aria-label="Loading billing details" />
      ) : (
        <Alert severity="error">{errorMessage(details.error, messages.failed)}</Alert>
      )}
    </Box>
  );
}

function BillingDetailsForm({ details }: { details: BillingDetails }) {
  const { control, handleSubmit, setError, reset } = useForm<FormValues, unknown, BillingDetailsBody>({ defaultValues: toForm(details), resolver });
  const update = useUpdateBillingDetails();
  const { enqueueSnackbar } = useSnackbar();

  const handleSave = (body: BillingDetailsBody) => {
    update.mutate(body, {
      onSuccess: (saved) => {
        reset(toForm(saved));
        enqueueSnackbar(messages.saved, { variant: "success" });
      },
      onError: (error) => {
        if (error instanceof ApiError) setServerFieldErrors(setError, error.fields, fields);
      },
    });
  };

  return (
    <Box component="form" onSubmit={(event) => void handleSubmit(handleSave)(event)} noValidate aria-label="Billing details">
      <FormError title={messages.failed} message={update.isError ? errorMessage(update.error, messages.failed) : null} />
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="billingName"
          label={labels.billingName}
          autoComplete="organization"
          helperText="A company or legal name to bill instead of your name"
        />
        <FormTextField control={control} name="billingAddress" label={labels.billingAddress} autoComplete="street-address" multiline minRows={3} />
        <FormTextField control={control} name="vatId" label={labels.vatId} helperText="Country code and number, e.g. DE123456789" />
      </Stack>
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 3 }}>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Billing Details"}
        </Button>
      </Box>
    </Box>
  );
}
