import { Datagrid, DateField, FunctionField, List, NumberInput, SelectField, SelectInput, TextField, TextInput } from "react-admin";
import { formatCents, type AdminDocument } from "@forgehire/core";
import { DownloadLink } from "./DownloadLink";
import { documentKindChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const documentFilters = [
  <TextInput key="q" source="q" label="Number" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={documentKindChoices} alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" />,
];

/** Every receipt and credit note, newest first; read only: a document never changes once issued. */
const DocumentList = () => (
  <List<AdminDocument>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={documentFilters}
    sort={{ field: "issuedAt", order: "DESC" }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField<AdminDocument> source="number" />
      <SelectField<AdminDocument> source="kind" choices={documentKindChoices} sortable={false} />
      <FunctionField<AdminDocument> label="Job" render={(record) => `#${record.jobId} ${record.jobTitle}`} />
      <FunctionField<AdminDocument> label="Billed to" render={(record) => `${record.buyerName} <${record.buyerEmail}>`} />
      <FunctionField<AdminDocument> source="amountCents" label="Amount" textAlign="right" render={(record) => formatCents(record.amountCents)} />
      <DateField<AdminDocument> source="issuedAt" label="Issued" showTime />
      <FunctionField<AdminDocument> label="Download" render={(record) => <DownloadLink href={record.url} label={`Download ${record.number}`} />} />
    </Datagrid>
  </List>
);

export default DocumentList;
