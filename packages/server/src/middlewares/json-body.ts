import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type RequestHandler } from "express";
import { domainError } from "@forgehire/core";

/**
 * The most bytes a JSON body may carry. The largest the schemas accept, a job with every text at its longest in
 * three-byte characters, is about 620 kB.
 */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The most array elements and object members a JSON body may hold, all levels together. The largest body the schemas
 * accept (a job with every list full and twelve answered questions) holds about 130, and react-admin's PUT of a
 * whole record fewer: seventy-odd times that is still nothing to walk, and a wide body is refused after its first
 * tens of kilobytes.
 */
export const MAX_JSON_BODY_VALUES = 10_000;

/** How deep a JSON body may nest. No schema goes past three levels (`{answers:[{question}]}`). */
export const MAX_JSON_BODY_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/** Whether a byte is JSON's insignificant whitespace (RFC 8259 §2). */
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Where the string opened at `start` ends: the next quote not escaped, i.e. not preceded by an odd run of
 * backslashes. indexOf runs natively, so a long string costs about a memchr. UTF-8 continuation bytes are all
 * ≥ 0x80, so a quote or backslash byte is always that character.
 * @returns the closing quote's index, or the text's length when the string never closes (JSON.parse refuses that)
 */
function closingQuote(text: Uint8Array, start: number): number {
  let end = start;
  for (;;) {
    end = text.indexOf(QUOTE, end + 1);
    if (end === -1) return text.length;
    let backslashes = 0;
    // The opening quote stops the run, so it never reaches before the string.
    while (text[end - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
}

/**
 * Measures a UTF-8 JSON text without parsing it: one pass over the bytes that stops as soon as a cap is passed, so a
 * wide or deep body costs a few kilobytes of scanning rather than a parse and a walk of everything it holds. Strings
 * are skipped (a quote or bracket inside one counts for nothing); the text's syntax is left to JSON.parse, which
 * runs after and only on a text within the caps.
 * @param text the body's bytes
 * @param caps the most values and the deepest nesting allowed
 * @returns the cap the text passes, or null when it fits
 */
export function jsonBodyExcess(text: Uint8Array, caps: { values: number; depth: number }): "values" | "depth" | null {
  let depth = 0;
  let values = 0;
  // Right after a bracket opens: the next significant byte is its first value unless it closes it.
  let opened = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i]!;
    if (isSpace(byte)) continue;
    if (opened) {
      opened = false;
      if (byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT && ++values > caps.values) return "values";
    }
    if (byte === QUOTE) {
      i = closingQuote(text, i);
    } else if (byte === COMMA) {
      if (++values > caps.values) return "values";
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > caps.depth) return "depth";
      opened = true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth--;
    }
  }
  return null;
}

/**
 * body-parser's hook between reading the bytes and parsing them: refuses a body past the caps with 413, and a body
 * in another encoding than UTF-8 (RFC 8259 §8.1), whose bytes the scan could not read.
 */
function refuseOversized(_req: IncomingMessage, _res: ServerResponse, bytes: Buffer, encoding: string): void {
  if (encoding !== "utf-8" && encoding !== "utf8") {
    throw Object.assign(new Error(`unsupported charset "${encoding}"`), { type: "charset.unsupported" });
  }
  const excess = jsonBodyExcess(bytes, { values: MAX_JSON_BODY_VALUES, depth: MAX_JSON_BODY_DEPTH });
  if (excess === "values") {
    throw domainError("PAYLOAD_TOO_LARGE", { message: `The request body holds more than ${MAX_JSON_BODY_VALUES} values.` });
  }
  if (excess === "depth") {
    throw domainError("PAYLOAD_TOO_LARGE", { message: `The request body nests deeper than ${MAX_JSON_BODY_DEPTH} levels.` });
  }
}

/**
 * The API's JSON body parser: at most MAX_JSON_BODY_BYTES, MAX_JSON_BODY_VALUES values and MAX_JSON_BODY_DEPTH
 * levels, each checked before the text is parsed, so no later walk of the body (the NUL check, a schema) can be
 * made to run long. Past a cap the answer is 413 PAYLOAD_TOO_LARGE.
 */
export const jsonBody = (): RequestHandler => express.json({ limit: MAX_JSON_BODY_BYTES, verify: refuseOversized });
