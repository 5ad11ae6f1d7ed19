import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/**
 * The structured logger every part writes to; secrets and cookies are redacted.
 * @param level pino level name
 * @param destination where the lines go; stdout by default (tests read their own)
 * @returns a pino logger
 */
export function createLogger(level = "info", destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "forgehire" },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password", "*.token", "req.query.token", "req.params.token"],
  } satisfies LoggerOptions;
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A request URL fit for the logs: password reset tokens (in `/api/auth/reset/<token>` and `?token=`) are bearer
 * secrets and are replaced.
 * @param url the path and query as received
 * @returns the same URL with each token withheld
 */
export function redactUrl(url: string): string {
  return url.replace(/(\/api\/auth\/reset\/)[^/?#]+/i, "$1[redacted]").replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}
