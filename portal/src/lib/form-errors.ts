import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import type { z } from "zod";

/** An API refusal's field errors, sorted onto the fields a form shows. */
export interface PlacedFieldErrors {
  /** form field → message (the first message wins when several paths land on one field) */
  byField: Record<string, string>;
  /** messages whose path names no field of the form; the caller shows them in a general alert */
  unplaced: string[];
}

/**
 * Puts each of an API error's `fields` (dotted paths such as `languages.1` or `title`) on the form field that holds
 * it: a path lands on the longest prefix of its segments that the form knows, so `languages.1` lands on `languages`.
 * @param fields the `fields` of the error body, path → message
 * @param formFields the names of the fields the form shows
 */
export function placeFieldErrors(fields: Readonly<Record<string, string>>, formFields: readonly string[]): PlacedFieldErrors {
  const known = new Set(formFields);
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const segments = path.split(".");
    let field: string | undefined;
    for (let length = segments.length; length > 0 && field === undefined; length--) {
      const candidate = segments.slice(0, length).join(".");
      if (known.has(candidate)) field = candidate;
    }
    if (field === undefined) unplaced.push(message);
    else byField[field] ??= message;
  }
  return { byField, unplaced };
}

/**
 * Puts a server refusal's `fields` on the react-hook-form fields that show them (see `placeFieldErrors`), so each
 * message sits under its field and clears once the user changes that field.
 * @param setError the form's `setError`
 * @param fields the `fields` of the error body, path → message
 * @param formFields the names of the fields the form shows
 * @returns the messages no field of the form holds, for the caller's general alert
 */
export function setServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Readonly<Record<string, string>>,
  formFields: readonly Path<T>[],
): string[] {
  const placed = placeFieldErrors(fields, formFields);
  for (const [field, message] of Object.entries(placed.byField)) setError(field as Path<T>, { type: "server", message });
  return placed.unplaced;
}

/**
 * Flattens react-hook-form's error tree (nested for objects and arrays, as a resolver builds it) into dotted paths.
 * @param errors a resolver's or the form state's errors
 * @returns path → message, e.g. `languages.1` → "Please choose from the listed languages"
 */
export function flattenFieldErrors(errors: FieldErrors): Record<string, string> {
  const flat: Record<string, string> = {};
  const visit = (node: unknown, path: string[]) => {
    if (typeof node !== "object" || node === null) return;
    const { message, type } = node as { message?: unknown; type?: unknown };
    // A leaf is a FieldError: it has a type, and its message is a string. Array errors may also carry a `root`.
    if (typeof type === "string" && typeof message === "string") {
      flat[path.join(".")] ??= message;
      return;
    }
    for (const [key, inner] of Object.entries(node)) {
      if (key === "ref") continue;
      visit(inner, key === "root" ? path : [...path, key]);
    }
  };
  visit(errors, []);
  return flat;
}

/** How a form reads the shared schema: the field names it shows, and optional labels for bare "Required" messages. */
export interface SchemaResolverOptions<TValues> {
  /** the fields the form shows; an issue lands on the longest of these that prefixes its path */
  fields: readonly string[];
  /** field → label, so that "Required" reads "First Name is required" */
  labels?: Readonly<Record<string, string>>;
  /** the schema's message for a missing value, which the labels replace ("Required" unless the schema says otherwise) */
  requiredMessage?: string;
  /** turns the form's values into the schema's input (e.g. a draft into the request body) before parsing */
  toInput?: (values: TValues) => unknown;
}

/**
 * The zod resolver over one of core's schemas, with each issue placed on the form field that shows it, the same way a
 * server refusal is placed (`languages.1` on `languages`), so client-side and server-side errors read alike.
 * @param schema a core schema, the one the server parses the same body with
 * @param options the form's fields, labels and value conversion
 * @returns a resolver whose valid output is the schema's parsed output
 */
export function schemaResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  options: SchemaResolverOptions<TValues>,
): Resolver<TValues, unknown, z.output<TSchema>> {
  // The schema's input is what toInput returns, not the form's values: these casts are the seam between the two.
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<TSchema>>;
  return async (values, context, resolverOptions) => {
    const input = options.toInput ? options.toInput(values) : values;
    const result = await resolve(input as FieldValues, context, resolverOptions as never);
    if (Object.keys(result.errors).length === 0) return { values: result.values as z.output<TSchema>, errors: {} };
    const placed = placeFieldErrors(flattenFieldErrors(result.errors), options.fields);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(placed.byField)) {
      const label = options.labels?.[field];
      errors[field] = { type: "validation", message: message === (options.requiredMessage ?? "Required") && label ? `${label} is required` : message };
    }
    // An issue on no shown field (a value the form sends but does not show) still blocks the submit, as a root error.
    const [first] = placed.unplaced;
    if (first !== undefined) errors.root = { type: "validation", message: first };
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
