import { Router } from "express";
import { create as contentDisposition } from "content-disposition";
import { idParams } from "@forgehire/core";
import { readFile, type Services } from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";

/** Types a browser may show in place (the preview dialog); everything else downloads. */
const inlineTypes = new Set(["application/pdf", "image/png", "image/jpeg", "image/webp", "image/gif", "text/plain", "text/markdown", "text/csv"]);

/** GET /files/:id: an upload, after the same access checks as the record it belongs to. */
export function filesRouter(services: Services): Router {
  const router = Router();
  router.get("/files/:id", requireUser, async (req, res) => {
    const { id } = parse(idParams, req.params);
    const { file, stream } = await readFile(services, currentActor(req), id);
    res.set({
      "Content-Type": file.mimeType.startsWith("text/") ? `${file.mimeType}; charset=utf-8` : file.mimeType,
      "Content-Length": String(file.sizeBytes),
      "Content-Disposition": contentDisposition(file.name, { type: inlineTypes.has(file.mimeType) ? "inline" : "attachment" }),
      "X-Content-Type-Options": "nosniff",
      // An uploaded file never runs script, even when opened on its own.
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, max-age=3600",
    });
    stream.on("error", (err) => {
      req.log.error({ err, fileId: file.id }, "stored file unreadable");
      res.destroy(err);
    });
    stream.pipe(res);
  });
  return router;
}
