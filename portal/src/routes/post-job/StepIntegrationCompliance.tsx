import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { complianceOptions, integrationOptions } from "@forgehire/core";
import type { ComplianceOption, IntegrationOption } from "@forgehire/core";
import type { PostJobDispatch, PostJobFormState } from "./use-post-job-form";

interface StepProps {
  state: PostJobFormState;
  dispatch: PostJobDispatch;
}

const optionGroupSx = { display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)" } } as const;

/** Step 3: compliance regimes and notes, the systems to integrate with, and existing systems. */
export default function StepIntegrationCompliance({ state, dispatch }: StepProps) {
  const { draft } = state;
  // The option lists come from core, the same lists the server validates against and the catalogue serves.
  const compliance: readonly ComplianceOption[] = complianceOptions;
  const integrations: readonly IntegrationOption[] = integrationOptions;

  return (
    <Stack spacing={3.5}>
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ fontWeight: 600, color: "text.primary", mb: 1 }}>
          Compliance Types
        </FormLabel>
        <FormGroup sx={optionGroupSx}>
          {compliance.map((option) => (
            <FormControlLabel
              key={option}
              label={option}
              control={
                <Checkbox
                  checked={draft.complianceTypes.includes(option)}
                  onChange={(event) => dispatch({ type: "setCompliance", value: option, checked: event.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <TextField
        label="Compliance Notes"
        multiline
        minRows={2}
        value={draft.complianceRequirements}
        onChange={(event) => dispatch({ type: "setText", field: "complianceRequirements", value: event.target.value })}
        helperText="Anything the regulations above mean for your project, or other rules it must follow."
      />
      <FormControl component="fieldset">
        <FormLabel component="legend" sx={{ fontWeight: 600, color: "text.primary", mb: 1 }}>
          Integration Systems
        </FormLabel>
        <FormGroup sx={optionGroupSx}>
          {integrations.map((option) => (
            <FormControlLabel
              key={option}
              label={option}
              control={
                <Checkbox
                  checked={draft.integrationSystems.includes(option)}
                  onChange={(event) => dispatch({ type: "setIntegration", value: option, checked: event.target.checked })}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      <TextField
        label="Existing Systems"
        multiline
        minRows={2}
        value={draft.existingSystems}
        onChange={(event) => dispatch({ type: "setText", field: "existingSystems", value: event.target.value })}
        helperText="Software the product must work with, e.g. your CRM or booking tool."
      />
    </Stack>
  );
}
