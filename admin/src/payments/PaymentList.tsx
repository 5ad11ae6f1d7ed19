import { BooleanInput, Datagrid, DateField, FunctionField, List, NumberField, NumberInput, SelectField, SelectInput, TextField } from "react-admin";
import ReplayIcon from "@mui/icons-material/Replay";
import type { AdminPayment } from "@forgehire/core";
import { BulkOperationButton } from "../layout/BulkOperationButton";
import { DownloadLink } from "../documents/DownloadLink";
import { paymentStatusChoices, providerChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const paymentFilters = [
  <NumberInput key="jobId" source="jobId" label="Job id" alwaysOn />,
  <SelectInput key="status" source="status" choices={paymentStatusChoices} alwaysOn />,
  <SelectInput key="provider" source="provider" choices={providerChoices} />,
  // Charges that must be given back and have not been yet (the provider's refund failed): an operator's to-do list.
  <BooleanInput key="needsRefund" source="needsRefund" label="Needs refund" alwaysOn />,
];

/**
 * Every payment attempt, newest first: payments change through the provider's events, and a charge that must not count
 * (a doubled or stale success) shows as Needs refund until refunded (automatically, by Retry refunds here, or Refund
 * now on its page).
 */
export const PaymentList = () => (
  <List<AdminPayment>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={paymentFilters}
    sort={{ field: "createdAt", order: "DESC" }}
    perPage={25}
  >
    <Datagrid
      rowClick="show"
      bulkActionButtons={
        <BulkOperationButton
          resource="payments"
          action="refund"
          label="Retry refunds"
          done="refunded"
          icon={<ReplayIcon />}
          confirmTitle="Refund %{count} charges?"
          confirmContent="Each charge flagged Needs refund is given back through the payment provider, once; any other is refused and says why."
        />
      }
    >
      <NumberField<AdminPayment> source="jobId" label="Job" />
      <FunctionField<AdminPayment>
        source="amount"
        label="Amount"
        render={(record) => `$${(record.amount / 100).toFixed(2)} ${record.currency.toUpperCase()}`}
      />
      <SelectField<AdminPayment> source="status" choices={paymentStatusChoices} />
      <SelectField<AdminPayment> source="provider" choices={providerChoices} />
      <NumberField<AdminPayment> source="attempt" />
      <TextField<AdminPayment> source="providerPaymentId" label="Provider id" sortable={false} emptyText="—" />
      <TextField<AdminPayment> source="lastError" label="Last error" sortable={false} emptyText="—" />
      <TextField<AdminPayment> source="providerRefundId" label="Refund" sortable={false} emptyText="—" />
      <FunctionField<AdminPayment>
        label="Receipt"
        render={(record) => (record.receiptUrl ? <DownloadLink href={record.receiptUrl} label={`Download the receipt of payment ${record.id}`} /> : "—")}
      />
      <DateField<AdminPayment> source="createdAt" label="Created" showTime />
    </Datagrid>
  </List>
);
