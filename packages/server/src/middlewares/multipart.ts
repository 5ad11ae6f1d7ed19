import type { Request, RequestHandler } from "express";
import multer from "multer";
import { domainError, NUL_MESSAGE, type UploadKind } from "@forgehire/core";
import { receiveUpload, type Storage, type StoredUpload } from "@forgehire/services";

/** Requests whose uploads a handler has handed to a use case, which then owns their removal on failure. */
const taken = new WeakSet<Request>();
/** The kind each request's uploads were checked as. */
const kinds = new WeakMap<Request, UploadKind>();

/**
 * multer, streaming every file straight to storage (receiveUpload: type by the first bytes, size counted as the
 * bytes pass, nothing kept on refusal) instead of holding it in memory. A refused file fails the whole request, and
 * multer removes the files of that request already stored. Every upload route puts its permission check before this
 * middleware, so a refused user's body is never read. File names are checked before anything is stored: the name goes
 * in a text column and PostgreSQL refuses U+0000. File names without an explicit charset are read as UTF-8, as
 * browsers send them (multer's default, latin1, garbles "résumé-日本.pdf").
 * @param storage where the bytes go
 * @param options the kind of upload (its size cap and types, from core), the key prefix for a request, and multer's
 * count limits
 * @returns `single` and `array` as multer has them; a handler reads the stored files with takeUploads
 */
export function multipart(storage: Storage, options: { kind: UploadKind; prefix: (req: Request) => string; limits: { files: number; fields: number } }) {
  const engine: multer.StorageEngine = {
    _handleFile(req, file, callback) {
      if (file.originalname.includes("\u0000")) {
        file.stream.resume();
        callback(domainError("VALIDATION", { fields: { [file.fieldname]: `File name: ${NUL_MESSAGE}` } }));
        return;
      }
      receiveUpload(storage, file.stream, { kind: options.kind, originalName: file.originalname, prefix: options.prefix(req) }).then(
        // multer keeps these on req.file(s): the key as `path`, the type read from the content as `mimetype`.
        (stored) => callback(null, { path: stored.key, size: stored.size, mimetype: stored.mime }),
        callback,
      );
    },
    _removeFile(_req, file, callback) {
      storage.remove(file.path).then(() => callback(null), callback);
    },
  };
  const upload = multer({ limits: options.limits, storage: engine, defParamCharset: "utf8" });
  // Files stored for a request no handler took (its input was refused after the upload) are removed once it is answered.
  const cleaned =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      handler(req, res, (error?: unknown) => {
        if (!error) {
          kinds.set(req, options.kind);
          res.once("close", () => {
            if (taken.has(req)) return;
            for (const file of uploadedFiles(req)) {
              storage.remove(file.path).catch((err: unknown) => req.log.error({ err, key: file.path }, "stored upload not removed"));
            }
          });
        }
        next(error);
      });
  return {
    single: (field: string) => cleaned(upload.single(field)),
    array: (field: string, maxCount?: number) => cleaned(upload.array(field, maxCount)),
  };
}

function uploadedFiles(req: Request): Express.Multer.File[] {
  return [req.file, ...(Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat())].filter((file) => file !== undefined);
}

/**
 * The request's stored uploads, handed to a use case: from here on the use case removes them if it fails.
 * @param req a request that went through multipart()
 * @returns the files, as checked under the route's upload kind; none when the body was not multipart
 */
export function takeUploads(req: Request): StoredUpload[] {
  taken.add(req);
  const kind = kinds.get(req);
  if (!kind) return [];
  return uploadedFiles(req).map((file) => ({ kind, originalName: file.originalname, key: file.path, size: file.size, mime: file.mimetype }));
}
