import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test-server.js";
import { startTwinServer, type TwinServer } from "./twin-server.js";

let server: TestServer;
let twin: TwinServer;

beforeAll(async () => {
  server = await startTestServer();
  twin = await startTwinServer(server);
});
afterAll(async () => {
  await twin?.stop();
  await server?.stop();
});

// The races "between two processes" of the money tests rest on this: the twin once handed back the first server on
// PostgreSQL too (knex keeps the URL inside a connection object), and those races ran in one process.
describe("startTwinServer", () => {
  it("is a second app with its own pool on PostgreSQL, and the first server itself on PGlite", async () => {
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    expect(twin.services !== server.services).toBe(onPostgres);
    expect(twin.url !== server.url).toBe(onPostgres);
    await twin.agent().get("/healthz").expect(200);
  });
});
