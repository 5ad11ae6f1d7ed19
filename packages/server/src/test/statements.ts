import type { TestServer } from "./test-server.js";

/**
 * The SQL statements the server's database client ran while `work` ran, BEGIN and COMMIT included: what a request
 * costs in round trips (issue 13). Work an earlier request left running in the background is drained first, so that
 * only `work`'s statements are seen; the realtime adapter's publish has a connection of its own and is not counted.
 * @param server the test server
 * @param work the request(s) to measure
 * @returns the statements' SQL, in order
 */
export async function statementsDuring(server: TestServer, work: () => Promise<unknown>): Promise<string[]> {
  await server.services.background.drain();
  const seen: string[] = [];
  const listener = (query: { sql: string }) => seen.push(query.sql);
  server.services.db.on("query", listener);
  try {
    await work();
  } finally {
    server.services.db.off("query", listener);
  }
  return seen;
}
