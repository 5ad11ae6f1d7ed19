import { fetchUtils, HttpError, type Options } from "react-admin";
import simpleRestProvider from "ra-data-simple-rest";

/** Where the back-office resources live; every one of them is admin-only on the server. */
export const ADMIN_API_URL = "/api/admin";

/** The error body every endpoint sends (API.md, Conventions). */
interface ApiErrorBody {
  error: { code: string; title?: string; message: string; fields?: Record<string, string> };
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== "object" || body === null || !("error" in body)) return false;
  const { error } = body;
  return typeof error === "object" && error !== null && "message" in error && typeof error.message === "string";
}

/**
 * Rewrites an HttpError from fetchJson so react-admin can show it: fetchJson only reads a top-level `message`,
 * ours sits in `error.message`. Field errors go to `body.errors`, where react-admin's create and edit forms
 * look for server-side validation messages.
 */
function toHttpError(error: unknown): unknown {
  if (!(error instanceof HttpError) || !isApiErrorBody(error.body)) return error;
  const body: ApiErrorBody = error.body;
  return new HttpError(body.error.message, error.status, { ...body, errors: body.error.fields });
}

/**
 * fetchJson with the session cookie and our error shape. Shared by the data provider and the auth provider.
 * @param url the URL to call
 * @param options fetch options; a JSON body gets its Content-Type from fetchJson
 * @returns status, headers, raw body and parsed JSON
 * @throws HttpError whose message is the server's `error.message`
 */
export async function httpClient(url: string, options: Options = {}) {
  // fetchJson only adds Accept when no headers are given; ra-data-simple-rest passes a Range header for lists.
  const headers = new Headers(options.headers);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: "same-origin" });
  } catch (error) {
    throw toHttpError(error);
  }
}

/** ra-data-simple-rest over /api/admin: lists read their total from the exposed Content-Range header. */
export const dataProvider = simpleRestProvider(ADMIN_API_URL, httpClient);
