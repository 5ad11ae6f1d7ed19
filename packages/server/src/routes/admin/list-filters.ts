import { z } from "zod";
import { domainError, fieldErrorsOf, inputString, jobId } from "@forgehire/core";

/** The search box of every list. */
export const q = inputString().trim().max(200).optional();

/** getMany's ids, one or a list, kept only when well formed (a malformed id matches no record). */
export const ids = (valid: z.ZodType<string>) =>
  z
    .union([z.union([z.string(), z.number()]), z.array(z.union([z.string(), z.number()])).max(1_000)])
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : [value]
            .flat()
            .map(String)
            .filter((id) => valid.safeParse(id).success),
    );

export const uuid = z.guid();
/** A bigserial id (messages). */
export const serialId = inputString().regex(/^[1-9][0-9]{0,17}$/);

/** A serial id (ledger transactions): PostgreSQL's integer, so 2147483648 is a record that cannot exist, not a 500. */
export const integerId = inputString()
  .regex(/^[1-9][0-9]{0,9}$/)
  .refine((id) => Number(id) <= 2_147_483_647);

/** A job id in a filter: a reference field sends it as a number or a string. */
export const jobIdFilter = jobId.optional();

/**
 * Parses a list's filter with the resource's schema.
 * @throws VALIDATION with the field errors
 */
export function parseFilter<S extends z.ZodType>(schema: S, filter: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(filter);
  if (!parsed.success) throw domainError("VALIDATION", { message: "Invalid filter.", fields: fieldErrorsOf(parsed.error) });
  return parsed.data;
}

/** A path id the resource cannot hold is a record that does not exist. */
export function pathId(valid: z.ZodType<string>, raw: string): string {
  if (!valid.safeParse(raw).success) throw domainError("RECORD_NOT_FOUND");
  return raw;
}
