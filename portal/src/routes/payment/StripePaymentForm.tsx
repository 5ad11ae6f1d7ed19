import { useMemo, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { loadStripe } from "@stripe/stripe-js";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { messages, type PaymentResult } from "./messages";

interface StripePaymentFormProps {
  /** The job paid for: a redirect (3-D Secure) comes back to its payment page, which asks Stripe again. */
  jobId: number;
  publishableKey: string;
  clientSecret: string;
  onResult: (result: PaymentResult) => void;
  onCancel: () => void;
}

/** Stripe's Payment Element (loaded only when Stripe is configured, in its own chunk). */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: StripePaymentFormProps) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <CheckoutForm {...rest} />
    </Elements>
  );
}

function CheckoutForm({ jobId, onResult, onCancel }: Pick<StripePaymentFormProps, "jobId" | "onResult" | "onCancel">) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    // Fulfilment comes from the webhook; the browser only reports what Stripe told it.
    const result = await stripe.confirmPayment({
      elements,
      // Back to this job's payment page, which reconciles on load: a lost webhook cannot leave it unpaid.
      confirmParams: { return_url: `${window.location.origin}/payments/${jobId}` },
      redirect: "if_required",
    });
    setBusy(false);
    if (result.error) {
      const text =
        result.error.type === "card_error"
          ? messages.cardError(result.error.message ?? messages.genericError)
          : result.error.type === "validation_error"
            ? messages.validationError(result.error.message ?? "")
            : (result.error.message ?? messages.genericError);
      setError(text);
      onResult({ error: text });
      return;
    }
    const status = result.paymentIntent?.status;
    if (status === "succeeded" || status === "processing") onResult({ status });
    else {
      const text = messages.otherStatus(status ?? "unknown");
      setError(text);
      onResult({ error: text });
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void handleSubmit(event)}>
      <PaymentElement />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={!stripe || busy}>
          {busy ? messages.processing : messages.payNow}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {messages.cancel}
        </Button>
      </Stack>
    </Stack>
  );
}
