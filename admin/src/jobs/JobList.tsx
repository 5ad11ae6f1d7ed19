import { Button, Stack, Typography } from "@mui/material";
import { BooleanField, Datagrid, DateField, FunctionField, List, NumberField, SearchInput, SelectField, SelectInput, TextField } from "react-admin";
import type { AdminJob } from "@forgehire/core";
import { jobPaymentStatusChoices, jobStatusChoices, jobViewChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

// API.md: q searches title, description and the poster's name; view is one of the dashboard's views. No view is
// the server's "all", so All Projects is the select's empty choice, shown while nothing is chosen.
const jobFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="view"
    source="view"
    label="View"
    choices={jobViewChoices.filter((choice) => choice.id !== "all")}
    emptyText={jobViewChoices.find((choice) => choice.id === "all")?.name}
    translateChoice={false}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    alwaysOn
  />,
];

const noMatch = (
  <Typography sx={{ p: 2 }} color="text.secondary">
    No projects match the selected filter.
  </Typography>
);

/**
 * The row's links into the portal. Pay Now follows `can.pay` from the API (the same rule as the portal's cards and
 * job header); both are plain links, since /payments/:id and /jobs/:id are portal pages, not back-office routes.
 */
const JobActions = ({ record }: { record: AdminJob }) => (
  <Stack direction="row" spacing={1}>
    <Button size="small" href={`/jobs/${record.id}`}>
      View
    </Button>
    {record.can.pay && (
      <Button size="small" variant="contained" href={`/payments/${record.id}`} sx={{ whiteSpace: "nowrap" }}>
        Pay Now
      </Button>
    )}
  </Stack>
);

/** Every job that is not deleted, newest first, under the dashboard's views; read only. */
const JobList = () => (
  // empty={false}: an empty result shows the Datagrid's own message under the filters, whatever the filter.
  <List<AdminJob>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={jobFilters}
    sort={{ field: "createdAt", order: "DESC" }}
    perPage={25}
    empty={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false} empty={noMatch}>
      <NumberField<AdminJob> source="id" label="Id" />
      <TextField<AdminJob> source="title" />
      <TextField<AdminJob> source="ownerName" label="Owner" sortable={false} />
      <NumberField<AdminJob> source="budget" label="Budget" options={{ style: "currency", currency: "USD" }} locales="en-US" />
      <SelectField<AdminJob> source="status" choices={jobStatusChoices} />
      <SelectField<AdminJob> source="paymentStatus" label="Payment status" choices={jobPaymentStatusChoices} />
      <BooleanField<AdminJob> source="locked" sortable={false} />
      <DateField<AdminJob> source="createdAt" label="Created" showTime />
      <FunctionField<AdminJob> label="Actions" render={(record) => <JobActions record={record} />} />
    </Datagrid>
  </List>
);

export default JobList;
