/** The error body every API failure carries (API.md, Conventions). */
export interface ApiErrorBody {
  code: string;
  title: string;
  message: string;
  fields?: Record<string, string>;
}

/** The code of a failure whose answer carried no error body (a proxy page, an empty 502...). */
export const UNEXPECTED_RESPONSE = "UNEXPECTED_RESPONSE";

const messages = {
  connection: "Connection error. Please check your internet connection and try again.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

/** A failed API call: the HTTP status plus the server's `{error:{code,title,message,fields}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.code;
    this.title = body.title;
    this.fields = body.fields ?? {};
  }
}

/** True when the value is an ApiError, optionally with the given code. */
export function isApiError(value: unknown, code?: string): value is ApiError {
  return value instanceof ApiError && (code === undefined || value.code === code);
}

/**
 * A refusal the server explained (LOCKED, EMPTY_TITLE...): a 4xx answer with the error body, worth showing with its
 * own title and message; null for anything else (no connection, a 5xx, a proxy's page), which gets a generic text.
 */
export function serverRefusal(error: unknown): ApiError | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== UNEXPECTED_RESPONSE ? error : null;
}

/**
 * The message to show for a failure: the server's message when it sent one, the connection message when the
 * request never reached it, otherwise the fallback.
 */
export function errorMessage(error: unknown, fallback: string = messages.unexpected): string {
  if (error instanceof ApiError && error.code !== UNEXPECTED_RESPONSE) return error.message || fallback;
  return fallback;
}

/** How many times a failed load is tried again: once, so a failing page says so in well under a second. */
export const QUERY_RETRIES = 1;
/** The pause before that retry: long enough for a restarting server or a dropped connection to come back. */
export const QUERY_RETRY_DELAY_MS = 300;

/**
 * Whether TanStack Query tries a failed load again: only a failure a retry may cure (no connection, a 5xx, an
 * unreadable answer), at most QUERY_RETRIES times; a 4xx (not found, forbidden, invalid) will not change.
 * @param failureCount the failures so far
 * @param error the last failure
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500;
}

function isErrorBody(value: unknown): value is { error: ApiErrorBody } {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const inner = (value as { error: unknown }).error;
  return typeof inner === "object" && inner !== null && "code" in inner && "message" in inner;
}

export interface ApiFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData is sent as multipart instead. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the portal's own API with the session cookie and JSON.
 * @param path a path under the same origin, e.g. `/api/auth/me`
 * @returns the parsed JSON body, or undefined for an empty answer (204, 202)
 * @throws ApiError for every non-2xx answer, and for network failures (status 0, code NETWORK_ERROR)
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/**
 * A page of a list the API answers as an array, with the count of every matching row in X-Total-Count.
 * @param path the list's path with its page parameters
 * @returns the page's items and the total
 */
export async function apiFetchPage<T>(path: string, options: ApiFetchOptions = {}): Promise<{ items: T[]; total: number }> {
  const { data, headers } = await apiRequest<T[]>(path, options);
  const total = Number(headers.get("X-Total-Count"));
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

/** apiFetch's request, with the answer's headers. */
async function apiRequest<T>(path: string, options: ApiFetchOptions): Promise<{ data: T; headers: Headers }> {
  const { method = "GET", body, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: "same-origin", signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, { code: "NETWORK_ERROR", title: "Connection error", message: messages.connection });
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.error);
    throw new ApiError(response.status, { code: UNEXPECTED_RESPONSE, title: "Error", message: messages.unexpected });
  }
  return { data: data as T, headers: response.headers };
}
