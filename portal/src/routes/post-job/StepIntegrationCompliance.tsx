import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import Stack from "@mui/material/Stack";
import { Controller } from "react-hook-form";
import { complianceOptions, integrationOptions } from "@forgehire/core";
import type { ComplianceOption, IntegrationOption } from "@forgehire/core";
import FormTextField from "../../components/FormTextField";
import { toggled, usePostJobFormContext } from "./use-post-job-form";

const optionGroupSx = { display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)" } } as const;

/** A fieldset of checkboxes bound to one of the wizard's list fields. */
function CheckboxGroup({ legend, name, options }: { legend: string; name: "complianceTypes" | "integrationSystems"; options: readonly string[] }) {
  const { control } = usePostJobFormContext();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" sx={{ fontWeight: 600, color: "text.primary", mb: 1 }}>
        {legend}
      </FormLabel>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormGroup sx={optionGroupSx}>
            {options.map((option) => (
              <FormControlLabel
                key={option}
                label={option}
                control={
                  <Checkbox
                    checked={(field.value as readonly string[]).includes(option)}
                    onChange={(event) => field.onChange(toggled<string>(field.value, option, event.target.checked))}
                  />
                }
              />
            ))}
          </FormGroup>
        )}
      />
    </FormControl>
  );
}

/** Step 3: compliance regimes and notes, the systems to integrate with, and existing systems. */
export default function StepIntegrationCompliance() {
  const { control } = usePostJobFormContext();
  // The option lists come from core, the same lists the server validates against and the catalogue serves.
  const compliance: readonly ComplianceOption[] = complianceOptions;
  const integrations: readonly IntegrationOption[] = integrationOptions;

  return (
    <Stack spacing={3.5}>
      <CheckboxGroup legend="Compliance Types" name="complianceTypes" options={compliance} />
      <FormTextField
        control={control}
        name="complianceRequirements"
        label="Compliance Notes"
        multiline
        minRows={2}
        helperText="Anything the regulations above mean for your project, or other rules it must follow."
      />
      <CheckboxGroup legend="Integration Systems" name="integrationSystems" options={integrations} />
      <FormTextField
        control={control}
        name="existingSystems"
        label="Existing Systems"
        multiline
        minRows={2}
        helperText="Software the product must work with, e.g. your CRM or booking tool."
      />
    </Stack>
  );
}
