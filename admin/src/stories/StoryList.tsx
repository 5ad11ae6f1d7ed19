import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from "react-admin";
import type { AdminStory } from "@forgehire/core";
import { priorityChoices } from "./types";
import { ListActions, ListPagination } from "../layout/ListActions";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" />,
  <SelectInput key="priority" source="priority" choices={priorityChoices} />,
];

/** Every user story of every live job. */
const StoryList = () => (
  <List<AdminStory> actions={<ListActions />} pagination={<ListPagination />} filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="title" />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" sortBy="jobId" />
      <SelectField source="priority" choices={priorityChoices} />
      <NumberField source="taskCount" label="Tasks" sortable={false} />
      <NumberField source="estimateHours" label="Hours" sortable={false} />
      <BooleanField source="locked" sortable={false} />
      <DateField source="createdAt" label="Created" showTime />
    </Datagrid>
  </List>
);

export default StoryList;
