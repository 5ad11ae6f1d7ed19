import {
  BooleanField,
  Datagrid,
  DateField,
  EditButton,
  NumberField,
  ReferenceField,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  DeleteWithConfirmButton,
  useRecordContext,
} from "react-admin";
import type { AdminStory } from "@forgehire/core";
import { priorityChoices, taskStatusChoices } from "./types";

// While a story is locked (or its job started) the server refuses changes with 409 LOCKED: hide what would fail.
const StoryActions = () => {
  const record = useRecordContext<AdminStory>();
  return <TopToolbar>{record && !record.locked ? [<EditButton key="edit" />, <DeleteWithConfirmButton key="delete" redirect="list" />] : null}</TopToolbar>;
};

/** A story with its tasks. */
const StoryShow = () => (
  <Show<AdminStory> actions={<StoryActions />}>
    <SimpleShowLayout>
      <TextField source="title" />
      <TextField source="description" />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" />
      <SelectField source="priority" choices={priorityChoices} />
      <NumberField source="estimateHours" label="Hours" />
      <BooleanField source="locked" />
      <DateField source="createdAt" label="Created" showTime />
      <ReferenceManyField reference="tasks" target="storyId" label="Tasks" sort={{ field: "createdAt", order: "ASC" }}>
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="title" />
          <SelectField source="priority" choices={priorityChoices} />
          <SelectField source="status" choices={taskStatusChoices} />
          <NumberField source="messageCount" label="Messages" />
        </Datagrid>
      </ReferenceManyField>
    </SimpleShowLayout>
  </Show>
);

export default StoryShow;
