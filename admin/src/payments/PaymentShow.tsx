import { useState } from "react";
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import ReplayIcon from "@mui/icons-material/Replay";
import {
  Confirm,
  DateField,
  FunctionField,
  Labeled,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { RecordHistory } from "../audit-log/RecordHistory";
import { formatCents, refundReasonMessages, type AdminPaymentPage } from "@forgehire/core";
import { adminApi } from "../api";
import { paymentRepresentation, paymentStatusChoices, providerChoices } from "./types";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Refund now: shown from the server's `can.refund`; refused, it stays visible and disabled with the server's reason.
 * A charge is flagged needs_refund after its automatic refund failed at the provider, so this is its retry.
 */
const RefundButton = () => {
  const record = useRecordContext<AdminPaymentPage>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  // react-admin first shows the list's copy of the record (no can/why, events, ledger) until the page's own arrives.
  if (!record?.can || (record.status !== "needs_refund" && !record.can.refund)) return null;
  const label = "Refund now";
  if (!record.can.refund) {
    return (
      <Tooltip title={record.why.refund?.message ?? ""} describeChild>
        <span>
          <Button size="small" startIcon={<ReplayIcon />} disabled>
            {label}
          </Button>
        </span>
      </Tooltip>
    );
  }
  const refund = () => {
    setConfirming(false);
    setPending(true);
    adminApi.refundPayment(String(record.id)).then(
      () => {
        notify(`Refunded ${formatCents(record.amount)}.`, { type: "info" });
        setPending(false);
        refresh();
      },
      (error: unknown) => {
        notify(error instanceof Error ? error.message : "The refund failed.", { type: "error" });
        setPending(false);
        refresh();
      },
    );
  };
  return (
    <>
      <Button size="small" variant="contained" startIcon={<ReplayIcon />} disabled={pending} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <Confirm
        isOpen={confirming}
        title={`Refund ${formatCents(record.amount)}?`}
        content="The charge is given back to the payer through the payment provider, once, with a credit note."
        confirm="Refund"
        onConfirm={refund}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

const Events = () => {
  const record = useRecordContext<AdminPaymentPage>();
  if (!record?.events) return null;
  if (record.events.length === 0) return <Typography color="text.secondary">No provider events.</Typography>;
  return (
    <Table size="small" aria-label="Provider events">
      <TableHead>
        <TableRow>
          <TableCell>Event</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>Received</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.events.map((event) => (
          <TableRow key={event.id}>
            <TableCell>{event.id}</TableCell>
            <TableCell>{event.type}</TableCell>
            <TableCell>{when(event.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const Ledger = () => {
  const record = useRecordContext<AdminPaymentPage>();
  if (!record?.ledger) return null;
  if (record.ledger.length === 0) return <Typography color="text.secondary">No ledger entries for this payment.</Typography>;
  return (
    <Table size="small" aria-label="Ledger entries">
      <TableHead>
        <TableRow>
          <TableCell>Transaction</TableCell>
          <TableCell>Account</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>When</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.ledger.flatMap((transaction) =>
          transaction.entries.map((entry, index) => (
            <TableRow key={`${transaction.id}-${index}`}>
              <TableCell>{index === 0 ? `#${transaction.id} ${transaction.kind}` : ""}</TableCell>
              <TableCell>{entry.account}</TableCell>
              <TableCell align="right">{formatCents(entry.amountCents)}</TableCell>
              <TableCell>{index === 0 ? when(transaction.createdAt) : ""}</TableCell>
            </TableRow>
          )),
        )}
      </TableBody>
    </Table>
  );
};

const PaymentTitle = () => {
  const record = useRecordContext<AdminPaymentPage>();
  return <span>{record ? paymentRepresentation(record) : "Payment"}</span>;
};

/** One payment attempt: its job, amount and status, the refund (reason, provider id), provider events and ledger. */
export const PaymentShow = () => (
  <Show<AdminPaymentPage>
    title={<PaymentTitle />}
    actions={
      <TopToolbar>
        <RefundButton />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <FunctionField<AdminPaymentPage>
        label="Job"
        render={(record) => (record.job ? <a href={`#/jobs/${record.job.id}/show`}>{`#${record.job.id} ${record.job.title}`}</a> : `#${record.jobId}`)}
      />
      <FunctionField<AdminPaymentPage> label="Amount" render={(record) => `${formatCents(record.amount)} ${record.currency.toUpperCase()}`} />
      <SelectField<AdminPaymentPage> source="status" choices={paymentStatusChoices} />
      <SelectField<AdminPaymentPage> source="provider" choices={providerChoices} />
      <NumberField<AdminPaymentPage> source="attempt" />
      <TextField<AdminPaymentPage> source="providerPaymentId" label="Provider id" emptyText="—" />
      <TextField<AdminPaymentPage> source="lastError" label="Last error" emptyText="—" />
      <FunctionField<AdminPaymentPage> label="Refund reason" render={(record) => (record.refundReason ? refundReasonMessages[record.refundReason] : "—")} />
      <TextField<AdminPaymentPage> source="providerRefundId" label="Provider refund id" emptyText="—" />
      <DateField<AdminPaymentPage> source="refundedAt" label="Refunded" showTime emptyText="—" />
      <DateField<AdminPaymentPage> source="createdAt" label="Created" showTime />
      <Labeled label="Provider events" fullWidth>
        <Box>
          <Events />
        </Box>
      </Labeled>
      <Labeled label="Ledger" fullWidth>
        <Box>
          <Ledger />
        </Box>
      </Labeled>
      <RecordHistory resource="payments" />
    </SimpleShowLayout>
  </Show>
);
