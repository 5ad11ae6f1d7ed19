import { lazy, Suspense, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { changeRequestStatusLabels, fromCents, type ChangeRequest, type Job, type PaymentIntent } from "@forgehire/core";
import { serverRefusal } from "../../api/client";
import { useChangeRequestPaymentIntent, useChangeRequests, useDeclineChangeRequest, useRefreshBreakdown } from "../../api/breakdown";
import { formatMoney } from "../../lib/format";
import TestCardForm from "../../routes/payment/TestCardForm";
import type { PaymentResult } from "../../routes/payment/messages";
import ReasonTooltip from "./ReasonTooltip";
import { formatHours } from "./BreakdownMeta";
import ToastMessage from "../ToastMessage";

// Stripe's form loads its SDK: only when a Stripe intent is shown, as on the payment page.
const StripePaymentForm = lazy(() => import("../../routes/payment/StripePaymentForm"));

const messages = {
  heading: "Change Requests",
  quoteIntro: "This job is paid, so its scope is fixed: each change is quoted at the job's own rate and joins the project once its quote is paid.",
  pay: (cents: number) => `Pay ${formatMoney(fromCents(cents))}`,
  decline: "Decline",
  paid: "Quote paid: the change is now a story of the project, with its own milestone.",
  processing: "Your payment is processing. The change joins the project once it completes.",
  declined: "Quote declined. Nothing was added to the project.",
  failed: "Something went wrong. Please try again.",
  quote: (request: ChangeRequest) =>
    request.quote ? `${formatMoney(fromCents(request.quote.priceCents))} for ${formatHours(request.quote.estimateHours)} at the job's rate` : null,
} as const;

const statusColor = { pending: "default", quoted: "warning", paid: "success", declined: "default" } as const;

/**
 * The job's change requests with their quotes (issue 18): a quote on a paid job is paid here by the same card form as
 * the job's payment, or declined; what the user may do comes from each request's `can`/`why`.
 */
export default function ChangeRequestsPanel({ job }: { job: Job }) {
  const requests = useChangeRequests(job.id);
  if (!requests.data || requests.data.length === 0) return null;
  const anyQuote = requests.data.some((request) => request.quote);
  return (
    <Card sx={{ boxShadow: "none" }} aria-labelledby="change-requests-heading">
      <CardContent>
        <Typography id="change-requests-heading" variant="h6" component="h3" gutterBottom>
          {messages.heading}
        </Typography>
        {anyQuote && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {messages.quoteIntro}
          </Typography>
        )}
        <Stack spacing={2}>
          {requests.data.map((request) => (
            <ChangeRequestRow key={request.id} job={job} request={request} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ChangeRequestRow({ job, request }: { job: Job; request: ChangeRequest }) {
  const createIntent = useChangeRequestPaymentIntent();
  const decline = useDeclineChangeRequest();
  const refresh = useRefreshBreakdown();
  const { enqueueSnackbar } = useSnackbar();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const quote = messages.quote(request);
  const payReason = request.can?.pay ? null : (request.why?.pay?.message ?? null);
  const declineReason = request.can?.decline ? null : (request.why?.decline?.message ?? null);

  const toastRefusal = (error: unknown) => {
    const refusal = serverRefusal(error);
    enqueueSnackbar(refusal ? <ToastMessage title={refusal.title} message={refusal.message} /> : messages.failed, { variant: "error" });
  };

  const handlePay = () => createIntent.mutate(request.id, { onSuccess: setIntent, onError: toastRefusal });
  const handleDecline = () => decline.mutate(request, { onSuccess: () => enqueueSnackbar(messages.declined, { variant: "success" }), onError: toastRefusal });
  const handleResult = async (result: PaymentResult) => {
    if ("error" in result) return;
    setIntent(null);
    await refresh(job.id);
    enqueueSnackbar(result.status === "succeeded" ? messages.paid : messages.processing, { variant: result.status === "succeeded" ? "success" : "info" });
  };

  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2 }} data-testid="change-request" aria-label={`Change request: ${request.description}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }} useFlexGap>
        <Chip size="small" label={changeRequestStatusLabels[request.status]} color={statusColor[request.status]} />
        {quote && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {quote}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
        {request.description}
      </Typography>
      {request.status === "quoted" && !intent && (request.can?.pay || request.can?.decline) && (
        <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
          <ReasonTooltip reason={payReason}>
            <Button variant="contained" onClick={handlePay} disabled={payReason !== null || createIntent.isPending}>
              {createIntent.isPending ? "Processing..." : messages.pay(request.quote!.priceCents)}
            </Button>
          </ReasonTooltip>
          <ReasonTooltip reason={declineReason}>
            <Button variant="outlined" color="inherit" onClick={handleDecline} disabled={declineReason !== null || decline.isPending}>
              {messages.decline}
            </Button>
          </ReasonTooltip>
        </Stack>
      )}
      {intent && (
        <Box sx={{ mt: 2, maxWidth: 480 }}>
          {intent.provider === "stripe" && intent.publishableKey ? (
            <Suspense fallback={<CircularProgress aria-label="Loading payment form" />}>
              <StripePaymentForm
                jobId={job.id}
                publishableKey={intent.publishableKey}
                clientSecret={intent.clientSecret}
                onResult={(result) => void handleResult(result)}
                onCancel={() => setIntent(null)}
              />
            </Suspense>
          ) : (
            <TestCardForm paymentId={intent.paymentId} onResult={(result) => void handleResult(result)} onCancel={() => setIntent(null)} />
          )}
        </Box>
      )}
      {request.status === "paid" && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {messages.paid}
        </Alert>
      )}
    </Box>
  );
}
