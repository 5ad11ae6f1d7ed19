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
import type { AdminTask } from "@forgehire/core";
import { priorityChoices, taskStatusChoices } from "../stories/types";
import { ListActions, ListPagination } from "../layout/ListActions";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={taskStatusChoices} alwaysOn />,
  <NumberInput key="jobId" source="jobId" label="Job id" />,
  <SelectInput key="priority" source="priority" choices={priorityChoices} />,
];

/** Every task of every live job. */
const TaskList = () => (
  <List<AdminTask> actions={<ListActions />} pagination={<ListPagination />} filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="title" />
      <ReferenceField source="storyId" reference="stories" label="Story" link="show" sortable={false} />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" sortBy="jobId" />
      <SelectField source="priority" choices={priorityChoices} />
      <SelectField source="status" choices={taskStatusChoices} />
      <NumberField source="messageCount" label="Messages" sortable={false} />
      <BooleanField source="locked" sortable={false} />
      <DateField source="createdAt" label="Created" showTime />
    </Datagrid>
  </List>
);

export default TaskList;
