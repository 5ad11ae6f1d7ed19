import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT: "3" });
});
afterAll(async () => {
  await server?.stop();
});

it("rate-limits login attempts with 429 in the error shape", async () => {
  const agent = server.agent();
  for (let i = 0; i < 3; i++) {
    await agent.post("/api/auth/login").send({ email: "someone@example.test", password: "guess" }).expect(401);
  }
  const res = await agent.post("/api/auth/login").send({ email: "someone@example.test", password: "guess" }).expect(429);
  expect(res.body.error.code).toBe("RATE_LIMITED");
});
