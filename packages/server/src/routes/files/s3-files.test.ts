import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildClient, buildFreelancer, buildJob, jobBody, type BuiltUser } from "../../test/factories.js";
import { startS3Server, type S3Server } from "../../test/fakes/s3-server.js";
import { pgAdminQuery, pgUrlFor } from "../../test/postgres-admin.js";
import { callJson, signUpOver, spawnServer, type ServerProcess } from "../../test/server-process.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { startTwinServer, type TwinServer } from "../../test/twin-server.js";
import { ConfigError, createLogger, createServices, loadConfig } from "@forgehire/services";

// Uploads on S3-compatible storage (s3rver on 127.0.0.1): received by one server, served by the other (on PostgreSQL
// the twin is a second app with its own S3 client and connection pool; on PGlite, which one process holds, the same).
let s3: S3Server;
let server: TestServer;
let twin: TwinServer;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startTestServer(s3.env);
  twin = await startTwinServer(server, s3.env);
  [alice, bob, nova] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server)]);
  await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
}, 60_000);
afterAll(async () => {
  await twin?.stop();
  await server?.stop();
  await s3?.stop();
});

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
const fileRows = () =>
  server.services
    .db("files")
    .count({ n: "*" })
    .then((r) => Number(r[0]?.n));

/** A session of the same user on the twin: sessions live in the database, so the cookie works there too. */
async function onTwin(user: BuiltUser) {
  const agent = twin.agent();
  await agent.post("/api/auth/login").send({ email: user.user.email, password: "secret-pass" }).expect(200);
  return agent;
}

describe("files on S3-compatible storage", () => {
  it("a file uploaded through one server is stored in the bucket and downloaded through the other, whole or by range", async () => {
    const job = await buildJob(alice);
    // 6 MB: more than one multipart part, so the streaming multipart path is the one taken.
    const big = Buffer.concat([pdf, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const [file] = (await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", big, "brief.pdf").expect(201)).body;
    const row = await server.services.db("files").where({ id: file.id }).first();
    expect(await s3.keys()).toContain(row.storage_key);
    expect(row.storage_key).toMatch(new RegExp(`^jobs/${job.id}/[0-9a-f-]{36}\\.pdf$`));

    const reader = await onTwin(bob);
    const whole = await reader.get(file.url).buffer(true).expect(200);
    expect(whole.headers["content-type"]).toBe("application/pdf");
    expect(whole.headers["content-length"]).toBe(String(big.length));
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(Buffer.from(whole.body).equals(big)).toBe(true);

    const part = await reader.get(file.url).set("Range", "bytes=1-4").buffer(true).expect(206);
    expect(part.headers["content-range"]).toBe(`bytes 1-4/${big.length}`);
    expect(Buffer.from(part.body).toString()).toBe("PDF-");
    // An unsatisfiable range is ignored: the whole file.
    await reader
      .get(file.url)
      .set("Range", `bytes=${big.length + 10}-`)
      .expect(200);
  });

  it("an avatar and a document go through the same store and are served by the other server", async () => {
    await nova.agent.post("/api/freelancers/me/avatar").attach("avatar", png, "me.png").expect(200);
    const profile = await nova.agent.post("/api/freelancers/me/documents").attach("document", pdf, "cv.pdf").expect(201);
    const reader = await onTwin(alice);
    const avatar = await reader.get(profile.body.avatarUrl).buffer(true).expect(200);
    expect(Buffer.from(avatar.body).equals(png)).toBe(true);
    const doc = profile.body.portfolioDocs[0] as { url: string };
    const document = await reader.get(doc.url).buffer(true).expect(200);
    expect(Buffer.from(document.body).equals(pdf)).toBe(true);
  });

  it("an upload over the limit answers 413 while streaming and leaves no object and no row", async () => {
    const job = await buildJob(alice);
    const [keys, rows] = [await s3.keys(), await fileRows()];
    const tooBig = Buffer.concat([pdf, Buffer.alloc(12 * 1024 * 1024)]);
    const res = await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "ok.pdf").attach("files", tooBig, "big.pdf").expect(413);
    expect(res.body.error).toMatchObject({ code: "FILE_TOO_LARGE", message: "Files may be at most 10 MB each." });
    const avatar = await nova.agent
      .post("/api/freelancers/me/avatar")
      .attach("avatar", Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), "me.png")
      .expect(413);
    expect(avatar.body.error).toMatchObject({ code: "FILE_TOO_LARGE", message: "An avatar may be at most 2 MB." });
    // The first file of the batch was stored before the second crossed the limit: it is gone again.
    expect(await s3.keys()).toEqual(keys);
    expect(await fileRows()).toBe(rows);
  });

  it("content of a type the route does not take answers 415 and stores nothing", async () => {
    const job = await buildJob(alice);
    const [keys, rows] = [await s3.keys(), await fileRows()];
    const res = await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", elf, "innocent.pdf").expect(415);
    expect(res.body.error.code).toBe("BAD_FILE_TYPE");
    const doc = await nova.agent.post("/api/freelancers/me/documents").attach("document", png, "cv.pdf").expect(415);
    expect(doc.body.error).toMatchObject({ code: "BAD_FILE_TYPE", message: "Only .pdf, .doc, .docx files are allowed" });
    expect(await s3.keys()).toEqual(keys);
    expect(await fileRows()).toBe(rows);
  });

  it("a refusal after the upload (too many files) removes what was stored", async () => {
    const job = await buildJob(alice);
    let request = alice.agent.post(`/api/jobs/${job.id}/files`);
    for (let i = 0; i < 5; i++) request = request.attach("files", pdf, `f${i}.pdf`);
    await request.expect(201);
    const keys = await s3.keys();
    const res = await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "f6.pdf").expect(400);
    expect(res.body.error.code).toBe("TOO_MANY_FILES");
    expect(await s3.keys()).toEqual(keys);
  });

  it("downloads keep the access checks: signed out 401, a deleted job's file 404 to others, never a bucket URL", async () => {
    const job = await buildJob(alice);
    const [file] = (await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "brief.pdf").expect(201)).body;
    expect(file.url).toBe(`/files/${file.id}`);
    await twin.agent().get(file.url).expect(401);
    const reader = await onTwin(bob);
    await reader.get(file.url).expect(200);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    const gone = await reader.get(file.url).expect(404);
    expect(gone.body.error.code).toBe("NOT_FOUND");
  });
});

describe("the bucket is checked at start", () => {
  // (s3rver does not check signatures on HEAD, so refused keys, the other stopping case, cannot be shown here.)
  it("a missing bucket stops the server with one configuration line", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "forgehire-s3-start-"));
    const storageUrl = s3.env.STORAGE_URL!.replace(`s3://${s3.bucket}`, "s3://no-such-bucket");
    const config = loadConfig({
      NODE_ENV: "test",
      SESSION_SECRET: "test-secret-test-secret-test-secret",
      DATA_DIR: dataDir,
      ...s3.env,
      STORAGE_URL: storageUrl,
    });
    try {
      const started = await createServices(config, createLogger("silent")).then(
        async (services) => {
          await services.close();
          return "started";
        },
        (e: unknown) => e,
      );
      expect(started).toBeInstanceOf(ConfigError);
      expect((started as Error).message).toMatch(
        /^Invalid configuration:\n {2}STORAGE_URL: bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ is not usable: it does not exist$/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const base = process.env.TEST_DATABASE_URL;
const template = inject("pgTemplate");

describe("two `forgehire serve` processes on one PostgreSQL and one bucket", () => {
  it.skipIf(!base || !template)(
    "serve from one process a file uploaded through the other (skipped without TEST_DATABASE_URL)",
    async () => {
      const name = `${template}_s${randomBytes(4).toString("hex")}`;
      await pgAdminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      const dirs = [mkdtempSync(path.join(tmpdir(), "forgehire-s3a-")), mkdtempSync(path.join(tmpdir(), "forgehire-s3b-"))];
      const processes: ServerProcess[] = [];
      try {
        for (const dir of dirs) processes.push(await spawnServer({ DATA_DIR: dir, DATABASE_URL: pgUrlFor(name), ...s3.env }));
        const [first, second] = processes as [ServerProcess, ServerProcess];
        const owner = await signUpOver(first.url, "client");
        const job = await callJson(`${first.url}/api/jobs`, owner.cookie, "POST", jobBody());
        expect(job.status).toBe(201);
        const jobId = (job.body.job as { id: number }).id;
        const form = new FormData();
        form.append("files", new Blob([pdf]), "brief.pdf");
        const uploaded = await fetch(`${first.url}/api/jobs/${jobId}/files`, { method: "POST", headers: { cookie: owner.cookie }, body: form });
        expect(uploaded.status).toBe(201);
        const [file] = (await uploaded.json()) as Array<{ url: string }>;
        // The two processes have nothing on disk in common: the bytes can only come from the bucket.
        const served = await fetch(`${second.url}${file!.url}`, { headers: { cookie: owner.cookie } });
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
        expect((await fetch(`${second.url}${file!.url}`)).status).toBe(401);
      } finally {
        for (const running of processes) await running.stop();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
        await pgAdminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    180_000,
  );
});
