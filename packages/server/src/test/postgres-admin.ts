import { randomBytes } from "node:crypto";
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

/**
 * Runs `work` on a fresh copy of the migrated template database, dropped afterwards whatever happens.
 * @param template the template's name (vitest's injected `pgTemplate`)
 * @param work gets the copy's connection string
 * @returns what `work` returns
 */
export async function withTemplateCopy<T>(template: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${template}_c${randomBytes(4).toString("hex")}`;
  await pgAdminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  try {
    return await work(pgUrlFor(name));
  } finally {
    await pgAdminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
