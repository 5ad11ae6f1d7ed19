import type { z } from "zod";
import { validationError } from "@forgehire/core";

/**
 * Parses untrusted input (req.body, req.query, req.params) with a core schema shared with the portal.
 * @param schema the zod schema
 * @param input the raw input
 * @returns the parsed value
 * @throws the DomainError core assigns to the failure (VALIDATION, MISSING_FIELDS, WEAK_PASSWORD…), with field errors
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}
