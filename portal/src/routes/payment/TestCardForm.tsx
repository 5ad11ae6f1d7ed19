import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { testConfirmBody } from "@forgehire/core";
import { isApiError } from "../../api/client";
import { useConfirmTestPayment } from "../../api/payments";
import { messages, type PaymentResult } from "./messages";

interface TestCardFormProps {
  paymentId: string;
  onResult: (result: PaymentResult) => void;
  onCancel: () => void;
}

/** The built-in test provider's card form (no Stripe keys set): the card provider's public test numbers apply. */
export default function TestCardForm({ paymentId, onResult, onCancel }: TestCardFormProps) {
  const confirm = useConfirmTestPayment();
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const [month = "", year = ""] = expiry.split("/").map((part) => part.trim());
    const parsed = testConfirmBody.safeParse({ paymentId, cardNumber, expMonth: month, expYear: year, cvc });
    if (!parsed.success) {
      const text = messages.validationError(parsed.error.issues[0]?.message ?? messages.genericError);
      setError(text);
      onResult({ error: text });
      return;
    }
    try {
      const result = await confirm.mutateAsync(parsed.data);
      onResult({ status: result.status });
    } catch (cause) {
      const text = !isApiError(cause)
        ? messages.genericError
        : cause.status === 402
          ? messages.cardError(cause.message)
          : cause.status === 400
            ? messages.validationError(Object.values(cause.fields)[0] ?? cause.message)
            : cause.message || messages.genericError;
      setError(text);
      onResult({ error: text });
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Card payment">
      <Typography variant="body2" color="text.secondary">
        Test mode: use 4242 4242 4242 4242 with any future date and any CVC.
      </Typography>
      <TextField
        label="Card number"
        value={cardNumber}
        onChange={(e) => setCardNumber(e.target.value)}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
      />
      <Stack direction="row" spacing={2}>
        <TextField label="Expiry (MM/YY)" value={expiry} onChange={(e) => setExpiry(e.target.value)} autoComplete="cc-exp" placeholder="MM/YY" fullWidth />
        <TextField label="CVC" value={cvc} onChange={(e) => setCvc(e.target.value)} inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" fullWidth />
      </Stack>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={confirm.isPending}>
          {confirm.isPending ? messages.processing : messages.payNow}
        </Button>
        <Button onClick={onCancel} disabled={confirm.isPending}>
          {messages.cancel}
        </Button>
      </Stack>
    </Stack>
  );
}
