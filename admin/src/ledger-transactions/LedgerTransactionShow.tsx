import { Box } from "@mui/material";
import { DateField, FunctionField, Labeled, NumberField, ReferenceField, SelectField, Show, SimpleShowLayout, TextField, useRecordContext } from "react-admin";
import { formatCents, type AdminLedgerTransaction } from "@forgehire/core";
import { LedgerEntries } from "./LedgerEntries";
import { ledgerKindChoices } from "./types";

const Entries = () => {
  const record = useRecordContext<AdminLedgerTransaction>();
  if (!record) return null;
  return (
    <Labeled label="Entries (they sum to zero)">
      <Box sx={{ maxWidth: 720 }}>
        <LedgerEntries entries={record.entries} />
      </Box>
    </Labeled>
  );
};

/** One ledger transaction and its entries. */
const LedgerTransactionShow = () => (
  <Show<AdminLedgerTransaction> actions={false}>
    <SimpleShowLayout>
      <NumberField source="id" label="#" />
      <SelectField source="kind" choices={ledgerKindChoices} />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" />
      <FunctionField<AdminLedgerTransaction> label="Amount" render={(record) => formatCents(record.amountCents)} />
      <ReferenceField source="storyId" reference="deliveries" label="Story" link="show" emptyText="—" />
      <TextField source="paymentId" label="Payment" emptyText="—" />
      <TextField source="idempotencyKey" label="Key (happens once)" />
      <TextField source="actorKind" label="By" emptyText="—" />
      <DateField source="createdAt" label="Created" showTime />
      <Entries />
    </SimpleShowLayout>
  </Show>
);

export default LedgerTransactionShow;
