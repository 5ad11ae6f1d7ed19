import { pino, type Logger } from "pino";

export type { Logger };

/**
 * The structured logger every part writes to; secrets and cookies are redacted.
 * @param level pino level name
 * @param options stderr: write there instead of stdout (the CLI keeps stdout for its output)
 * @returns a pino logger
 */
export function createLogger(level = "info", options: { stderr?: boolean } = {}): Logger {
  const settings = {
    level,
    base: { service: "forgehire" },
    redact: ["req.headers.cookie", "req.headers.authorization", "res.headers[\"set-cookie\"]", "*.password", "*.token"],
  };
  return options.stderr ? pino(settings, pino.destination(2)) : pino(settings);
}
