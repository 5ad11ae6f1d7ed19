import { pino, type Logger } from "pino";

export type { Logger };

/**
 * The structured logger every part writes to; secrets and cookies are redacted.
 * @param level pino level name
 * @returns a pino logger
 */
export function createLogger(level = "info"): Logger {
  return pino({
    level,
    base: { service: "forgehire" },
    redact: ["req.headers.cookie", "req.headers.authorization", "res.headers[\"set-cookie\"]", "*.password", "*.token"],
  });
}
