import type { ReactNode } from "react";
import TextField from "@mui/material/TextField";
import type { TextFieldProps } from "@mui/material/TextField";
import { useController } from "react-hook-form";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import PasswordField from "./PasswordField";

type FormTextFieldProps<T extends FieldValues, TOut> = Omit<TextFieldProps, "name" | "value" | "onChange" | "onBlur" | "error" | "variant"> & {
  /** the form's control, whatever its resolver turns the values into */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** shown when the field has no error */
  helperText?: ReactNode;
  /** a password input with its show/hide toggle */
  password?: boolean;
};

/**
 * A MUI text field bound to a react-hook-form field: its value, its change, and its error (the resolver's or the
 * server's, placed by `setServerFieldErrors`) shown under it in place of the usual hint.
 */
export default function FormTextField<T extends FieldValues, TOut = T>({ control, name, helperText, password = false, ...props }: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const Field = password ? PasswordField : TextField;
  return (
    <Field
      {...props}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
