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
