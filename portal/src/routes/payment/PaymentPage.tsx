import { lazy, Suspense, useEffect, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { useSnackbar } from "notistack";
import { Link as RouterLink, useNavigate, useParams } from "react-router";
import { errorCatalogue, type Job, type PaymentIntent } from "@forgehire/core";
import { errorMessage, isApiError } from "../../api/client";
import { useJob } from "../../api/jobs";
import { useCreatePaymentIntent, useReconcilePayments, useRefreshJobs } from "../../api/payments";
import { refusalFor } from "../../components/breakdown/reasons";
import PageLoader from "../../components/PageLoader";
import ToastMessage from "../../components/ToastMessage";
import { useCurrentUser } from "../../hooks/use-current-user";
import { formatMoney } from "../../lib/format";
import { parseJobId } from "../../lib/job-id";
import { messages, type PaymentResult } from "./messages";
import ReceiptLinks from "../../components/ReceiptLinks";
import TestCardForm from "./TestCardForm";

// Stripe's SDK only loads when Stripe is configured, in its own chunk.
const StripePaymentForm = lazy(() => import("./StripePaymentForm"));

/** The spec's redirect after a payment: 2 seconds, to /my-jobs. */
const REDIRECT_MS = 2000;

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      {children}
    </Container>
  );
}

/** /payments/:jobId: pay a job's budget by card. A signed-in user is required. */
export default function PaymentPage() {
  const params = useParams();
  const id = parseJobId(params.jobId);
  const { user, isLoading } = useCurrentUser();
  const jobQuery = useJob(user ? id : null);

  if (isLoading) return <PageLoader />;
  if (!user) {
    return (
      <Frame>
        <Typography variant="h4" component="h1" gutterBottom>
          Payment
        </Typography>
        <Alert severity="warning" sx={{ mt: 3 }}>
          {errorCatalogue.PAYMENT_LOGIN_REQUIRED.message}
        </Alert>
      </Frame>
    );
  }
  if (id === null || (jobQuery.error && isApiError(jobQuery.error) && (jobQuery.error.status === 404 || jobQuery.error.status === 400))) {
    return (
      <Frame>
        <Card>
          <CardContent sx={{ p: { xs: 3, md: 5 }, textAlign: "center" }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {messages.jobNotFound}
            </Typography>
            <Button component={RouterLink} to="/my-jobs" variant="contained" sx={{ mt: 2 }}>
              {messages.returnToMyJobs}
            </Button>
          </CardContent>
        </Card>
      </Frame>
    );
  }
  if (jobQuery.error) {
    return (
      <Frame>
        <Alert severity="error">{`Could not fetch job details: ${errorMessage(jobQuery.error)}`}</Alert>
      </Frame>
    );
  }
  const job = jobQuery.data?.job;
  if (!job) return <PageLoader />;
  // Who may pay is the server's `can.pay`; when it refuses because the job is not this person's to pay, its `why`
  // says so in the spec's words and the page shows nothing more. Other refusals (paid, processing, not locked) are
  // states of a job this person may pay, shown on the payment screen.
  const refusal = refusalFor(job, "pay");
  if (refusal?.code === "PAYMENT_ACCESS_DENIED") {
    return (
      <Frame>
        <Alert severity="error">
          {/* All the page says, so its title is the page's heading. */}
          <AlertTitle component="h1">{refusal.title}</AlertTitle>
          {refusal.message}
        </Alert>
        <Button component={RouterLink} to="/my-jobs" startIcon={<ArrowBack />} sx={{ mt: 3 }}>
          {messages.backToMyJobs}
        </Button>
      </Frame>
    );
  }
  return <PaymentScreen job={job} />;
}

function PaymentScreen({ job }: { job: Job }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const createIntent = useCreatePaymentIntent();
  const reconcilePayments = useReconcilePayments();
  const refreshJobs = useRefreshJobs();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const reconciled = useRef(false);
  const paid = job.paymentStatus === "paid";
  const refusal = refusalFor(job, "pay");

  // On return (e.g. from a 3-D Secure redirect, or after a lost webhook) ask the provider what became of the payment.
  useEffect(() => {
    if (paid || reconciled.current) return;
    reconciled.current = true;
    reconcilePayments.mutate(job.id);
  }, [job.id, paid, reconcilePayments]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate("/my-jobs"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const handleStart = async () => {
    setSetupError(null);
    try {
      setIntent(await createIntent.mutateAsync(job.id));
    } catch (cause) {
      const text = messages.setupFailed(isApiError(cause) ? cause.message || messages.setupFallback : messages.setupFallback);
      setSetupError(text);
      enqueueSnackbar(<ToastMessage title={messages.setupFailedToast} message={text} />, { variant: "error" });
    }
  };

  const handleResult = async (result: PaymentResult) => {
    if ("error" in result) {
      enqueueSnackbar(<ToastMessage title={messages.failedToast} message={result.error} />, { variant: "error" });
      return;
    }
    if (result.status === "succeeded")
      enqueueSnackbar(<ToastMessage title={messages.successToast} message={messages.successToastText} />, { variant: "success" });
    else enqueueSnackbar(<ToastMessage title={messages.processingToast} message={messages.processingToastText} />, { variant: "info" });
    setIntent(null);
    setDone(true);
    // After success the job is reloaded to show its paid state.
    await refreshJobs();
  };

  return (
    <Frame>
      <Button component={RouterLink} to="/my-jobs" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
        {messages.backToMyJobs}
      </Button>
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="h4" component="h1" gutterBottom>
            {job.title}
          </Typography>
          <Typography color="text.secondary" sx={{ whiteSpace: "pre-wrap" }}>
            {job.description}
          </Typography>
          <Divider sx={{ my: 3 }} />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={4}>
            <Box>
              <Typography variant="overline" color="text.secondary">
                {messages.totalAmount}
              </Typography>
              <Typography variant="h5" component="p" data-testid="payment-amount">
                {formatMoney(job.budget)}
              </Typography>
            </Box>
            <Box>
              <Typography variant="overline" color="text.secondary" component="div">
                {messages.paymentStatus}
              </Typography>
              <Chip data-testid="payment-status" color={paid ? "success" : "warning"} label={paid ? messages.paid : messages.paymentRequired} />
            </Box>
          </Stack>
          <Divider sx={{ my: 3 }} />

          {paid || done ? (
            <Stack spacing={2}>
              <Alert severity="success">{messages.complete}</Alert>
              <ReceiptLinks jobId={job.id} enabled={paid} />
            </Stack>
          ) : setupError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void handleStart()}>
                  {messages.tryAgain}
                </Button>
              }
            >
              <AlertTitle>{messages.errorPanel}</AlertTitle>
              {setupError}
            </Alert>
          ) : intent ? (
            intent.provider === "stripe" && intent.publishableKey ? (
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
            )
          ) : refusal === null ? (
            <Button variant="contained" size="large" onClick={() => void handleStart()} disabled={createIntent.isPending}>
              {createIntent.isPending ? messages.processing : messages.payWithStripe}
            </Button>
          ) : (
            <Alert severity="info">
              <AlertTitle>{refusal.title}</AlertTitle>
              {refusal.message}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Frame>
  );
}
