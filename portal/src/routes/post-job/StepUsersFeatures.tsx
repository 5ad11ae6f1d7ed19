import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Controller, useWatch } from "react-hook-form";
import { projectSpecificFieldsFor, projectTypeOf } from "@forgehire/core";
import type { Catalog, ProjectSpecificFieldDefinition } from "@forgehire/core";
import FormTextField from "../../components/FormTextField";
import { usePostJobFormContext, type JobDraft } from "./use-post-job-form";

interface StepProps {
  catalog: Catalog;
}

/** Step 2: who the product is for and what it must do, then the questions of the chosen scope's project type. */
export default function StepUsersFeatures({ catalog }: StepProps) {
  const { control } = usePostJobFormContext();
  const draft = useWatch({ control }) as JobDraft;
  const scope = draft.scope === null ? null : catalog.scopes.find((definition) => definition.budget === draft.scope);
  const fields = draft.scope === null ? [] : projectSpecificFieldsFor(projectTypeOf(draft.scope));

  return (
    <Stack spacing={2.5}>
      <FormTextField
        control={control}
        name="targetAudience"
        label="Target Audience"
        multiline
        minRows={2}
        helperText="Who will use the product, e.g. small clinics and their patients."
      />
      <Controller
        control={control}
        name="userCategories"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            freeSolo
            autoSelect
            options={[] as string[]}
            value={field.value}
            onChange={(_event, value) => field.onChange(dedupe(value))}
            onBlur={field.onBlur}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={option} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="User Categories"
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? "Type a kind of user (e.g. Patients) and press Enter to add it."}
              />
            )}
          />
        )}
      />
      <FormTextField
        control={control}
        name="keyFeatures"
        label="Key Features"
        multiline
        minRows={3}
        helperText="The must-have features, one per line if you like."
      />
      <FormTextField control={control} name="stakeholders" label="Stakeholders" multiline minRows={2} helperText="People with a say in the project." />

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
                <ProjectField key={field.key} field={field} />
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

function ProjectField({ field }: { field: ProjectSpecificFieldDefinition }) {
  const { control } = usePostJobFormContext();
  if (field.type === "boolean") {
    return (
      <Controller
        control={control}
        name={`projectSpecificFields.${field.key}`}
        render={({ field: flag }) => (
          <FormControlLabel
            label={field.label}
            control={<Checkbox checked={flag.value === true} onChange={(event) => flag.onChange(event.target.checked)} />}
          />
        )}
      />
    );
  }
  // The indent of a dependent field goes on a wrapper: padding on the TextField itself moves the box but not its
  // absolutely placed label, which then hangs half outside the box.
  return (
    <Box sx={field.dependsOn ? { pl: { sm: 4 } } : undefined}>
      <FormTextField control={control} name={`projectSpecificFields.${field.key}`} label={field.label} multiline minRows={2} fullWidth />
    </Box>
  );
}
