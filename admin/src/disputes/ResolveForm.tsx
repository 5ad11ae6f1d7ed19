import { useState, type FormEvent } from "react";
import { Alert, AlertTitle, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { HttpError, useNotify, useRefresh } from "react-admin";
import { formatCents, parseDollarsToCents, type AdminDisputeDetails } from "@forgehire/core";
import { adminApi } from "../api";

/** The server's refusal as the form shows it: its code and its own message. */
interface Refusal {
  code: string;
  message: string;
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof HttpError) {
    const body = error.body as { error?: { code?: string } } | undefined;
    return { code: body?.error?.code ?? `HTTP ${error.status}`, message: error.message };
  }
  return { code: "ERROR", message: error instanceof Error ? error.message : "The resolution failed." };
}

/**
 * Splits what an open dispute holds into a release to the freelancer and a refund to the client. Amounts are typed in
 * dollars and sent as whole cents read from the digits (never through a float); the server decides whether the split
 * adds up (400 RESOLUTION_MISMATCH), and its answer is shown as it is.
 */
export const ResolveForm = ({ dispute }: { dispute: AdminDisputeDetails }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const [release, setRelease] = useState("");
  const [refund, setRefund] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const releaseCents = parseDollarsToCents(release);
  const refundCents = parseDollarsToCents(refund);
  const typed = releaseCents !== null && refundCents !== null;
  const total = typed ? releaseCents + refundCents : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    setBusy(true);
    setRefusal(null);
    try {
      await adminApi.resolveDispute(dispute.id, { releaseCents, refundCents, note: note.trim() });
      notify(`Dispute resolved: ${formatCents(releaseCents)} released, ${formatCents(refundCents)} refunded.`, { type: "success" });
      refresh();
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  const invalid = (text: string, cents: number | null) => text.trim() !== "" && cents === null;
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} aria-label="Resolve dispute" noValidate>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Resolve
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Release and refund must add up to {formatCents(dispute.heldCents)}, what is held for the disputed stories.
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Release to freelancer ($)"
            value={release}
            onChange={(event) => setRelease(event.target.value)}
            error={invalid(release, releaseCents)}
            helperText={invalid(release, releaseCents) ? "Dollars with at most two decimals" : "Before the platform fee"}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
            required
            fullWidth
          />
          <TextField
            label="Refund to client ($)"
            value={refund}
            onChange={(event) => setRefund(event.target.value)}
            error={invalid(refund, refundCents)}
            helperText={invalid(refund, refundCents) ? "Dollars with at most two decimals" : "Through the card provider"}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
            required
            fullWidth
          />
        </Stack>
        <Typography variant="body2" aria-live="polite" color={total !== null && total !== dispute.heldCents ? "warning.main" : "text.secondary"}>
          {total === null ? "Type both amounts." : `Together: ${formatCents(total)} of ${formatCents(dispute.heldCents)} held.`}
        </Typography>
        <TextField label="Note to both parties" value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2} fullWidth />
        {refusal && (
          <Alert severity="error" role="alert">
            <AlertTitle>{refusal.code}</AlertTitle>
            {refusal.message}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={!typed || busy}>
            Resolve dispute
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};
