import pg from "pg";
import { adminUrl, databaseUrlFor } from "@forgehire/services/testing";

// For the tests that need a PostgreSQL server of their own (two processes, killed backends, kill -9): they clone
// the migrated template into a database per test file and manage it through the server's maintenance database.
const base = () => process.env.TEST_DATABASE_URL ?? "postgres://localhost/postgres";

/**
 * The URL of another database on TEST_DATABASE_URL's server.
 * @param name the database
 * @returns its connection string
 */
export const pgUrlFor = (name: string): string => databaseUrlFor(base(), name);

/**
 * Runs one statement on the server's maintenance database: CREATE/DROP DATABASE, pg_terminate_backend and the like.
 * @param sql the statement
 * @param params its parameters
 * @returns the rows it answered
 */
export async function pgAdminQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl(base()) });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
