import { afterAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./test/test-server.js";
import { buildClient, DEFAULT_PASSWORD } from "./test/factories.js";

let server: TestServer | undefined;
afterAll(async () => {
  await server?.stop().catch(() => undefined);
});

it("graceful shutdown finishes an in-flight request, then refuses new connections and closes the database", async () => {
  server = await startTestServer();
  const { user } = await buildClient(server);
  // Login hashes with argon2, so it is still running when the stop begins.
  const inFlight = fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const stopped = server.stop();
  const response = await inFlight;
  expect(response.status).toBe(200);
  await stopped;
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  await expect(server.services.db.raw("select 1")).rejects.toThrow();
  server = undefined;
});
