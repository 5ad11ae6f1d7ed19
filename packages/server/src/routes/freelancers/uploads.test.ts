import { request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { sessionCookie } from "../../test/sockets.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const NAME = "résumé-日本.pdf";

let server: TestServer;
let clara: BuiltUser;
let nova: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [clara, nova] = await Promise.all([buildClient(server), buildFreelancer(server)]);
  await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Starts a multipart upload that announces `declaredBytes` but sends only its first 64 KB and then waits: only a
 * server that answers without reading the body can answer at all.
 * @returns the status and error code of the answer
 */
async function answerBeforeBody(path: string, field: string, cookie: string, declaredBytes = 20 * 1024 * 1024) {
  const boundary = "forgehire-test-boundary";
  const req = httpRequest(`${server.url}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(declaredBytes) },
  });
  req.on("error", () => undefined); // the server may close the connection once it has answered
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
  req.write(Buffer.concat([png, Buffer.alloc(64 * 1024)]));
  try {
    const res = await new Promise<IncomingMessage>((resolve) => req.once("response", resolve));
    let body = "";
    for await (const chunk of res) body += String(chunk);
    return { status: res.statusCode, code: (JSON.parse(body) as { error: { code: string } }).error.code };
  } finally {
    req.destroy();
  }
}

describe("uploads are refused before their body is read", () => {
  it("[session-6] a client's 20 MB avatar upload is answered 403 having sent only its first 64 KB", async () => {
    const answer = await answerBeforeBody("/api/freelancers/me/avatar", "avatar", await sessionCookie(server.url, clara));
    expect(answer).toEqual({ status: 403, code: "FREELANCER_PROFILE_DENIED" });
  });

  it("[session-6] a client's portfolio document upload likewise, and a freelancer without a profile gets 404", async () => {
    expect(await answerBeforeBody("/api/freelancers/me/documents", "document", await sessionCookie(server.url, clara))).toEqual({
      status: 403,
      code: "FREELANCER_PROFILE_DENIED",
    });
    const fresh = await buildFreelancer(server);
    expect(await answerBeforeBody("/api/freelancers/me/avatar", "avatar", await sessionCookie(server.url, fresh))).toEqual({
      status: 404,
      code: "PROFILE_NOT_FOUND",
    });
  });

  it("[session-6] a fourth portfolio document is refused before it is read", async () => {
    const full = await buildFreelancer(server);
    await full.agent
      .post("/api/freelancers")
      .send({ title: "Data Engineer", bio: "Pipelines", hourlyRate: 60, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
      .expect(201);
    for (const name of ["a.pdf", "b.pdf", "c.pdf"]) await full.agent.post("/api/freelancers/me/documents").attach("document", pdf, name).expect(201);
    expect(await answerBeforeBody("/api/freelancers/me/documents", "document", await sessionCookie(server.url, full))).toEqual({
      status: 400,
      code: "TOO_MANY_DOCUMENTS",
    });
  });

  it("the owner's own avatar still goes through", async () => {
    await nova.agent.post("/api/freelancers/me/avatar").attach("avatar", png, "me.png").expect(200);
  });
});

describe("non-ASCII file names", () => {
  it(`[session-6] "${NAME}" keeps its name as a portfolio document, a job file and a task message attachment`, async () => {
    const profile = await nova.agent.post("/api/freelancers/me/documents").attach("document", pdf, NAME).expect(201);
    expect(profile.body.portfolioDocs.map((d: { name: string }) => d.name)).toContain(NAME);

    const job = await buildJob(clara);
    const files = await clara.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, NAME).expect(201);
    expect(files.body[0].name).toBe(NAME);
    const served = await clara.agent.get(files.body[0].url).expect(200);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(String(served.headers["content-disposition"]))?.[1] ?? "")).toBe(NAME);

    const stories = await clara.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    const taskId = stories.body.stories[0].tasks[0].id as string;
    const message = await clara.agent.post(`/api/tasks/${taskId}/messages`).field("content", "See attached").attach("files", pdf, NAME).expect(201);
    expect(JSON.stringify(message.body)).toContain(NAME);
  });
});
