import { Edit, SelectInput, SimpleForm, TextInput, required } from "react-admin";
import type { AdminStory } from "@forgehire/core";
import { priorityChoices } from "./types";

const editable = ({ title, description, priority }: AdminStory) => ({ title, description, priority });

/** A story's wording and priority; the server refuses it once the story is locked or the job started. */
const StoryEdit = () => (
  <Edit<AdminStory> mutationMode="pessimistic" transform={editable} redirect="show">
    <SimpleForm>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <SelectInput source="priority" choices={priorityChoices} validate={required()} />
    </SimpleForm>
  </Edit>
);

export default StoryEdit;
