import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalWordings } from "@forgehire/core";
import { openDatabase, type Database } from "@forgehire/services";
import { startFakeOpenAi, type FakeOpenAi } from "@forgehire/server/test/fakes/openai-server";
import { exitCodes } from "./exit-codes.js";
import { dataDirCopy, forgehireIn, forgehireOnTerminal, forgehireWith, freePort, plainScreen } from "./run-cli.test-support.js";

let dataDir: string;
const forgehire = (...args: string[]) => forgehireIn(dataDir, ...args);

/** A fresh open job (the demo's open job is the rules test's), written straight into the CLI's database. */
async function insertOpenJob(title: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const owner = (await database.knex("users").where({ email: "alice@forgehire.local" }).first("id")) as { id: string };
    const [job] = (await database
      .knex("jobs")
      .insert({ title, description: "Property listings with a search.", industry: "Others", scope: 199, budget: 199, owner_id: owner.id })
      .returning("id")) as Array<{ id: number }>;
    return job!.id;
  } finally {
    await database.close();
  }
}

/** Runs a query on the CLI's database, which no CLI process holds between commands. */
async function inDatabase<T>(query: (knex: Database["knex"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await query(database.knex);
  } finally {
    await database.close();
  }
}

/** A fake AI that answers empty (the default stories follow) for the time of `run`, and the CLI's env for it. */
async function withEmptyAnsweringAi(run: (env: Record<string, string>, fake: FakeOpenAi) => Promise<void>): Promise<void> {
  const fake = await startFakeOpenAi([{ kind: "json", content: "" }]);
  try {
    await run({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_RETRY_DELAY_MS: "20" }, fake);
  } finally {
    await fake.close();
  }
}

// The terminal helpers are run-cli.test-support's, shared with the other CLI tests.
const terminal = (env: Record<string, string>, ...args: string[]) => forgehireOnTerminal(dataDir, [], { env }, ...args);
const forgehireAnswering = (answers: Array<[prompt: string, keys: string]>, ...args: string[]) => forgehireOnTerminal(dataDir, answers, {}, ...args);
const escape = String.fromCharCode(27);
const plain = plainScreen;

beforeAll(async () => {
  dataDir = dataDirCopy("seeded", "forgehire-cli-jobs-");
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe("forgehire jobs commands", () => {
  it("jobs:list shows the demo jobs newest first, and --status narrows them", async () => {
    const all = await forgehire("jobs:list");
    expect(all.code).toBe(0);
    const titles = all.stdout
      .split("\n")
      .slice(1, 7)
      .map((line) => line.split(/\s{2,}/)[1]);
    expect(titles[0]).toBe("Fitness Coaching Portal");
    expect(titles[5]).toBe("Bakery Landing Page");
    const unpaid = await forgehire("jobs:list", "--status", "unpaid");
    expect(unpaid.stdout).toContain("Real Estate Listings Site");
    expect(unpaid.stdout).not.toContain("Fitness Coaching Portal");
  });

  it("jobs:breakdown runs the rules engine, prints plain lines without a terminal, and refuses a second run", async () => {
    const result = await forgehire("jobs:breakdown", "1", "--engine", "rules");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created \d+ stories \(rules\)\./);
    expect(result.stdout).toContain("Site Setup [high]");
    const again = await forgehire("jobs:breakdown", "1", "--engine", "rules");
    expect(again.code).toBe(5);
    expect(again.stderr).toContain("Stories and tasks already exist for this job.");
  });

  it("jobs:breakdown --engine ai says clearly that no AI is configured", async () => {
    const result = await forgehire("jobs:breakdown", "1", "--engine", "ai");
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("No AI is configured");
  });

  it("jobs:breakdown --engine ai shows each attempt and the retry, then the AI's stories", async () => {
    // A fresh open job (the demo's open job is the rules test's): written straight into the CLI's database, which
    // no CLI process holds between commands.
    const jobId = await insertOpenJob("Listings With Search");

    const fake = await startFakeOpenAi();
    try {
      const story = { title: "Listing search", description: "Given listings, When I search, Then I see matches.", priority: "high" };
      const task = { title: "Search form", description: "Filters by price and area", priority: "high", estimateHours: 5 };
      const answer = JSON.stringify({ stories: [{ ...story, tasks: [task, { ...task, title: "Results page", priority: "medium" }] }] });
      fake.answers = [
        { kind: "slow", delayMs: 8000, content: answer },
        { kind: "json", content: answer },
      ];
      const env = { AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_TIMEOUT_MS: "2500", AI_RETRY_DELAY_MS: "20" };
      const result = await forgehireWith(env, dataDir, "jobs:breakdown", String(jobId), "--engine", "ai");
      expect(result.code, result.stderr).toBe(0);
      // The run's notices on stderr, the stories on stdout.
      const lines = result.stderr.split("\n");
      expect(lines[0]).toBe("Asking the AI (attempt 1/2)");
      expect(lines[1]).toMatch(/^Retrying\.\.\. attempt 2\/2 \(/);
      expect(lines[2]).toBe("Asking the AI (attempt 2/2)");
      expect(result.stdout.split("\n")[0]).toBe("Created 1 stories (ai).");
      expect(result.stdout).toContain("Listing search [high]");
      expect(fake.requests).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });

  it("jobs:breakdown on a terminal draws the live Ink view and ends with the stories and tasks it made", async () => {
    const id = await insertOpenJob("Terminal Breakdown");
    const { code, screen } = await terminal({}, "jobs:breakdown", String(id), "--engine", "rules");
    expect(code, screen).toBe(0);
    // Ink draws with escape sequences (colours, line erasing): proof it rendered for a terminal, not plain lines.
    expect(screen).toContain(`${escape}[`);
    const text = plain(screen);
    expect(text).toMatch(/Created \d+ stories \(rules\)\./);
    expect(text).toContain("Project Setup [high]");
    expect(text).toMatch(/- .+ \[(high|medium|low), todo/);
  }, 180_000);

  it("jobs:breakdown shows a failing AI as one readable line per attempt, then the default stories, with no JSON or stack", async () => {
    const id = await insertOpenJob("Failing AI Breakdown");
    const fake = await startFakeOpenAi();
    try {
      fake.answers = [{ kind: "status", status: 500, message: "The model is overloaded" }];
      const env = { AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_RETRY_DELAY_MS: "20", LOG_LEVEL: undefined };
      const piped = await forgehireWith(env, dataDir, "jobs:breakdown", String(id), "--engine", "ai");
      expect(piped.code, piped.stderr).toBe(0);
      // Only the notices on stderr: no log line, JSON or stack.
      expect(piped.stderr).toBe(
        [
          "Asking the AI (attempt 1/2)",
          "Retrying... attempt 2/2 (500 The model is overloaded)",
          "Asking the AI (attempt 2/2)",
          "Using the default stories: 500 The model is overloaded",
          "",
        ].join("\n"),
      );
      expect(piped.stdout).toMatch(/^Created \d+ stories \(fallback\)\./);
      expect(piped.stdout).not.toMatch(/[{}]|\bat .+:\d+:\d+/);
    } finally {
      await fake.close();
    }
  });

  it("jobs:breakdown --no-wait prints the queued run's id; the next jobs:breakdown follows that same run to its end", async () => {
    const id = await insertOpenJob("Queued Breakdown");
    await withEmptyAnsweringAi(async (env, fake) => {
      const queued = await forgehireWith(env, dataDir, "jobs:breakdown", String(id), "--no-wait");
      expect(queued.code, queued.stderr).toBe(0);
      const runId = queued.stdout.trim();
      expect(runId).toMatch(/^[0-9a-f-]{36}$/);
      // No process worked it: the AI was not asked.
      expect(fake.requests).toHaveLength(0);
      const followed = await forgehireWith(env, dataDir, "jobs:breakdown", String(id));
      expect(followed.code, followed.stderr).toBe(0);
      expect(followed.stdout).toMatch(/^Created 3 stories \(fallback\)\./);
      const runs = await inDatabase((knex) => knex("breakdown_runs").where({ job_id: id }).select("id", "status"));
      expect(runs).toEqual([{ id: runId, status: "succeeded" }]);
    });
  }, 180_000);

  it("jobs:breakdown exits with the refusal's code when the run it follows fails (its requester was disabled meanwhile)", async () => {
    const id = await insertOpenJob("Failing Run");
    await withEmptyAnsweringAi(async (env, fake) => {
      const queued = await forgehireWith(env, dataDir, "jobs:breakdown", String(id), "--no-wait", "--as", "alice@forgehire.local");
      expect(queued.code, queued.stderr).toBe(0);
      const setAliceDisabled = (disabled: boolean) => inDatabase((knex) => knex("users").where({ email: "alice@forgehire.local" }).update({ disabled }));
      await setAliceDisabled(true);
      try {
        const followed = await forgehireWith(env, dataDir, "jobs:breakdown", String(id));
        expect(followed.code).toBe(exitCodes.forbidden);
        expect(followed.stderr).toContain("The account that asked for this breakdown has been disabled, so nothing was stored.");
        expect(fake.requests).toHaveLength(0);
      } finally {
        await setAliceDisabled(false);
      }
    });
  }, 180_000);

  it("admin:email asks for the missing subject and message on a terminal, then sends", async () => {
    const { code, screen } = await forgehireAnswering(
      [
        ["Subject", "Kick-off\r"],
        ["Message", "We start Monday.\r"],
      ],
      "admin:email",
      "3",
    );
    expect(code, screen).toBe(0);
    // No SMTP here and no server: the command leaves the mail queued for a process that can send, and says so.
    expect(plain(screen)).toMatch(/Queued "Kick-off" to bruno@forgehire\.local \(email [0-9a-f-]{36}\): queued: not sent yet\./);
    const outbox = JSON.parse((await forgehire("emails:list", "--json", "--kind", "admin_email")).stdout) as Array<{ subject: string; text: string }>;
    expect(outbox[0]).toMatchObject({ subject: "Kick-off", text: "We start Monday." });
  }, 180_000);

  // Without a server on the database, the CLI's own queue worker is the one that delivers (a running server's worker,
  // with its working mail settings, could take the job first).
  it("admin:email with the mail server down keeps the email as failed (exit 8); emails:retry queues it again for a process with SMTP", async () => {
    const down = await forgehireWith(
      { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, EMAIL_RETRY_ATTEMPTS: "1" },
      dataDir,
      "admin:email",
      "3",
      "--subject",
      "Invoice",
      "--message",
      "Attached.",
    );
    expect(down.code).toBe(exitCodes.upstreamUnavailable);
    const failedId = /email ([0-9a-f-]{36}) to bruno@forgehire\.local: failed after 1 attempt\(s\) \(.+\); it can be resent; retry with/.exec(down.stderr)?.[1];
    expect(failedId, down.stderr).toBeDefined();
    const retry = await forgehire("emails:retry", "--failed", "--json");
    expect(retry.code, retry.stderr).toBe(0);
    const retried = JSON.parse(retry.stdout) as Array<{ id: string; status: string }>;
    // This command has no SMTP, and the deployment has a sender (the command above): it queues, never logs.
    // (The command above, which had SMTP, also tried what the first admin:email left queued: that failed too.)
    expect(retried).toContainEqual(expect.objectContaining({ id: failedId, status: "queued" }));
    expect(retried.map((email) => email.status)).toEqual(retried.map(() => "queued"));
    const twice = await forgehire("emails:retry", failedId!);
    expect(twice.code).toBe(exitCodes.conflict);
    expect(twice.stderr).toContain("Only an e-mail whose delivery failed can be sent again.");
  }, 180_000);

  it("[mail-2] jobs:create --no-notify posts without e-mailing the admins; without it, each admin is e-mailed", async () => {
    const file = path.join(dataDir, "quiet-jobs.json");
    const body = (title: string) => ({ title, description: "A site posted by a bulk import.", industry: "Others", scope: 199 });
    writeFileSync(file, JSON.stringify([body("Quiet One"), body("Quiet Two")]));
    const quiet = await forgehire("jobs:create", "--file", file, "--no-notify", "--json");
    expect(quiet.code, quiet.stderr).toBe(0);
    writeFileSync(file, JSON.stringify(body("Loud One")));
    const loud = await forgehire("jobs:create", "--file", file, "--json");
    expect(loud.code, loud.stderr).toBe(0);
    const ids = (result: { stdout: string }) => (JSON.parse(result.stdout) as Array<{ id: number }>).map((job) => job.id);
    const notices = (jobIds: number[]) =>
      inDatabase(async (knex) =>
        Number(((await knex("emails").whereIn("job_id", jobIds).where({ kind: "job_posted" }).count({ n: "*" })) as Array<{ n: string }>)[0]!.n),
      );
    expect(await notices(ids(quiet))).toBe(0);
    expect(await notices(ids(loud))).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it("db:rollback asks on a terminal; answering no changes nothing (exit 10)", async () => {
    const { code, screen } = await forgehireAnswering([["Undo 1 migration(s)", "n\r"]], "db:rollback");
    expect(code, screen).toBe(exitCodes.notConfirmed);
    expect(plain(screen)).toContain("forgehire: Cancelled: nothing was changed.");
    expect((await forgehire("jobs:show", "2")).code).toBe(0);
  }, 180_000);

  it("jobs:show prints the requirements, stories and tasks", async () => {
    const result = await forgehire("jobs:show", "2");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Pet Supplies Online Store");
    expect(result.stdout).toContain("Question #1: How many products will the store carry? — About 100 at launch.");
    expect(result.stdout).toContain("Payment Processing [high]");
    // A locked job's stories show their milestones, fixed at lock (the seeds fix them as the lock would).
    expect(result.stdout).toMatch(/\[high\] \$\d+\.\d\d milestone/);
  });

  it("jobs:lock locks as an admin, and jobs:start starts a paid job as the named freelancer", async () => {
    expect((await forgehire("jobs:lock", "1")).stdout).toContain('Locked job 1 "Bakery Landing Page".');
    const started = await forgehire("jobs:start", "3", "--freelancer", "nova@forgehire.local");
    expect(started.stdout).toContain('Job 3 "Clinic Appointment App" is in progress.');
    const unpaid = await forgehire("jobs:start", "2", "--freelancer", "nova@forgehire.local");
    expect(unpaid.code).toBe(5);
    expect(unpaid.stderr).toContain("Payment must be completed before the project can be started.");
    const client = await forgehire("jobs:start", "1", "--freelancer", "alice@forgehire.local");
    expect(client.code).toBe(3);
  });

  it("jobs:unlock on a paid job is refused with JOB_PAID (exit 5) and leaves it locked: a paid scope cannot grow for free", async () => {
    const refused = await forgehire("jobs:unlock", "3");
    expect(refused.code).toBe(exitCodes.conflict);
    expect(refused.stderr).toContain(refusalWordings.paidScope.message);
    expect(await inDatabase((knex) => knex("jobs").where({ id: 3 }).first("locked"))).toEqual({ locked: true });
  });

  it("answers an invalid job id with exit code 2", async () => {
    const result = await forgehire("jobs:show", "abc");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Invalid job ID");
  });
});
