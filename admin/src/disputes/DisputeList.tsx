import { Datagrid, DateField, FunctionField, List, NumberInput, SelectField, SelectInput, TextField } from "react-admin";
import { formatCents, type AdminDispute } from "@forgehire/core";
import { DisputeStatusChip } from "./DisputeStatus";
import { disputeOpenerChoices, disputeStatusChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const disputeFilters = [
  <SelectInput key="status" source="status" choices={disputeStatusChoices} alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" alwaysOn />,
];

/** Every dispute, open ones first (oldest first: the longest waiting), with what each holds. */
const DisputeList = () => (
  <List<AdminDispute> actions={<ListActions />} pagination={<ListPagination />} filters={disputeFilters} sort={{ field: "status", order: "ASC" }} perPage={25}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <FunctionField<AdminDispute> source="status" label="Status" render={(record) => <DisputeStatusChip status={record.status} />} />
      <FunctionField<AdminDispute> source="jobId" label="Job" sortBy="jobId" render={(record) => `#${record.jobId} ${record.jobTitle}`} />
      <TextField<AdminDispute>
        source="reason"
        sortable={false}
        sx={{ display: "block", maxWidth: 420, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
      />
      <SelectField<AdminDispute> source="openedVia" label="Opened by" choices={disputeOpenerChoices} sortable={false} />
      <DateField<AdminDispute> source="openedAt" label="Opened" showTime />
      <FunctionField<AdminDispute> source="heldCents" label="Held" sortable={false} textAlign="right" render={(record) => formatCents(record.heldCents)} />
    </Datagrid>
  </List>
);

export default DisputeList;
