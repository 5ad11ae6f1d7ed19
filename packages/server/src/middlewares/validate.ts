import type { RequestHandler } from "express";
import type { z } from "zod";
import { domainError, NUL_MESSAGE, nulFieldErrors, validationError } from "@forgehire/core";

/**
 * Parses untrusted input (req.body, req.query, req.params, multipart fields) with a core schema shared with the
 * portal. Before the schema, any string holding U+0000 anywhere in the input (keys too) is refused: PostgreSQL
 * cannot store it, and a schema may pass parts through untyped.
 * @param schema the zod schema
 * @param input the raw input
 * @returns the parsed value
 * @throws the DomainError core assigns to the failure (VALIDATION, MISSING_FIELDS, WEAK_PASSWORD…), with field errors
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nul = nulFieldErrors(input);
  if (nul) throw domainError("VALIDATION", { fields: nul });
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * Refuses any request whose path, query string or JSON body holds U+0000, before a route sees it: every route's
 * input is covered, including parameters a route reads without a schema.
 */
export const refuseNulInput: RequestHandler = (req, _res, next) => {
  const fields = { ...nulFieldErrors(req.body), ...nulFieldErrors(req.query) };
  let path = req.path;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    // Express answers a malformed escape itself when it decodes the route's parameters.
  }
  if (path.includes("\u0000")) fields.path = NUL_MESSAGE;
  next(Object.keys(fields).length ? domainError("VALIDATION", { fields }) : undefined);
};
