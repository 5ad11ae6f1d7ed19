import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { projectSpecificFieldsFor, projectTypeOf } from "@forgehire/core";
import type { Catalog, ProjectSpecificFieldDefinition } from "@forgehire/core";
import type { PostJobDispatch, PostJobFormState } from "./use-post-job-form";

interface StepProps {
  state: PostJobFormState;
  dispatch: PostJobDispatch;
  catalog: Catalog;
}

/** Step 2: who the product is for and what it must do, then the questions of the chosen scope's project type. */
export default function StepUsersFeatures({ state, dispatch, catalog }: StepProps) {
  const { draft } = state;
  const scope = draft.scope === null ? null : catalog.scopes.find((definition) => definition.budget === draft.scope);
  const fields = draft.scope === null ? [] : projectSpecificFieldsFor(projectTypeOf(draft.scope));

  return (
    <Stack spacing={2.5}>
      <TextField
        label="Target Audience"
        multiline
        minRows={2}
        value={draft.targetAudience}
        onChange={(event) => dispatch({ type: "setText", field: "targetAudience", value: event.target.value })}
        helperText="Who will use the product, e.g. small clinics and their patients."
      />
      <Autocomplete
        multiple
        freeSolo
        autoSelect
        options={[] as string[]}
        value={draft.userCategories}
        onChange={(_event, value) => dispatch({ type: "setUserCategories", value: dedupe(value) })}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} label={option} size="small" {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField {...params} label="User Categories" helperText="Type a kind of user (e.g. Patients) and press Enter to add it." />
        )}
      />
      <TextField
        label="Key Features"
        multiline
        minRows={3}
        value={draft.keyFeatures}
        onChange={(event) => dispatch({ type: "setText", field: "keyFeatures", value: event.target.value })}
        helperText="The must-have features, one per line if you like."
      />
      <TextField
        label="Stakeholders"
        multiline
        minRows={2}
        value={draft.stakeholders}
        onChange={(event) => dispatch({ type: "setText", field: "stakeholders", value: event.target.value })}
        helperText="People with a say in the project."
      />

      <Box sx={{ pt: 2 }}>
        <Typography variant="h6" component="h3">
          Project-Specific Questions
        </Typography>
        {scope && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            For your {scope.label} ({scope.description}).
          </Typography>
        )}
        {fields.length === 0 ? (
          <Typography color="text.secondary">A trial has no project-specific questions.</Typography>
        ) : (
          <Stack spacing={1.5}>
            {fields
              .filter((field) => !field.dependsOn || draft.projectSpecificFields[field.dependsOn] === true)
              .map((field) => (
                <ProjectField key={field.key} field={field} state={state} dispatch={dispatch} />
              ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function dedupe(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const trimmed = value.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    kept.push(trimmed);
  }
  return kept;
}

interface ProjectFieldProps {
  field: ProjectSpecificFieldDefinition;
  state: PostJobFormState;
  dispatch: PostJobDispatch;
}

function ProjectField({ field, state, dispatch }: ProjectFieldProps) {
  const value = state.draft.projectSpecificFields[field.key];
  if (field.type === "boolean") {
    return (
      <FormControlLabel
        label={field.label}
        control={<Checkbox checked={value === true} onChange={(event) => dispatch({ type: "setProjectField", key: field.key, value: event.target.checked })} />}
      />
    );
  }
  // The indent of a dependent field goes on a wrapper: padding on the TextField itself moves the box but not its
  // absolutely placed label, which then hangs half outside the box.
  return (
    <Box sx={field.dependsOn ? { pl: { sm: 4 } } : undefined}>
      <TextField
        label={field.label}
        multiline
        minRows={2}
        fullWidth
        value={typeof value === "string" ? value : ""}
        onChange={(event) => dispatch({ type: "setProjectField", key: field.key, value: event.target.value })}
      />
    </Box>
  );
}
