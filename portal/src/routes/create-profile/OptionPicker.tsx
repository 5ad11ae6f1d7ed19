import { useController } from "react-hook-form";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Select, { type SelectChangeEvent } from "@mui/material/Select";
import Tooltip from "@mui/material/Tooltip";

interface OptionPickerProps {
  /** e.g. "Skills" */
  label: string;
  /** e.g. "skill", used in the hints */
  noun: string;
  options: readonly string[];
  value: string[];
  max: number;
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** false when choosing none is fine (languages); then no 'Please select at least one' hint */
  required?: boolean;
  /** the server's refusal of this field, shown under it and marking it invalid */
  error?: string;
}

/**
 * Picks up to `max` options one at a time: chosen ones show as removable chips and are disabled in the list; at
 * the limit the picker says 'Maximum {noun}s selected' (spec part 2 §3).
 */
export default function OptionPicker({ label, noun, options, value, max, onChange, disabled = false, required = true, error }: OptionPickerProps) {
  const full = value.length >= max;
  const id = `picker-${noun}`;
  const handleChange = (event: SelectChangeEvent) => {
    const chosen = event.target.value;
    if (chosen && !value.includes(chosen) && !full) onChange([...value, chosen]);
  };
  const handleRemove = (option: string) => () => onChange(value.filter((item) => item !== option));
  return (
    <Box role="group" aria-label={label}>
      <Tooltip title={`You can select up to ${max} ${noun}s`} placement="top-start">
        <FormControl fullWidth disabled={disabled || full} error={Boolean(error)}>
          <InputLabel id={`${id}-label`}>{full ? `Maximum ${noun}s selected` : `Add a ${noun}`}</InputLabel>
          <Select
            labelId={`${id}-label`}
            id={id}
            value=""
            label={full ? `Maximum ${noun}s selected` : `Add a ${noun}`}
            onChange={handleChange}
            inputProps={{ "aria-label": label }}
          >
            {options.map((option) => (
              <MenuItem key={option} value={option} disabled={value.includes(option)}>
                {option}
              </MenuItem>
            ))}
          </Select>
          {error && <FormHelperText>{error}</FormHelperText>}
          {required && value.length === 0 && <FormHelperText>{`Please select at least one ${noun}`}</FormHelperText>}
          {full && <FormHelperText>{`Maximum ${noun}s selected`}</FormHelperText>}
        </FormControl>
      </Tooltip>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1 }} role="group" aria-label={`Selected ${noun}s`}>
        {value.map((option) => (
          // A stored choice the list no longer offers (older profiles) shows in red, so it can be found and removed.
          <Chip
            key={option}
            label={option}
            onDelete={disabled ? undefined : handleRemove(option)}
            color={options.includes(option) ? "primary" : "error"}
            variant="outlined"
          />
        ))}
      </Box>
    </Box>
  );
}

type FormOptionPickerProps<T extends FieldValues, TOut> = Omit<OptionPickerProps, "value" | "onChange" | "error"> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** called after each change, e.g. to clear a server error the user has just acted on */
  onPicked?: () => void;
};

/** An OptionPicker bound to a react-hook-form field, its error (the resolver's or the server's) shown under it. */
export function FormOptionPicker<T extends FieldValues, TOut = T>({ control, name, onPicked, ...props }: FormOptionPickerProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <OptionPicker
      {...props}
      value={field.value as string[]}
      onChange={(value) => {
        field.onChange(value);
        onPicked?.();
      }}
      error={fieldState.error?.message}
    />
  );
}
