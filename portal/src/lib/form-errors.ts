/** The part of a validation issue (zod's, from the shared core schemas) that the forms read. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Turns validation issues into one message per field, first issue wins.
 * @param issues the issues of a failed safeParse
 * @param labels the field labels, used to say "First Name is required" instead of a bare "Required"
 * @returns field name → message
 */
export function fieldErrorsFromIssues(issues: readonly Issue[], labels: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key !== "string" || key in fields) continue;
    const label = labels[key];
    fields[key] = issue.message === "Required" && label ? `${label} is required` : issue.message;
  }
  return fields;
}

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
