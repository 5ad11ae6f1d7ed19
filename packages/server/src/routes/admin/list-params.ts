import { z } from "zod";
import { domainError, inputString, MAX_LIST_OFFSET } from "@forgehire/core";
import type { Response } from "express";

/** ra-data-simple-rest sends JSON inside query strings: sort=["field","ASC"], range=[0,24], filter={...}. */
const jsonParam = <S extends z.ZodType>(schema: S) =>
  inputString()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());

/** API.md (Operators): the back office's lists accept ranges up to 1,000 rows. */
export const MAX_PAGE = 1_000;

const listQuery = z.object({
  sort: jsonParam(z.tuple([inputString(), z.enum(["ASC", "DESC", "asc", "desc"])])),
  // Past MAX_LIST_OFFSET the database's OFFSET would overflow: bad input, not a fault.
  range: jsonParam(z.tuple([z.number().int().min(0).max(MAX_LIST_OFFSET), z.number().int().min(0).max(MAX_LIST_OFFSET)])),
  filter: jsonParam(z.record(inputString(), z.unknown())),
});

export interface ListParams<F extends string> {
  sort: F;
  order: "asc" | "desc";
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

/**
 * Reads a react-admin list request.
 * @param query req.query
 * @param sortable the fields that may be sorted on
 * @param defaultSort the field used when none is asked
 * @returns the parsed parameters; a page holds at most 1,000 rows
 * @throws VALIDATION for unparsable or unknown parameters
 */
export function parseListParams<F extends string>(query: unknown, sortable: readonly F[], defaultSort: F): ListParams<F> {
  const parsed = listQuery.safeParse(query);
  if (!parsed.success) throw domainError("VALIDATION", { message: "Invalid sort, range or filter parameter." });
  const [field, direction] = parsed.data.sort ?? [defaultSort, "DESC"];
  if (!sortable.includes(field as F)) throw domainError("VALIDATION", { message: `Cannot sort by ${field}.` });
  const [start, end] = parsed.data.range ?? [0, 24];
  if (end < start) throw domainError("VALIDATION", { message: "Invalid range." });
  return {
    sort: field as F,
    order: direction.toLowerCase() as "asc" | "desc",
    offset: start,
    limit: Math.min(end - start + 1, MAX_PAGE),
    filter: parsed.data.filter ?? {},
  };
}

/** One page of a list as its route read it, before it is sent. */
export interface ListPage {
  rows: unknown[];
  total: number;
}

/**
 * Where a list's page goes instead of the response, when the CSV export reads the list through its own route
 * (export-csv.ts): the export then holds exactly the rows, filters and sort of the list, for every resource.
 */
export const listPageSink = Symbol("listPageSink");

/** A response the export reads a list through. */
export interface ListPageReceiver {
  [listPageSink]?: (page: ListPage) => void;
}

/**
 * Sends a list the way ra-data-simple-rest reads it: the array, and `Content-Range: users 0-24/57`.
 */
export function sendList(res: Response, resource: string, params: { offset: number }, rows: unknown[], total: number): void {
  const sink = (res as Response & ListPageReceiver)[listPageSink];
  if (sink) return sink({ rows, total });
  const last = rows.length ? params.offset + rows.length - 1 : params.offset;
  res.set("Content-Range", `${resource} ${params.offset}-${last}/${total}`);
  res.set("Access-Control-Expose-Headers", "Content-Range");
  res.json(rows);
}
