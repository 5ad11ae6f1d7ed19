/**
 * Helpers for the schema tests.
 */
import type { z } from "zod";
import type { ErrorCode, FieldErrors } from "../errors.js";
import { validationError } from "./validation.js";

/**
 * Parses input and reports the API error it would cause.
 * @param schema the schema under test
 * @param input the raw input
 * @returns null when valid, else the error code and field errors the API would answer with
 */
export function refusal(schema: z.ZodType, input: unknown): { code: ErrorCode; fields: FieldErrors } | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const error = validationError(result.error);
  return { code: error.code, fields: error.fields ?? {} };
}
