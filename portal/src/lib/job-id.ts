import { jobId } from "@forgehire/core";

/**
 * Reads a job id from the URL with the server's own rule.
 * @param value the `:id` of the path or the `edit` query parameter
 * @returns the id, or null when it is not a positive integer (the server would answer 'Invalid job ID')
 */
export function parseJobId(value: string | null | undefined): number | null {
  const parsed = jobId.safeParse(value ?? "");
  return parsed.success ? parsed.data : null;
}
