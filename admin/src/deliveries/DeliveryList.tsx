import { BooleanInput, Datagrid, DateField, FunctionField, List, NumberInput, SelectInput, TextField } from "react-admin";
import { formatCents, type AdminDelivery } from "@forgehire/core";
import { DeliveryStatusChip } from "./DeliveryStatus";
import { deliveryStatusChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const deliveryFilters = [
  <SelectInput key="status" source="status" label="Delivery" choices={deliveryStatusChoices} alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" alwaysOn />,
  // Reviews whose due time is past: the dashboard's "Reviews past due" opens the list with it on.
  <BooleanInput key="overdue" source="overdue" label="Past due" alwaysOn />,
];

/**
 * Stories' deliveries: those in review first, by review due time soonest first (what needs an answer next); every
 * other delivery state through the filter.
 */
const DeliveryList = () => (
  <List<AdminDelivery>
    actions={<ListActions />}
    pagination={<ListPagination />}
    filters={deliveryFilters}
    filterDefaultValues={{ status: "in_review" }}
    sort={{ field: "reviewDueAt", order: "ASC" }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField<AdminDelivery> source="title" label="Story" />
      <FunctionField<AdminDelivery> source="jobId" label="Job" sortBy="jobId" render={(record) => `#${record.jobId} ${record.jobTitle}`} />
      <TextField<AdminDelivery> source="freelancerName" label="Freelancer" sortable={false} emptyText="—" />
      <FunctionField<AdminDelivery> source="status" label="Delivery" sortable={false} render={(record) => <DeliveryStatusChip status={record.status} />} />
      <DateField<AdminDelivery> source="submittedAt" label="Submitted" showTime emptyText="—" />
      <DateField<AdminDelivery> source="reviewDueAt" label="Review due" showTime emptyText="—" />
      <FunctionField<AdminDelivery>
        source="amountCents"
        label="Amount"
        sortBy="amountCents"
        textAlign="right"
        render={(record) => (record.amountCents === null ? "—" : formatCents(record.amountCents))}
      />
    </Datagrid>
  </List>
);

export default DeliveryList;
