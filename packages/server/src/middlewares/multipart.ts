import type { RequestHandler } from "express";
import multer from "multer";
import { domainError, NUL_MESSAGE } from "@forgehire/core";

/**
 * multer, with every uploaded file's name checked once for all upload routes: the name is stored in a text column,
 * and PostgreSQL refuses U+0000 (the part's own fields go through `parse`, which checks them).
 * Files stay in memory until the use case checks their type by content. Every upload route puts its permission check
 * before this middleware, so a refused user's body is never read. File names without an explicit charset are read as
 * UTF-8, as browsers send them (multer's default, latin1, garbles "résumé-日本.pdf").
 * @param options multer's limits
 * @returns `single` and `array` as multer has them
 */
export function multipart(options: Pick<multer.Options, "limits">) {
  const upload = multer({ ...options, storage: multer.memoryStorage(), defParamCharset: "utf8" });
  const checked =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      handler(req, res, (error?: unknown) => {
        if (error) return next(error);
        const files = [req.file, ...(Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat())];
        const named = files.find((file) => file?.originalname.includes("\u0000"));
        next(named ? domainError("VALIDATION", { fields: { [named.fieldname]: `File name: ${NUL_MESSAGE}` } }) : undefined);
      });
  return {
    single: (field: string) => checked(upload.single(field)),
    array: (field: string, maxCount?: number) => checked(upload.array(field, maxCount)),
  };
}
