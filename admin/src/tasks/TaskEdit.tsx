import { Edit, SelectInput, SimpleForm, TextInput, required } from "react-admin";
import type { AdminTask } from "@forgehire/core";
import { priorityChoices, taskStatusChoices } from "../stories/types";

const editable = ({ title, description, priority, status }: AdminTask) => ({ title, description, priority, status });

/** A task's wording, priority and status; the server applies the same LOCKED rule as for the poster. */
const TaskEdit = () => (
  <Edit<AdminTask> mutationMode="pessimistic" transform={editable} redirect="show">
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <SelectInput source="priority" choices={priorityChoices} validate={required()} />
      <SelectInput source="status" choices={taskStatusChoices} validate={required()} />
    </SimpleForm>
  </Edit>
);

export default TaskEdit;
