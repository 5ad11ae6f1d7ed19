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

const signupBody = (email: string) => ({ email, password: "secret-pass", firstName: "Rate", lastName: "Limited", userType: "client" });

it("rate-limits signup with 429 RATE_LIMITED, and a refused signup creates no account", async () => {
  for (let i = 0; i < 3; i++)
    await supertest(server.url)
      .post("/api/auth/signup")
      .send(signupBody(`signup-${i}@example.test`))
      .expect(201);
  const res = await supertest(server.url).post("/api/auth/signup").send(signupBody("signup-3@example.test")).expect(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
  expect(await server.services.db("users").where({ email: "signup-3@example.test" }).first()).toBeUndefined();
});

it("rate-limits recover with 429 RATE_LIMITED, and a refused recover sends no email", async () => {
  const email = "recover-me@example.test";
  await supertest(server.url).post("/api/auth/signup").send(signupBody(email)).expect(201);
  await server.services.db("rate_limit_hits").delete();
  for (let i = 0; i < 3; i++) await supertest(server.url).post("/api/auth/recover").send({ email }).expect(202);
  const res = await supertest(server.url).post("/api/auth/recover").send({ email }).expect(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
  // The emails go out after the answers: wait for every one started.
  await server.services.settle();
  expect(await server.services.db("emails").where({ kind: "password_reset", to_address: email }).count({ n: "*" }).first()).toMatchObject({ n: 3 });
});

it("counts login, signup and recover tries against one budget", async () => {
  await guess(server.url).expect(401);
  await supertest(server.url).post("/api/auth/recover").send({ email: "nobody@example.test" }).expect(202);
  await supertest(server.url).post("/api/auth/signup").send({}).expect(400);
  const res = await supertest(server.url).post("/api/auth/recover").send({ email: "nobody@example.test" }).expect(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
  await supertest(server.url).post("/api/auth/signup").send(signupBody("budget@example.test")).expect(429);
});
