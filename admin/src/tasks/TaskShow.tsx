import {
  BooleanField,
  DateField,
  DeleteWithConfirmButton,
  EditButton,
  NumberField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from "react-admin";
import type { AdminTask } from "@forgehire/core";
import { priorityChoices, taskStatusChoices } from "../stories/types";
import TaskComments from "./TaskComments";

const TaskActions = () => {
  const record = useRecordContext<AdminTask>();
  return <TopToolbar>{record && !record.locked ? [<EditButton key="edit" />, <DeleteWithConfirmButton key="delete" redirect="list" />] : null}</TopToolbar>;
};

/** One task, its status and its status comments. */
const TaskShow = () => (
  <Show<AdminTask> actions={<TaskActions />}>
    <SimpleShowLayout>
      <TextField source="title" />
      <TextField source="description" />
      <ReferenceField source="storyId" reference="stories" label="Story" link="show" />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" />
      <SelectField source="priority" choices={priorityChoices} />
      <SelectField source="status" choices={taskStatusChoices} />
      <TaskComments />
      <NumberField source="estimateHours" label="Hours" emptyText="—" />
      <NumberField source="messageCount" label="Messages" />
      <BooleanField source="locked" />
      <DateField source="createdAt" label="Created" showTime />
    </SimpleShowLayout>
  </Show>
);

export default TaskShow;
