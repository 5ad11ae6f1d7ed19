import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let admin: BuiltUser;
let nova: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, admin, nova] = await Promise.all([buildClient(server), buildClient(server), buildAdmin(server), buildFreelancer(server)]);
});
afterAll(async () => {
  await server?.stop();
});

// Smallest real files of each kind, recognised by their magic bytes.
const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
const allFiles = () =>
  server.services
    .db("files")
    .count({ n: "*" })
    .then((r) => Number(r[0]?.n));
const countFiles = (jobId: number) =>
  server.services
    .db("files")
    .where({ job_id: jobId })
    .count({ n: "*" })
    .then((r) => Number(r[0]?.n));

describe("requirement attachments", () => {
  it("stores files checked by content and lists them with the requirements", async () => {
    const job = await buildJob(alice);
    const res = await alice.agent
      .post(`/api/jobs/${job.id}/files`)
      .attach("files", pdf, "brief.pdf")
      .attach("files", Buffer.from("Colours: green and gold\n"), "notes.txt")
      .expect(201);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ name: "brief.pdf", size: pdf.length, url: `/files/${res.body[0].id}` });
    const details = await alice.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(details.body.requirements.files.map((f: { name: string }) => f.name)).toEqual(["brief.pdf", "notes.txt"]);
  });

  it("serves a file with its type, a safe Content-Disposition and nosniff, to signed-in users only", async () => {
    const job = await buildJob(alice);
    const [file] = (await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, 'my "quoted" brief.pdf').expect(201)).body;
    const res = await bob.agent.get(file.url).expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="my \\"quoted\\" brief\.pdf"/);
    expect(Buffer.from(res.body).equals(pdf)).toBe(true);
    await server.agent().get(file.url).expect(401);
    await bob.agent.get("/files/not-a-uuid").expect(400);
    await bob.agent.get("/files/00000000-0000-4000-8000-000000000000").expect(404);
  });

  it("refuses a file whose content is not an allowed type, whatever its name, and keeps none of the batch", async () => {
    const job = await buildJob(alice);
    const res = await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", png, "logo.png").attach("files", elf, "innocent.pdf").expect(415);
    expect(res.body.error.code).toBe("BAD_FILE_TYPE");
    expect(await countFiles(job.id)).toBe(0);
  });

  it("refuses a sixth file", async () => {
    const job = await buildJob(alice);
    let request = alice.agent.post(`/api/jobs/${job.id}/files`);
    for (let i = 0; i < 5; i++) request = request.attach("files", pdf, `f${i}.pdf`);
    await request.expect(201);
    const res = await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "f6.pdf").expect(400);
    expect(res.body.error.code).toBe("TOO_MANY_FILES");
    expect(await countFiles(job.id)).toBe(5);
  });

  it("refuses someone who may not attach before reading the upload: 403, even for a file over 10 MB", async () => {
    const job = await buildJob(alice);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await bob.agent.post(`/api/jobs/${job.id}/files`).attach("files", big, "big.pdf").expect(403);
    expect(res.body.error.code).toBe("EDIT_JOB_DENIED");
    expect(await countFiles(job.id)).toBe(0);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const job = await buildJob(alice);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", big, "big.pdf").expect(413);
    expect(res.body.error.code).toBe("FILE_TOO_LARGE");
    expect(await countFiles(job.id)).toBe(0);
  });

  it("refuses another client, and the owner once the job is locked", async () => {
    const job = await buildJob(alice);
    const denied = await bob.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "x.pdf").expect(403);
    expect(denied.body.error.code).toBe("EDIT_JOB_DENIED");
    await setJobState(server, job.id, { locked: true });
    await alice.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "x.pdf").expect(409);
    expect(await countFiles(job.id)).toBe(0);
  });

  it("refuses a freelancer with EDIT_JOB_DENIED and stores nothing", async () => {
    const job = await buildJob(alice);
    const res = await nova.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "x.pdf").expect(403);
    expect(res.body.error).toMatchObject({ code: "EDIT_JOB_DENIED", title: "Permission Denied", message: "Only the job owner or admins can edit this job." });
    expect(await countFiles(job.id)).toBe(0);
  });

  it("lets an admin attach files to someone else's job", async () => {
    const job = await buildJob(alice);
    const res = await admin.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "office-notes.pdf").expect(201);
    expect(res.body).toEqual([{ id: expect.any(String), name: "office-notes.pdf", size: pdf.length, url: `/files/${res.body[0].id}` }]);
    const details = await alice.agent.get(`/api/jobs/${job.id}`).expect(200);
    expect(details.body.job.ownerId).toBe(alice.user.id);
    expect(details.body.requirements.files).toEqual([expect.objectContaining({ id: res.body[0].id, name: "office-notes.pdf" })]);
    expect(await countFiles(job.id)).toBe(1);
  });

  it("answers INVALID_JOB_ID for malformed ids", async () => {
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await alice.agent.post(`/api/jobs/${id}/files`).attach("files", pdf, "brief.pdf").expect(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_JOB_ID", title: "Error", message: "Invalid job ID" });
    }
  });

  it("answers JOB_NOT_FOUND for unknown and deleted jobs, and stores nothing", async () => {
    const filesBefore = await allFiles();
    const unknown = await admin.agent.post("/api/jobs/987654/files").attach("files", pdf, "brief.pdf").expect(404);
    expect(unknown.body.error).toMatchObject({ code: "JOB_NOT_FOUND", title: "Job not found", message: "Job not found" });
    const job = await buildJob(alice);
    await alice.agent.delete(`/api/jobs/${job.id}`).expect(204);
    for (const uploader of [alice, admin]) {
      const res = await uploader.agent.post(`/api/jobs/${job.id}/files`).attach("files", pdf, "brief.pdf").expect(404);
      expect(res.body.error).toMatchObject({ code: "JOB_NOT_FOUND", message: "Job not found" });
    }
    expect(await countFiles(job.id)).toBe(0);
    expect(await allFiles()).toBe(filesBefore);
  });

  it("needs at least one file", async () => {
    const job = await buildJob(alice);
    await alice.agent.post(`/api/jobs/${job.id}/files`).field("note", "nothing attached").expect(400);
  });
});
