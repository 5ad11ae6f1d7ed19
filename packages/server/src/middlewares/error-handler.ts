import type { ErrorRequestHandler, RequestHandler } from "express";
import type { DomainError } from "@forgehire/core";
import { domainError, errorCatalogue, isDomainError, type ErrorKind } from "@forgehire/core";
import { isDatabaseUnavailableError } from "@forgehire/services";

/** The one table from error kind to HTTP status. */
export const httpStatusByKind: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  upstream_unavailable: 503,
};

/** The body every error answer has (API.md). */
export function errorBody(error: DomainError) {
  return {
    error: {
      code: error.code,
      title: error.title,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
}

/**
 * Translates what a library threw into a DomainError: body-parser's JSON and size failures, multer's limits, and
 * a lost or refused database connection (503 DATABASE_UNAVAILABLE — the only place that mapping is made, so every
 * route, the session store and passport answer alike while PostgreSQL is away). Anything else stays unknown and
 * becomes a 500.
 */
export function toDomainError(error: unknown): DomainError | undefined {
  if (isDomainError(error)) return error;
  if (typeof error !== "object" || error === null) return undefined;
  if (isDatabaseUnavailableError(error)) return domainError("DATABASE_UNAVAILABLE", { cause: error });
  const e = error as { type?: unknown; code?: unknown; status?: unknown; field?: unknown };
  if (e.type === "entity.parse.failed") return domainError("MALFORMED_JSON");
  if (e.type === "entity.too.large") return domainError("PAYLOAD_TOO_LARGE");
  if (e.type === "encoding.unsupported" || e.type === "charset.unsupported") return domainError("VALIDATION", { message: "Unsupported body encoding." });
  const multipart = multipartError(error);
  if (multipart) return multipart;
  if (typeof e.status === "number" && e.status >= 400 && e.status < 500) {
    return domainError("VALIDATION", { message: errorCatalogue.VALIDATION.message });
  }
  return undefined;
}

/** What busboy, multer's parser, throws for a body that is not a well-formed multipart form: the client's fault. */
const malformedMultipart =
  /^(Malformed part header|Unexpected end of (form|file)|Multipart: Boundary not found|Malformed content type|Missing Content-Type|Unsupported content type|Malformed urlencoded form)/;

/**
 * multer's and busboy's refusals of an upload: size and count limits keep their own codes, any other multer
 * refusal (field name, part count…) and a malformed form are 400s.
 */
function multipartError(error: unknown): DomainError | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === "MulterError") {
    const { code, field } = error as Error & { code?: string; field?: string };
    if (code === "LIMIT_FILE_SIZE") return domainError("FILE_TOO_LARGE");
    if (code === "LIMIT_FILE_COUNT" || code === "LIMIT_UNEXPECTED_FILE") {
      return domainError("TOO_MANY_FILES", { message: `Unexpected or too many files${typeof field === "string" ? ` in "${field}"` : ""}.` });
    }
    return domainError("VALIDATION", { message: `Invalid upload: ${error.message}.`, ...(field ? { fields: { [field]: error.message } } : {}) });
  }
  if (malformedMultipart.test(error.message)) return domainError("VALIDATION", { message: "The upload is not a well-formed multipart form." });
  return undefined;
}

/** Answers every failure in the API's error shape; only real faults are 500, and never with a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = toDomainError(error);
  if (known) {
    const status = httpStatusByKind[known.kind];
    if (status >= 500) req.log.error({ err: error }, known.message);
    res.status(status).json(errorBody(known));
    return;
  }
  req.log.error({ err: error }, "unhandled error");
  if (res.headersSent) return;
  res.status(500).json(errorBody(domainError("INTERNAL")));
};

/** 404 in the error shape for API paths nobody serves. */
export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(domainError("NOT_FOUND", { message: "No such API endpoint." }));
};
