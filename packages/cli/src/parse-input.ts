import type { z } from "zod";
import { validationError } from "@forgehire/core";

/**
 * Validates command options with a zod schema, the same way the server validates bodies.
 * @throws the DomainError core assigns to the failure, naming each bad option
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(result.error);
}
