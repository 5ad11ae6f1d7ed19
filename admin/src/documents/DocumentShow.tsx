import { Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { DateField, FunctionField, Labeled, ReferenceField, SelectField, Show, SimpleShowLayout, TextField, useRecordContext } from "react-admin";
import { formatCents, type AdminDocument } from "@forgehire/core";
import { DownloadLink } from "./DownloadLink";
import { documentKindChoices } from "./types";

const Lines = () => {
  const record = useRecordContext<AdminDocument>();
  if (!record) return null;
  return (
    <Labeled label="Lines">
      <Table size="small" sx={{ maxWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>Description</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.lines.map((line, index) => (
            <TableRow key={index}>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">{formatCents(line.amountCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Labeled>
  );
};

/** One receipt or credit note as issued, with its PDF. */
const DocumentShow = () => (
  <Show<AdminDocument> actions={false}>
    <SimpleShowLayout>
      <TextField source="number" />
      <SelectField source="kind" choices={documentKindChoices} />
      <FunctionField<AdminDocument> label="Amount" render={(record) => `${formatCents(record.amountCents)} ${record.currency.toUpperCase()}`} />
      <DateField source="issuedAt" label="Issued" showTime />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" />
      <ReferenceField source="clientId" reference="users" label="Client" link="show" />
      <FunctionField<AdminDocument> label="Billed to" render={(record) => `${record.buyerName} <${record.buyerEmail}>`} />
      <TextField source="paymentId" label="Payment" emptyText="—" />
      <TextField source="refundId" label="Refund (ledger transaction)" emptyText="—" />
      <TextField source="creditsReceipt" label="Credits receipt" emptyText="—" />
      <Lines />
      <FunctionField<AdminDocument> label="PDF" render={(record) => <DownloadLink href={record.url} label={`Download ${record.number}`} />} />
    </SimpleShowLayout>
  </Show>
);

export default DocumentShow;
