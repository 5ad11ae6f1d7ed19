/**
 * Turns a zod failure into the DomainError the API answers with. A schema names the error code of a failure by
 * using that code's catalogue message (e.g. 'Title cannot be empty' is EMPTY_TITLE), so the schemas stay the one
 * place that knows which field rule maps to which code.
 */
import type { z } from "zod";
import { DomainError, errorCatalogue, type ErrorCode, type FieldErrors } from "../errors.js";

const codeByMessage: ReadonlyMap<string, ErrorCode> = new Map(
  (Object.entries(errorCatalogue) as [ErrorCode, (typeof errorCatalogue)[ErrorCode]][])
    .filter(([code, entry]) => entry.kind === "validation" && code !== "VALIDATION")
    .map(([code, entry]) => [entry.message, code]),
);

/**
 * The field errors of a zod failure: the first message for each field path (dotted, e.g. `answers.0.question`).
 * @param error the zod failure
 * @returns field path → message; a failure of the whole body is keyed `body`
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.length === 0 ? "body" : issue.path.map(String).join(".");
    fields[path] ??= issue.message;
  }
  return fields;
}

/**
 * The DomainError for a zod failure: the catalogue code whose message the first issue carries (MISSING_FIELDS,
 * EMPTY_TITLE, EMPTY_CHANGE_REQUEST, EMPTY_MESSAGE, FILL_ALL_FIELDS, WEAK_PASSWORD, INVALID_JOB_ID…), else
 * VALIDATION; always with the field errors.
 * @param error the zod failure
 * @returns the error to throw or answer with
 */
export function validationError(error: z.ZodError): DomainError {
  const first = error.issues[0];
  const code = (first && codeByMessage.get(first.message)) ?? "VALIDATION";
  return new DomainError(code, { fields: fieldErrorsOf(error), cause: error });
}
