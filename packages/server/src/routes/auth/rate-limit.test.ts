import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import supertest from "supertest";
import { createApp } from "../../app.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let second: Server;
let secondUrl: string;

beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: "3" });
  // A second app on the same database, as a second server process would be.
  second = createServer(createApp(server.services, { serveWebApps: false, sessionCleanupIntervalMs: 0 }));
  await new Promise<void>((resolve) => second.listen(0, "127.0.0.1", resolve));
  secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  await server.services.db("rate_limit_hits").delete();
});
afterAll(async () => {
  await new Promise((resolve) => second?.close(resolve));
  await server?.stop();
});

const guess = (url: string) => supertest(url).post("/api/auth/login").send({ email: "someone@example.test", password: "guess" });

it("rate-limits login attempts with 429 in the error shape", async () => {
  for (let i = 0; i < 3; i++) await guess(server.url).expect(401);
  const res = await guess(server.url).expect(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
});

it("counts a client's tries across server processes that share the database", async () => {
  await guess(server.url).expect(401);
  await guess(secondUrl).expect(401);
  await guess(server.url).expect(401);
  const res = await guess(secondUrl).expect(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
  await guess(server.url).expect(429);
});
