import { Button, Stack, Typography } from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import RestoreFromTrashIcon from "@mui/icons-material/RestoreFromTrash";
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useListContext,
  useNotify,
  useRefresh,
} from "react-admin";
import { BulkOperationButton } from "../layout/BulkOperationButton";
import { adminApi } from "../api";
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
  // The deleted jobs instead of the live ones, to restore them (a view lists live jobs, so it is ignored then).
  <BooleanInput key="deleted" source="deleted" label="Deleted jobs" alwaysOn />,
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

/** A deleted job's one action: Restore (the server's rule: only a deleted job; it comes back open). */
const RestoreButton = ({ record }: { record: AdminJob }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Button
      size="small"
      startIcon={<RestoreFromTrashIcon />}
      onClick={(event) => {
        event.stopPropagation();
        adminApi.restoreJob(record.id).then(
          () => {
            notify(`"${record.title}" restored.`, { type: "info" });
            refresh();
          },
          (error: unknown) => notify(error instanceof Error ? error.message : "Could not restore the job.", { type: "error" }),
        );
      }}
    >
      Restore
    </Button>
  );
};

/** Delete the selected live jobs, or restore the selected deleted ones; each under the single action's rules. */
const JobBulkActions = () => {
  const { filterValues } = useListContext();
  return filterValues.deleted ? (
    <BulkOperationButton
      resource="jobs"
      action="restore"
      label="Restore"
      done="restored"
      icon={<RestoreFromTrashIcon />}
      confirmTitle="Restore %{count} jobs?"
      confirmContent="Each comes back open, with its requirements, stories and history."
    />
  ) : (
    <BulkOperationButton
      resource="jobs"
      action="delete"
      label="Delete"
      done="deleted"
      icon={<DeleteIcon />}
      confirmTitle="Delete %{count} jobs?"
      confirmContent="Each is removed from every list (a paid or started job is refused and stays). Deleted jobs can be restored."
    />
  );
};

const RowActions = ({ record }: { record: AdminJob }) => (record.status === "inactive" ? <RestoreButton record={record} /> : <JobActions record={record} />);

/** Every job that is not deleted (or, with 'Deleted jobs', every deleted one), newest first, under the dashboard's views. */
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
    <Datagrid rowClick={(_id, _resource, record) => (record.status === "inactive" ? false : "show")} bulkActionButtons={<JobBulkActions />} empty={noMatch}>
      <NumberField<AdminJob> source="id" label="Id" />
      <TextField<AdminJob> source="title" />
      <TextField<AdminJob> source="ownerName" label="Owner" sortable={false} />
      <NumberField<AdminJob> source="budget" label="Budget" options={{ style: "currency", currency: "USD" }} locales="en-US" />
      <SelectField<AdminJob> source="status" choices={jobStatusChoices} />
      <SelectField<AdminJob> source="paymentStatus" label="Payment status" choices={jobPaymentStatusChoices} />
      <BooleanField<AdminJob> source="locked" sortable={false} />
      <DateField<AdminJob> source="createdAt" label="Created" showTime />
      <FunctionField<AdminJob> label="Actions" render={(record) => <RowActions record={record} />} />
    </Datagrid>
  </List>
);

export default JobList;
