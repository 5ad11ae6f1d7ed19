import { Edit, SaveButton, ShowButton, SimpleForm, TextInput, Toolbar, TopToolbar, required } from "react-admin";
import type { AdminJobDetails } from "@forgehire/core";

// The server reads only the editable fields and keeps the owner, status and budget (API.md, PUT /api/jobs/:id).
const editable = (record: AdminJobDetails) => ({
  title: record.title,
  description: record.description,
  requirements: {
    targetAudience: record.requirements.targetAudience,
    keyFeatures: record.requirements.keyFeatures,
    stakeholders: record.requirements.stakeholders,
    existingSystems: record.requirements.existingSystems,
  },
});

/** Edit a job's wording as an admin; refused by the server (409) once locked, started or paid. */
const JobEdit = () => (
  <Edit<AdminJobDetails>
    mutationMode="pessimistic"
    transform={editable}
    actions={
      <TopToolbar>
        <ShowButton />
      </TopToolbar>
    }
  >
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="description" validate={required()} multiline minRows={3} fullWidth />
      <TextInput source="requirements.targetAudience" label="Target audience" multiline fullWidth />
      <TextInput source="requirements.keyFeatures" label="Key features" multiline minRows={3} fullWidth />
      <TextInput source="requirements.stakeholders" label="Stakeholders" multiline fullWidth />
      <TextInput source="requirements.existingSystems" label="Existing systems" multiline fullWidth />
    </SimpleForm>
  </Edit>
);

export default JobEdit;
