import { pipeline } from "node:stream/promises";
import { Router, type Request } from "express";
import { create as contentDisposition } from "content-disposition";
import { idParams } from "@forgehire/core";
import { readFile, type Services } from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";

/** Types a browser may show in place (the preview dialog); everything else downloads. */
const inlineTypes = new Set(["application/pdf", "image/png", "image/jpeg", "image/webp", "image/gif", "text/plain", "text/markdown", "text/csv"]);

/**
 * The one byte range a Range header asks for, if it is satisfiable. Several ranges, a malformed header or one past
 * the end are answered with the whole file, as HTTP lets a server ignore Range.
 */
function requestedRange(req: Request, size: number) {
  const ranges = req.range(size, { combine: true });
  if (!Array.isArray(ranges) || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  return ranges[0];
}

/**
 * GET /files/:id: an upload, after the same access checks as the record it belongs to, streamed from storage (the
 * bucket is never exposed). A single byte range is served as 206, so players and PDF viewers can seek.
 */
export function filesRouter(services: Services): Router {
  const router = Router();
  router.get("/files/:id", requireUser, async (req, res) => {
    const { id } = parse(idParams, req.params);
    const { file, range, stream } = await readFile(services, currentActor(req), id, (size) => requestedRange(req, size));
    if (range) {
      res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${file.sizeBytes}`);
    }
    res.set({
      "Content-Type": file.mimeType.startsWith("text/") ? `${file.mimeType}; charset=utf-8` : file.mimeType,
      "Content-Length": String(range ? range.end - range.start + 1 : file.sizeBytes),
      "Accept-Ranges": "bytes",
      "Content-Disposition": contentDisposition(file.name, { type: inlineTypes.has(file.mimeType) ? "inline" : "attachment" }),
      "X-Content-Type-Options": "nosniff",
      // An uploaded file never runs script, even when opened on its own.
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, max-age=3600",
    });
    // pipeline also stops reading from storage when the client goes away mid-download.
    pipeline(stream, res).catch((err: unknown) => {
      if ((err as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      req.log.error({ err, fileId: file.id }, "stored file unreadable");
    });
  });
  return router;
}
