import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import supertest from "supertest";
import { createApp } from "../app.js";
import { buildClient } from "../test/factories.js";
import { sessionCookie } from "../test/sockets.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

const LIMIT = 10;
let server: TestServer;
let second: Server;
let secondUrl: string;

beforeAll(async () => {
  server = await startTestServer({ API_USER_RATE_LIMIT: String(LIMIT) });
  // A second app on the same database, as a second server process would be: counters of its own in memory.
  second = createServer(createApp(server.services, { serveWebApps: false, sessionCleanupIntervalMs: 0 }));
  await new Promise<void>((resolve) => second.listen(0, "127.0.0.1", resolve));
  secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => second?.close(resolve));
  await server?.stop();
});

const me = (url: string, cookie: string) => supertest(url).get("/api/auth/me").set("cookie", cookie);

it("[load-3] answers 429 in the error shape once a user passes the per-user limit, and other users are unaffected", async () => {
  const [alice, bob] = await Promise.all([buildClient(server), buildClient(server)]);
  const cookie = await sessionCookie(server.url, alice);
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 5; i++) statuses.push((await me(server.url, cookie)).status);
  // Signing in is not counted (no user yet); every signed-in request is.
  expect(statuses.slice(0, LIMIT)).toEqual(Array.from({ length: LIMIT }, () => 200));
  expect(statuses.slice(LIMIT)).toEqual(Array.from({ length: 5 }, () => 429));
  const refused = await me(server.url, cookie).expect(429);
  expect(refused.body).toEqual({ error: { code: "RATE_LIMITED", title: "Too Many Attempts", message: expect.stringMatching(/too many/i) } });
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  // Every route of the API, not one of them.
  await supertest(server.url).get("/api/jobs").set("cookie", cookie).expect(429);

  // Another user, and a visitor, are not held back by alice's flood.
  await me(server.url, await sessionCookie(server.url, bob)).expect(200);
  await supertest(server.url).get("/api/catalog").expect(200);
});

it("counts a user's requests over every server process that shares the database", async () => {
  const carol = await buildClient(server);
  const cookie = await sessionCookie(server.url, carol);
  let allowed = 0;
  for (let i = 0; i < 2 * LIMIT; i++) {
    // Alternating: each process alone would let all twenty through.
    const res = await me(i % 2 === 0 ? server.url : secondUrl, cookie);
    if (res.status === 200) allowed += 1;
    else expect(res.status).toBe(429);
  }
  // Each process adds its count to the database's as it goes; at most the one in flight per process is unseen.
  expect(allowed).toBeGreaterThanOrEqual(LIMIT);
  expect(allowed).toBeLessThanOrEqual(LIMIT + 2);
});
