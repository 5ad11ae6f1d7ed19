import { Datagrid, DateField, FunctionField, List, NumberField, NumberInput, SelectField, SelectInput, TextField } from "react-admin";
import { formatCents, type AdminLedgerTransaction } from "@forgehire/core";
import { LedgerEntries } from "./LedgerEntries";
import { ledgerKindChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const ledgerFilters = [
  <NumberInput key="jobId" source="jobId" label="Job id" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={ledgerKindChoices} alwaysOn />,
];

/** Every movement of money, newest first, each with its entries; read only: the ledger is append-only. */
const LedgerTransactionList = () => (
  <List<AdminLedgerTransaction>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={ledgerFilters}
    sort={{ field: "id", order: "DESC" }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <NumberField<AdminLedgerTransaction> source="id" label="#" />
      <SelectField<AdminLedgerTransaction> source="kind" choices={ledgerKindChoices} />
      <FunctionField<AdminLedgerTransaction> source="jobId" label="Job" sortBy="jobId" render={(record) => `#${record.jobId} ${record.jobTitle}`} />
      <FunctionField<AdminLedgerTransaction> label="Amount" textAlign="right" render={(record) => formatCents(record.amountCents)} />
      <FunctionField<AdminLedgerTransaction> label="Entries" render={(record) => <LedgerEntries entries={record.entries} dense />} />
      <TextField<AdminLedgerTransaction> source="actorKind" label="By" sortable={false} emptyText="—" />
      <DateField<AdminLedgerTransaction> source="createdAt" label="Created" showTime sortBy="createdAt" />
    </Datagrid>
  </List>
);

export default LedgerTransactionList;
