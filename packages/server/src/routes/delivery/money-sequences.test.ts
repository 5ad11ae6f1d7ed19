import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Story } from "@forgehire/core";
import { autoApproveStory, verifyLedger } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, buildJob, DEFAULT_PASSWORD, payByTestCard, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";
import { startTwinServer, type TwinServer } from "../../test/twin-server.js";

// The ledger's invariants under random sequences of what the parties, the admin and the queue may do to a paid job's
// stories, each step two commands at once, one through this server and one through a second server process on the
// same database (on PostgreSQL; on PGlite, which one process holds, both go through this one). Whatever the order and
// the races, every answer is a 2xx or a refusal, and afterwards the whole ledger verifies.

let server: TestServer;
let twin: TwinServer;
let alice: BuiltUser;
let nova: BuiltUser;
let admin: BuiltUser;
/** The same three people, signed in on the twin. */
let onTwin: Record<"alice" | "nova" | "admin", ReturnType<TwinServer["agent"]>>;

beforeAll(async () => {
  server = await startTestServer();
  twin = await startTwinServer(server);
  [alice, nova, admin] = await Promise.all([buildClient(server), buildFreelancer(server), buildAdmin(server)]);
  const signIn = async (who: BuiltUser) => {
    const agent = twin.agent();
    await agent.post("/api/auth/login").send({ email: who.user.email, password: DEFAULT_PASSWORD }).expect(200);
    return agent;
  };
  onTwin = { alice: await signIn(alice), nova: await signIn(nova), admin: await signIn(admin) };
});
afterAll(async () => {
  await twin?.stop();
  await server?.stop();
});

type Command =
  | { kind: "submit" | "approve" | "requestChanges" | "autoApprove"; story: number }
  | { kind: "dispute"; story: number; byFreelancer: boolean }
  | { kind: "resolve"; releaseShare: number };

const story = fc.integer({ min: 0, max: 3 });
// Delivery's own steps most of the time (a submission before most of the others), a dispute and its resolution now
// and then: disputes drawn as often as the rest would freeze most stories before anything is delivered.
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("submit" as const), story }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom("approve" as const, "requestChanges" as const, "autoApprove" as const), story }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dispute" as const), story, byFreelancer: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("resolve" as const), releaseShare: fc.double({ min: 0, max: 1, noNaN: true }) }) },
);

/** Answers a refusal may take; anything else (a 5xx above all) breaks the property. */
const expected = new Set([200, 201, 400, 403, 404, 409]);

async function paidStartedJob(): Promise<{ jobId: number; stories: Story[] }> {
  const job = await buildJob(alice);
  await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await payByTestCard(alice, job.id);
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  for (const { tasks } of stories.slice(0, 4)) {
    for (const task of tasks) await nova.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
  }
  return { jobId: job.id, stories };
}

/**
 * The story a command acts on: its drawn index among the stories its step applies to (in review for the client's and
 * the queue's steps, not yet delivered for a submission), so that most steps do something; any story when none does.
 */
async function pick(stories: Story[], cmd: Command & { story: number }): Promise<Story> {
  const wanted =
    cmd.kind === "submit" ? ["building", "changes_requested"] : cmd.kind === "dispute" ? ["building", "in_review", "changes_requested"] : ["in_review"];
  const ids = stories.slice(0, 4).map((candidate) => candidate.id);
  const rows = (await server.services.db("requirement_tasks").whereIn("id", ids).whereIn("delivery_status", wanted).select("id")) as Array<{ id: string }>;
  const open = stories.filter((candidate) => rows.some((row) => row.id === candidate.id));
  const from = open.length > 0 ? open : stories.slice(0, 4);
  return from[cmd.story % from.length]!;
}

/** Runs one command through this server (or, `twice`, the twin) and answers its HTTP status (200 for the queue's). */
async function run(jobId: number, stories: Story[], cmd: Command, viaTwin: boolean): Promise<number> {
  const as = (who: "alice" | "nova" | "admin") => (viaTwin ? onTwin[who] : { alice, nova, admin }[who].agent);
  const target = "story" in cmd ? await pick(stories, cmd) : undefined;
  switch (cmd.kind) {
    case "submit":
      return (await as("nova").post(`/api/stories/${target!.id}/submit`).send({ note: "Ready for review" })).status;
    case "approve":
      return (await as("alice").post(`/api/stories/${target!.id}/approve`)).status;
    case "requestChanges":
      return (await as("alice").post(`/api/stories/${target!.id}/request-changes`).send({ reason: "Please tighten it up" })).status;
    case "dispute":
      return (
        await as(cmd.byFreelancer ? "nova" : "alice")
          .post(`/api/jobs/${jobId}/disputes`)
          .send({ reason: "Not as agreed", storyId: target!.id })
      ).status;
    case "autoApprove": {
      // The queue's job as it would arrive for the story's current submission (a no-op unless it is still in review).
      const row = (await server.services.db("requirement_tasks").where({ id: target!.id }).first()) as { submitted_at: Date | null };
      if (!row.submitted_at) return 200;
      await autoApproveStory(viaTwin ? twin.services : server.services, { storyId: target!.id, submittedAt: row.submitted_at.toISOString() });
      return 200;
    }
    case "resolve": {
      const open = (await server.services.db("disputes").where({ job_id: jobId, status: "open" }).whereNotNull("story_id").first()) as
        { id: string; story_id: string } | undefined;
      if (!open) return 200;
      const held = stories.find((candidate) => candidate.id === open.story_id)!.amountCents!;
      const releaseCents = Math.floor(held * cmd.releaseShare);
      return (
        await as("admin")
          .post(`/api/admin/disputes/${open.id}/resolve`)
          .send({ releaseCents, refundCents: held - releaseCents, note: "Split" })
      ).status;
    }
  }
}

describe("the ledger under random sequences, two commands at a time across two server processes", () => {
  it("[money-6] [money-7] [money-8] [money-9] [money-10] every answer is a 2xx or a refusal, and the whole ledger verifies after every sequence", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(command, command), { minLength: 3, maxLength: 10 }), async (steps) => {
        const { jobId, stories } = await paidStartedJob();
        for (const [first, second] of steps) {
          const statuses = await Promise.all([run(jobId, stories, first, false), run(jobId, stories, second, true)]);
          for (const status of statuses) expect(expected.has(status), `answered ${status} to ${JSON.stringify([first, second])}`).toBe(true);
        }
        const verification = await verifyLedger(server.services);
        expect(verification.violations).toEqual([]);
        const money = (await alice.agent.get(`/api/jobs/${jobId}/money`).expect(200)).body as {
          paidCents: number;
          heldCents: number;
          releasedCents: number;
          refundedCents: number;
        };
        expect(money.heldCents).toBeGreaterThanOrEqual(0);
        expect(money.releasedCents + money.refundedCents).toBeLessThanOrEqual(money.paidCents);
        const job = (await alice.agent.get(`/api/jobs/${jobId}`).expect(200)).body.job as { status: string };
        if (job.status === "completed") expect(money.heldCents).toBe(0);
        // No story released twice, and only approved stories released (a dispute settled as a full refund approves its
        // story with no release).
        const approved = new Set(await server.services.db("requirement_tasks").where({ job_id: jobId, delivery_status: "approved" }).pluck("id"));
        const releases = (await server.services.db("ledger_transactions").where({ job_id: jobId, kind: "release" }).pluck("story_id")) as string[];
        expect(new Set(releases).size).toBe(releases.length);
        for (const released of releases) expect(approved.has(released)).toBe(true);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
