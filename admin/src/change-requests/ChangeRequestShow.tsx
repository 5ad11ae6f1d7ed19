import { DateField, FunctionField, ReferenceField, SelectField, Show, SimpleShowLayout, TextField } from "react-admin";
import type { AdminChangeRequest } from "@forgehire/core";
import { changeRequestStatusChoices, quoteText } from "./types";

/** One change request and the story it produced (read only: requests change through the job's flow). */
const ChangeRequestShow = () => (
  <Show<AdminChangeRequest>>
    <SimpleShowLayout>
      <TextField source="description" />
      <ReferenceField source="jobId" reference="jobs" label="Job" link="show" />
      <ReferenceField source="storyId" reference="stories" label="Story" link="show" emptyText="—" />
      <ReferenceField source="requestedBy" reference="users" label="Requested by" link="edit" emptyText="—" />
      <SelectField source="status" choices={changeRequestStatusChoices} />
      <FunctionField<AdminChangeRequest> label="Quote" render={(record) => quoteText(record)} />
      <DateField source="createdAt" label="Created" showTime />
    </SimpleShowLayout>
  </Show>
);

export default ChangeRequestShow;
