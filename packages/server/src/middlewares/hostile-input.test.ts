import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Test } from "supertest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../test/factories.js";
import { dbFingerprint } from "../test/db-fingerprint.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let nova: BuiltUser;
let admin: BuiltUser;
let jobId: number;
let openJobId: number;
let taskId: string;
let roomId: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, nova, admin] = await Promise.all([buildClient(server), buildFreelancer(server), buildAdmin(server)]);
  jobId = (await buildJob(alice)).id;
  openJobId = (await buildJob(alice)).id;
  const stories = (await alice.agent.post(`/api/jobs/${jobId}/breakdown`).expect(201)).body.stories;
  taskId = stories[0].tasks[0].id;
  await alice.agent.post(`/api/jobs/${jobId}/lock`).expect(200);
  await setJobState(server, jobId, { payment_status: "paid" });
  await nova.agent.post(`/api/jobs/${jobId}/start`).expect(200);
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "Bot builder", bio: "I build bots.", hourlyRate: 40, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  roomId = (await alice.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
});
afterAll(async () => {
  await server?.stop();
});

/** Sends a hostile request and checks it is a 400 in the error shape that changed nothing in the database. */
async function refused(request: () => Test, code: unknown = "VALIDATION") {
  const before = await dbFingerprint(server.services.db);
  const res = await request();
  expect(res.status, `${res.status} ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.error).toMatchObject({ code, title: expect.any(String), message: expect.any(String) });
  expect(await dbFingerprint(server.services.db)).toBe(before);
  return res.body.error as { code: string; message: string; fields?: Record<string, string> };
}

describe("NUL characters", () => {
  const NUL = "\u0000";
  const cases: Array<[string, () => Test, string]> = [
    ["a JSON body field", () => alice.agent.post("/api/jobs").send({ title: `Shop${NUL}`, description: "d", industry: "Others", scope: 500 }), "title"],
    ["an item of a JSON array", () => alice.agent.put(`/api/jobs/${openJobId}`).send({ userCategories: ["Buyers", `a${NUL}`] }), "userCategories.1"],
    ["a field the schema ignores", () => alice.agent.put(`/api/jobs/${openJobId}`).send({ budget: `9${NUL}` }), "budget"],
    [
      "a login email",
      () =>
        server
          .agent()
          .post("/api/auth/login")
          .send({ email: `a${NUL}@example.test`, password: "secret-pass" }),
      "email",
    ],
    [
      "a signup name",
      () =>
        server
          .agent()
          .post("/api/auth/signup")
          .send({ email: "nul@example.test", password: "secret-pass", firstName: `A${NUL}`, lastName: "B", userType: "client" }),
      "firstName",
    ],
    ["a profile update", () => alice.agent.patch("/api/profile").send({ firstName: `A${NUL}`, lastName: "B" }), "firstName"],
    ["a chat message", () => alice.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content: `hi${NUL}` }), "content"],
    ["a story title", () => alice.agent.post(`/api/jobs/${jobId}/change-requests`).send({ description: `More${NUL}` }), "description"],
    ["a portfolio card", () => nova.agent.post("/api/freelancers/me/portfolios").send({ title: `Card${NUL}` }), "title"],
    ["an admin e-mail", () => admin.agent.post("/api/admin/emails").send({ jobId, subject: `S${NUL}`, message: "m" }), "subject"],
    ["a query string", () => alice.agent.get(`/api/jobs?q=shop%00`), "q"],
    ["a directory search", () => alice.agent.get(`/api/freelancers?q=%00`), "q"],
    ["an admin list filter", () => admin.agent.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ q: `a${NUL}` }))}`), "q"],
    ["a path parameter", () => alice.agent.get(`/api/chat/rooms/${roomId}%00/messages`), "path"],
    ["a reset token in the path", () => server.agent().get("/api/auth/reset/abc%00def"), "path"],
    ["a multipart field", () => alice.agent.post(`/api/tasks/${taskId}/messages`).field("content", `hi${NUL}there`), "content"],
    [
      "an uploaded file's name",
      // RFC 5987 lets a client percent-encode the name, so a NUL arrives intact in the parsed file name.
      () =>
        alice.agent
          .post(`/api/tasks/${taskId}/messages`)
          .set("Content-Type", "multipart/form-data; boundary=b")
          .send(
            '--b\r\nContent-Disposition: form-data; name="content"\r\n\r\nsee file\r\n' +
              "--b\r\nContent-Disposition: form-data; name=\"files\"; filename*=UTF-8''notes%00.txt\r\nContent-Type: text/plain\r\n\r\nhello\n\r\n--b--\r\n",
          ),
      "files",
    ],
  ];

  it("[input-1] removes the stored file of a message whose text is refused after the upload", async () => {
    const storage = server.services.config.storage;
    if (storage.kind !== "disk") throw new Error("this test reads the default local-disk store");
    const taskDir = path.join(storage.root, "tasks", taskId);
    const stored = () => (existsSync(taskDir) ? readdirSync(taskDir) : []);
    const before = stored();
    const error = await refused(() =>
      alice.agent.post(`/api/tasks/${taskId}/messages`).field("content", `hi${NUL}there`).attach("files", Buffer.from("hello\n"), "notes.txt"),
    );
    expect(Object.keys(error.fields ?? {})).toContain("content");
    // The file was stored while the body streamed in; it goes once the refusal is sent.
    await vi.waitFor(() => expect(stored()).toEqual(before));
  });

  for (const [what, request, field] of cases) {
    it(`[input-1] refuses a NUL in ${what} with 400 VALIDATION naming the field, storing nothing`, async () => {
      const error = await refused(request);
      expect(
        Object.keys(error.fields ?? {}).some((key) => key.startsWith(field)),
        JSON.stringify(error.fields),
      ).toBe(true);
    });
  }
});

describe("malformed multipart and out-of-range numbers", () => {
  it("[input-2] answers a malformed multipart body with 400", async () => {
    const cut = () =>
      alice.agent
        .post(`/api/jobs/${openJobId}/files`)
        .set("Content-Type", "multipart/form-data; boundary=xyz")
        .send('--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello');
    const noBoundary = () => alice.agent.post(`/api/tasks/${taskId}/messages`).set("Content-Type", "multipart/form-data").send("--x\r\n");
    const badHeader = () =>
      alice.agent
        .post(`/api/tasks/${taskId}/messages`)
        .set("Content-Type", "multipart/form-data; boundary=b")
        .send("--b\r\nno colon here\r\n\r\nx\r\n--b--\r\n");
    const badFieldName = () =>
      alice.agent
        .post(`/api/tasks/${taskId}/messages`)
        .set("Content-Type", "multipart/form-data; boundary=b")
        .send('--b\r\nContent-Disposition: form-data; name="content[][]["\r\n\r\nx\r\n--b--\r\n');
    const rawNulInName = () =>
      alice.agent.post(`/api/tasks/${taskId}/messages`).field("content", "see file").attach("files", Buffer.from("hello\n"), "notes\u0000.txt");
    for (const request of [cut, noBoundary, badHeader, rawNulInName]) await refused(request);
    // multer drops a field whose name it cannot place, so the message is empty: still a 400, nothing stored.
    await refused(badFieldName, expect.any(String));
  });

  it("[input-2] answers page numbers, sizes and ranges beyond the database's integers with 400", async () => {
    const huge = "99999999999999999999";
    const requests: Array<() => Test> = [
      () => alice.agent.get(`/api/jobs?page=${huge}`),
      () => alice.agent.get("/api/jobs?page=100000000000"),
      () => alice.agent.get("/api/jobs?perPage=1e400"),
      () => alice.agent.get(`/api/jobs/mine?page=${huge}`),
      () => alice.agent.get(`/api/chat/rooms?page=${huge}`),
      () => alice.agent.get(`/api/freelancers?page=${huge}`),
      () => alice.agent.get(`/api/chat/rooms/${roomId}/messages?limit=${huge}`),
      () => admin.agent.get(`/api/admin/jobs?range=${encodeURIComponent(`[0,${huge}]`)}`),
      () => admin.agent.get(`/api/admin/jobs?range=${encodeURIComponent(`[${huge},${huge}]`)}`),
      () => admin.agent.get(`/api/admin/users?range=${encodeURIComponent("[1e300,1e301]")}`),
      () => admin.agent.get(`/api/admin/payments?range=${encodeURIComponent(`[${huge},${huge}5]`)}`),
      () => admin.agent.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ jobId: 99999999999 }))}`),
      () => admin.agent.get(`/api/admin/jobs?filter=${encodeURIComponent(JSON.stringify({ id: [99999999999] }))}`),
      () => admin.agent.get(`/api/admin/jobs?sort=${encodeURIComponent(JSON.stringify(["title", "SIDEWAYS"]))}`),
      () => alice.agent.get(`/api/jobs/${huge}`),
      () => alice.agent.post("/api/chat/rooms").send({ freelancerId: "00000000-0000-0000-0000-000000000000", jobId: 99999999999 }),
      () => nova.agent.patch("/api/freelancers/me").send({ hourlyRate: 1e300 }),
      () => nova.agent.patch("/api/freelancers/me").send({ hourlyRate: "Infinity" }),
    ];
    for (const request of requests) await refused(request, expect.stringMatching(/^(VALIDATION|INVALID_JOB_ID)$/));
  });
});

describe("ids inside bodies", () => {
  /** Sends a request naming someone else's or a missing record and checks the 4xx changed nothing. */
  async function rejected(request: () => Test, status: number, code: string) {
    const before = await dbFingerprint(server.services.db);
    const res = await request();
    expect(res.status, `${res.status} ${JSON.stringify(res.body)}`).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await dbFingerprint(server.services.db)).toBe(before);
  }

  it("[input-3] a chat room names only a live job of the client's own: 404 for a missing or deleted one, 403 for another's", async () => {
    const bob = await buildClient(server);
    const bobsJob = await buildJob(bob);
    const deleted = await buildJob(alice);
    await alice.agent.delete(`/api/jobs/${deleted.id}`).expect(204);
    const freelancerId = (await nova.agent.get("/api/freelancers/me").expect(200)).body.id;
    await rejected(() => alice.agent.post("/api/chat/rooms").send({ freelancerId, jobId: 2_147_483_000 }), 404, "JOB_NOT_FOUND");
    await rejected(() => alice.agent.post("/api/chat/rooms").send({ freelancerId, jobId: deleted.id }), 404, "JOB_NOT_FOUND");
    await rejected(() => bob.agent.post("/api/chat/rooms").send({ freelancerId, jobId }), 403, "FORBIDDEN");
    await rejected(() => bob.agent.post("/api/chat/rooms").send({ freelancerId: "00000000-0000-4000-8000-000000000000" }), 404, "FREELANCER_NOT_FOUND");
    // The room between bob and nova, with a job of his own, is fine.
    const own = await bob.agent.post("/api/chat/rooms").send({ freelancerId, jobId: bobsJob.id }).expect(201);
    expect(own.body.jobId).toBe(bobsJob.id);
  });

  it("[input-3] a change request's story must be a story of the same job", async () => {
    const other = await buildJob(alice);
    const otherStory = (await alice.agent.post(`/api/jobs/${other.id}/breakdown`).expect(201)).body.stories[0];
    const ownStory = (await alice.agent.get(`/api/jobs/${jobId}/stories`).expect(200)).body[0];
    const post = (storyId: string) => () => alice.agent.post(`/api/jobs/${jobId}/change-requests`).send({ description: "More colours", storyId });
    await rejected(post(otherStory.id), 404, "STORY_NOT_FOUND");
    await rejected(post(ownStory.tasks[0].id), 404, "STORY_NOT_FOUND");
    await rejected(post("00000000-0000-4000-8000-000000000000"), 404, "STORY_NOT_FOUND");
    await alice.agent.post(`/api/jobs/${jobId}/change-requests`).send({ description: "More colours", storyId: ownStory.id }).expect(201);
  });

  it("[input-3] an admin's job room and a test payment name records that exist", async () => {
    await rejected(() => admin.agent.post("/api/admin/chat-rooms").send({ jobId: 2_147_483_000 }), 404, "JOB_NOT_FOUND");
    await rejected(
      () =>
        alice.agent
          .post("/api/payments/test/confirm")
          .send({ paymentId: "00000000-0000-4000-8000-000000000000", cardNumber: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" }),
      404,
      "PAYMENT_NOT_FOUND",
    );
  });
});
