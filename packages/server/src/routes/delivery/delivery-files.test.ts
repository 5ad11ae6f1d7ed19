import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseIsoDuration, storySchema, type Story } from "@forgehire/core";
import { remindOfReviewDeadline, reviewReminderTime } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);

/** A job of the owner's with stories, locked, paid by test card and started by the freelancer. */
async function startedJob(owner: BuiltUser, freelancer: BuiltUser) {
  const job = await buildJob(owner);
  await owner.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await owner.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(owner, job.id);
  await freelancer.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await owner.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  return { job, stories };
}

async function finishTasks(story: Story, freelancer: BuiltUser) {
  for (const task of story.tasks) await freelancer.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
}

describe("files on submit", () => {
  let server: TestServer;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let nova: BuiltUser;
  let atlas: BuiltUser;
  let admin: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    [alice, bob, nova, atlas, admin] = await Promise.all([
      buildClient(server),
      buildClient(server),
      buildFreelancer(server),
      buildFreelancer(server),
      buildAdmin(server),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const deliveryFiles = async (storyId: string) => server.services.db("files").where({ task_id: storyId, kind: "delivery_file" });
  const deliveryStatus = async (storyId: string) => (await server.services.db("requirement_tasks").where({ id: storyId }).first()).delivery_status as string;

  it("[delivery-16] a multipart submission carries files: the story lists them, its parties download them, nobody else", async () => {
    const { stories } = await startedJob(alice, nova);
    const story = stories[0]!;
    await finishTasks(story, nova);
    const res = await nova.agent
      .post(`/api/stories/${story.id}/submit`)
      .field("note", "See the attached build notes")
      .field("links", "https://preview.example.test/one")
      .attach("files", pdf, "handover.pdf")
      .attach("files", Buffer.from("steps\n"), "steps.txt")
      .expect(200);
    const submitted = res.body.story as Story;
    expect(storySchema.parse(submitted)).toEqual(submitted);
    expect(submitted.delivery).toMatchObject({ status: "in_review", note: "See the attached build notes", links: ["https://preview.example.test/one"] });
    expect(submitted.delivery.files).toEqual([
      { id: expect.any(String), name: "handover.pdf", size: pdf.length, url: expect.stringMatching(/^\/files\/[0-9a-f-]{36}$/) },
      { id: expect.any(String), name: "steps.txt", size: 6, url: expect.stringMatching(/^\/files\/[0-9a-f-]{36}$/) },
    ]);
    // The client's review view (the job's stories) lists them too.
    const seen = ((await alice.agent.get(`/api/jobs/${story.jobId}/stories`).expect(200)).body as Story[]).find((s) => s.id === story.id)!;
    expect(seen.delivery.files).toEqual(submitted.delivery.files);
    const url = submitted.delivery.files[0]!.url;
    for (const party of [alice, nova, admin]) {
      const file = await party.agent.get(url).buffer(true).expect(200);
      expect(Buffer.from(file.body as Buffer).equals(pdf)).toBe(true);
    }
    // Outsiders get what the files route gives every file they may not read: not found, no hint that it exists.
    for (const outsider of [bob, atlas]) expect((await outsider.agent.get(url).expect(404)).body.error.code).toBe("NOT_FOUND");
    await server.agent().get(url).expect(401);
  });

  it("[delivery-16] anyone but the assigned freelancer is refused 403 before a file is stored", async () => {
    const { stories } = await startedJob(alice, nova);
    const story = stories[0]!;
    await finishTasks(story, nova);
    for (const someone of [alice, bob, atlas, admin]) {
      const res = await someone.agent.post(`/api/stories/${story.id}/submit`).field("note", "x").attach("files", pdf, "x.pdf").expect(403);
      expect(res.body.error).toMatchObject({ code: "SUBMIT_DENIED", title: expect.any(String), message: expect.any(String) });
    }
    expect(await deliveryFiles(story.id)).toHaveLength(0);
    expect(await deliveryStatus(story.id)).toBe("building");
  });

  it("[delivery-16] a file of a refused type (415), over 10 MB (413) or a sixth file (400) fails the submission whole", async () => {
    const { stories } = await startedJob(alice, nova);
    const story = stories[0]!;
    await finishTasks(story, nova);
    const badType = await nova.agent.post(`/api/stories/${story.id}/submit`).attach("files", pdf, "ok.pdf").attach("files", elf, "innocent.pdf").expect(415);
    expect(badType.body.error).toMatchObject({
      code: "BAD_FILE_TYPE",
      message: '"innocent.pdf" is not an allowed file type (PDF, Word, image, text, CSV or ZIP).',
    });
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await nova.agent.post(`/api/stories/${story.id}/submit`).attach("files", big, "big.pdf").expect(413);
    expect(tooLarge.body.error).toMatchObject({ code: "FILE_TOO_LARGE", title: "File Too Large", message: "Files may be at most 10 MB each." });
    let six = nova.agent.post(`/api/stories/${story.id}/submit`);
    for (let i = 0; i < 6; i++) six = six.attach("files", pdf, `f${i}.pdf`);
    expect((await six.expect(400)).body.error.code).toBe("TOO_MANY_FILES");
    const badLink = await nova.agent.post(`/api/stories/${story.id}/submit`).field("links", "javascript:alert(1)").attach("files", pdf, "ok.pdf").expect(400);
    expect(badLink.body.error.code).toBe("VALIDATION");
    expect(await deliveryFiles(story.id)).toHaveLength(0);
    expect(await deliveryStatus(story.id)).toBe("building");
  });

  it("[delivery-16] a resubmission's files replace the previous submission's on the story", async () => {
    const { stories } = await startedJob(alice, nova);
    const story = stories[0]!;
    await finishTasks(story, nova);
    await nova.agent.post(`/api/stories/${story.id}/submit`).attach("files", pdf, "first.pdf").expect(200);
    await alice.agent.post(`/api/stories/${story.id}/request-changes`).send({ reason: "Again" }).expect(200);
    const again = await nova.agent
      .post(`/api/stories/${story.id}/submit`)
      .field("links", "https://preview.example.test/a")
      .field("links", "https://preview.example.test/b")
      .attach("files", pdf, "second.pdf")
      .expect(200);
    expect(again.body.story.delivery.files.map((file: { name: string }) => file.name)).toEqual(["second.pdf"]);
    expect(again.body.story.delivery.links).toEqual(["https://preview.example.test/a", "https://preview.example.test/b"]);
    // A JSON submission (no files) still works and lists none.
    await alice.agent.post(`/api/stories/${story.id}/request-changes`).send({ reason: "Once more" }).expect(200);
    const json = await nova.agent.post(`/api/stories/${story.id}/submit`).send({ note: "No files" }).expect(200);
    expect(json.body.story.delivery.files).toEqual([]);
  });
});

describe("the reminder before a review deadline", () => {
  let quick: TestServer;
  let client: BuiltUser;
  let freelancer: BuiltUser;
  beforeAll(async () => {
    quick = await startTestServer({ REVIEW_PERIOD: "PT8S", REVIEW_REMINDER_BEFORE: "PT5S", QUEUE_POLL_SECONDS: "0.5" });
    [client, freelancer] = await Promise.all([buildClient(quick), buildFreelancer(quick)]);
  });
  afterAll(async () => {
    await quick?.stop();
  });
  const reminders = async (jobId: number) => quick.services.db("emails").where({ kind: "story_review_reminder", job_id: jobId, to_address: client.user.email });

  it("[delivery-17] the client is e-mailed once, REVIEW_REMINDER_BEFORE ahead of the deadline, while the story is in review", async () => {
    const { job, stories } = await startedJob(client, freelancer);
    const story = stories[0]!;
    await finishTasks(story, freelancer);
    const submitted = (await freelancer.agent.post(`/api/stories/${story.id}/submit`).send({ note: "Ready" }).expect(200)).body.story as Story;
    const due = new Date(submitted.delivery.reviewDueAt!).getTime();
    expect(await reminders(job.id)).toHaveLength(0);
    await vi.waitFor(async () => expect(await reminders(job.id)).toHaveLength(1), { timeout: 15_000, interval: 200 });
    // Sent at the lead, not at the submission: at least ~3 s after it (8 s period, 5 s lead).
    const [sent] = await reminders(job.id);
    expect(new Date(sent.created_at).getTime()).toBeGreaterThanOrEqual(due - 5_000 - 500);
    expect(sent.subject).toBe(`Review due soon: ${story.title}`);
    expect(sent.body_text).toContain(submitted.delivery.reviewDueAt!);
    // A retry of the same reminder (a crash after sending, a second process) sends nothing more.
    expect(await remindOfReviewDeadline(quick.services, { storyId: story.id, submittedAt: submitted.delivery.submittedAt! })).toBe(false);
    await vi.waitFor(async () => expect((await quick.services.db("requirement_tasks").where({ id: story.id }).first()).delivery_status).toBe("approved"), {
      timeout: 15_000,
      interval: 250,
    });
    expect(await reminders(job.id)).toHaveLength(1);
  }, 40_000);

  it("[delivery-18] an approval or a dispute before the reminder makes it a no-op; so does a resubmission for the earlier one", async () => {
    const { job, stories } = await startedJob(client, freelancer);
    const [first, second, third] = stories as [Story, Story, Story];
    for (const story of [first, second, third]) await finishTasks(story, freelancer);
    await freelancer.agent.post(`/api/stories/${first.id}/submit`).send({ note: "Ready" }).expect(200);
    await client.agent.post(`/api/stories/${first.id}/approve`).expect(200);
    await freelancer.agent.post(`/api/stories/${third.id}/submit`).send({ note: "Ready" }).expect(200);
    await client.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Not as agreed", storyId: third.id }).expect(201);

    const old = (await freelancer.agent.post(`/api/stories/${second.id}/submit`).send({ note: "Ready" }).expect(200)).body.story as Story;
    await client.agent.post(`/api/stories/${second.id}/request-changes`).send({ reason: "Again" }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const again = (await freelancer.agent.post(`/api/stories/${second.id}/submit`).send({ note: "Fixed" }).expect(200)).body.story as Story;
    const oldRemindAt = new Date(old.delivery.reviewDueAt!).getTime() - 5_000;
    const newRemindAt = new Date(again.delivery.reviewDueAt!).getTime() - 5_000;
    // Past the first submission's reminder, before the second's: nothing was sent for the approved story, the disputed
    // one or the old submission.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, oldRemindAt + 1_000 - Date.now())));
    expect(Date.now()).toBeLessThan(newRemindAt);
    expect(await reminders(job.id)).toHaveLength(0);
    expect(await remindOfReviewDeadline(quick.services, { storyId: second.id, submittedAt: old.delivery.submittedAt! })).toBe(false);
    // The resubmission's own reminder comes, once.
    await vi.waitFor(async () => expect(await reminders(job.id)).toHaveLength(1), { timeout: 15_000, interval: 200 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await reminders(job.id)).toHaveLength(1);
  }, 40_000);

  it("[delivery-17] a review period no longer than the lead has no reminder (the submission's e-mail names the deadline)", () => {
    const at = (period: string, lead: string) => {
      const { config } = quick.services;
      const submittedAt = new Date("2026-11-27T10:00:00Z");
      const withLead = { ...config, delivery: { ...config.delivery, reviewReminderBeforeMs: parseIsoDuration(lead)! } };
      return reviewReminderTime(withLead, submittedAt, new Date(submittedAt.getTime() + parseIsoDuration(period)!))?.toISOString() ?? null;
    };
    expect(at("P7D", "PT48H")).toBe("2026-12-02T10:00:00.000Z");
    expect(at("PT48H", "PT48H")).toBeNull();
    expect(at("P1D", "PT48H")).toBeNull();
  });
});
