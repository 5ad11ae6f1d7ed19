import { once } from "node:events";
import type { Request, RequestHandler, Response, Router } from "express";
import { z } from "zod";
import { domainError, inputString } from "@forgehire/core";
import { csvColumns, csvLine, csvRow } from "./csv.js";
import { listPageSink, type ListPage, type ListPageReceiver } from "./list-params.js";

/** Rows read per batch: one list page, written out before the next is read, so an export never holds the table. */
export const EXPORT_BATCH = 500;

const exportQuery = z.object({
  filter: inputString().max(10_000).optional(),
  sort: inputString().max(500).optional(),
});

/**
 * Reads one page of a back-office list through the list's own route, as if react-admin had asked for it: the same
 * guard, filter schema, sort columns and use case, so the export of every resource (today's and those added later)
 * holds exactly what its list shows. The route's page arrives through `sendList`'s sink instead of the response.
 */
function readListPage(router: Router, req: Request, res: Response, resource: string, query: z.output<typeof exportQuery>, offset: number): Promise<ListPage> {
  const search = new URLSearchParams();
  if (query.filter !== undefined) search.set("filter", query.filter);
  if (query.sort !== undefined) search.set("sort", query.sort);
  search.set("range", JSON.stringify([offset, offset + EXPORT_BATCH - 1]));
  return new Promise<ListPage>((resolve, reject) => {
    // Prototype copies: the router sets url, params and baseUrl on them, never on the export's own request.
    const listReq = Object.create(req) as Request;
    listReq.url = `/${encodeURIComponent(resource)}?${search.toString()}`;
    listReq.method = "GET";
    const listRes = Object.create(res) as Response & ListPageReceiver;
    listRes[listPageSink] = resolve;
    // Anything answered other than a list page (a record, the stats) is not an exportable resource.
    const notAList = () => {
      reject(domainError("UNKNOWN_RESOURCE"));
      return listRes;
    };
    Object.assign(listRes, { json: notAList, send: notAList, end: notAList, status: () => listRes, set: () => listRes, header: () => listRes });
    const next = (error?: unknown) => reject(error ?? domainError("UNKNOWN_RESOURCE"));
    router(listReq, listRes, next);
  });
}

/**
 * GET /api/admin/:resource/export.csv?filter=&sort= (API.md, Operators): every row the list would show under that
 * filter and sort, streamed as CSV in batches of 500. A bad filter or sort is refused (400) before anything is sent.
 * @param router the back-office router whose list routes are read
 */
export function exportCsv(router: Router): RequestHandler {
  return async (req, res) => {
    const parsed = exportQuery.safeParse(req.query);
    if (!parsed.success) throw domainError("VALIDATION", { message: "Invalid filter or sort parameter." });
    const resource = String(req.params.resource);
    let page = await readListPage(router, req, res, resource, parsed.data, 0);
    const columns = csvColumns(page.rows);
    const day = new Date().toISOString().slice(0, 10);
    res.status(200).set({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${resource}-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Total-Count": String(page.total),
      "Access-Control-Expose-Headers": "X-Total-Count",
    });
    const write = async (chunk: string) => {
      if (!res.write(chunk)) await once(res, "drain");
    };
    try {
      // The BOM makes spreadsheets read the file as UTF-8 (names with accents).
      await write(`\uFEFF${csvLine(columns.map((column) => column.header))}`);
      for (let offset = 0; ;) {
        await write(page.rows.map((row) => csvRow(row, columns)).join(""));
        offset += page.rows.length;
        // Up to the list's own count, not "until a short page": a list whose route serves shorter pages than a batch
        // (a cap of its own) is still read to its end.
        if (page.rows.length === 0 || offset >= page.total || res.destroyed) break;
        page = await readListPage(router, req, res, resource, parsed.data, offset);
      }
      res.end();
    } catch (error) {
      // The status is already sent: a failure mid-way aborts the download rather than leaving a short file that looks whole.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };
}
