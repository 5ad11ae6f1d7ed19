import { Datagrid, DateField, FunctionField, List, NumberInput, ReferenceField, SearchInput, SelectField, SelectInput, TextField } from "react-admin";
import type { AdminChangeRequest } from "@forgehire/core";
import { changeRequestStatusChoices, quoteText } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={changeRequestStatusChoices} alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" />,
];

/** Every change request of every live job, newest first. */
const ChangeRequestList = () => (
  <List<AdminChangeRequest>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={filters}
    sort={{ field: "createdAt", order: "DESC" }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="description" sortable={false} />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" sortBy="jobId" />
      <TextField source="requestedByName" label="Requested by" sortable={false} />
      <SelectField source="status" choices={changeRequestStatusChoices} />
      <FunctionField<AdminChangeRequest> label="Quote" sortable={false} render={(record) => quoteText(record)} />
      <DateField source="createdAt" label="Created" showTime />
    </Datagrid>
  </List>
);

export default ChangeRequestList;
