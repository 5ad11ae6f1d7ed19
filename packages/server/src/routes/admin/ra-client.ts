import simpleRestProvider from "ra-data-simple-rest";
import { fetchUtils, type DataProvider } from "ra-core";
import type { BuiltUser } from "../../test/factories.js";
import type { TestServer } from "../../test/test-server.js";

/**
 * The back office's real data provider (ra-data-simple-rest over ra-core's fetchJson), driven from Node with the
 * session cookie of a freshly signed-in user, exactly as the browser app sends its requests.
 * @param server the test server
 * @param user the account to sign in as
 * @returns the data provider, and the raw `httpClient` for the routes that are not CRUD
 */
export async function dataProviderFor(server: TestServer, user: BuiltUser): Promise<{ dataProvider: DataProvider; httpClient: typeof fetchUtils.fetchJson }> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.user.email, password: user.password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const httpClient: typeof fetchUtils.fetchJson = (url, options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: "application/json" });
    headers.set("Cookie", cookie);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return { dataProvider: simpleRestProvider(`${server.url}/api/admin`, httpClient), httpClient };
}

/** The HttpError ra-core throws for a non-2xx answer: its status and the API's error body. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const httpError = error as { status?: number; body?: { error?: { code?: string; message?: string } } };
    if (httpError.status === undefined) throw error;
    return { status: httpError.status, code: httpError.body?.error?.code ?? "", message: httpError.body?.error?.message ?? "" };
  }
  throw new Error("expected the request to be refused");
}
