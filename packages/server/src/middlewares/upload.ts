import multer from "multer";

/**
 * multer in memory for one kind of upload. Every upload route puts its permission check before this middleware,
 * so a refused user's body is never read. File names without an explicit charset are read as UTF-8, as browsers
 * send them (multer's default, latin1, garbles "résumé-日本.pdf").
 * @param limits multer's limits: file size, file and field counts
 * @returns the multer instance
 */
export function uploadParser(limits: multer.Options["limits"]) {
  return multer({ storage: multer.memoryStorage(), limits, defParamCharset: "utf8" });
}
