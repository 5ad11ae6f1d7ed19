/** The same server as TEST_DATABASE_URL, another database on it. */
export function databaseUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A connection for CREATE/DROP DATABASE: the `postgres` maintenance database of the same server. */
export function adminUrl(base: string): string {
  return databaseUrlFor(base, "postgres");
}
