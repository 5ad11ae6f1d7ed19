import { Datagrid, DateField, FunctionField, List, NumberInput, SelectField, SelectInput, TextField } from "react-admin";
import type { Payout } from "@forgehire/core";
import { payoutStatusChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const payoutFilters = [
  <SelectInput key="status" source="status" choices={payoutStatusChoices} alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" alwaysOn />,
];

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Every transfer to a freelancer's own account, newest first; read only: payouts move through the queue and the
 * provider's events alone. A failed or reversed one says why, and its money is back on the freelancer's balance.
 */
export const PayoutList = () => (
  <List<Payout> actions={<ListActions />} pagination={<ListPagination />} filters={payoutFilters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <TextField<Payout> source="freelancerName" label="Freelancer" sortable={false} />
      <FunctionField<Payout> source="jobId" label="Job" render={(record) => `#${record.jobId} ${record.jobTitle}`} />
      <TextField<Payout> source="storyTitle" label="Story" sortable={false} emptyText="—" />
      <FunctionField<Payout>
        source="amountCents"
        label="Amount"
        render={(record) => (record.reversedCents > 0 ? `${dollars(record.amountCents)} (${dollars(record.reversedCents)} back)` : dollars(record.amountCents))}
      />
      <SelectField<Payout> source="status" choices={payoutStatusChoices} />
      <TextField<Payout> source="failureReason" label="Failure reason" sortable={false} emptyText="—" />
      <TextField<Payout> source="providerTransferId" label="Transfer" sortable={false} emptyText="—" />
      <DateField<Payout> source="createdAt" label="Created" showTime />
      <DateField<Payout> source="paidAt" label="Paid" showTime emptyText="—" />
    </Datagrid>
  </List>
);
