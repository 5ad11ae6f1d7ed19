import { useEffect, useState } from "react";
import { Box, Text, render, useApp } from "ink";
import { z } from "zod";
import {
  breakdownProgressEventSchema,
  can,
  domainError,
  errorCatalogue,
  isDomainError,
  jobCreateBody,
  jobIdParams,
  myJobsFilters,
  validationError,
  type Actor,
  type BreakdownRunProgress,
  type ErrorCode,
  type JobCreateBody,
} from "@forgehire/core";
import {
  startBreakdown,
  completeJob,
  getBreakdownRun,
  type BreakdownRunRecord,
  deleteJob,
  getJobDetails,
  listJobs,
  listMyJobs,
  listStories,
  lockJob,
  postJob,
  startJob,
  unlockJob,
  type BreakdownProgress,
  type JobRecord,
  type Services,
  type StoryRecord,
  operatorActor,
} from "@forgehire/services";
import { confirmOrRefuse } from "../confirm.js";
import { withServices } from "../context.js";
import { describeFailure, exitCodes, UsageError } from "../exit-codes.js";
import { note, printJson } from "../output.js";
import { parseInput } from "../parse-input.js";
import { readableReason } from "../views/readable-reason.js";
import { printTable } from "../views/table.js";
import { progressBar } from "../views/progress.js";

const jobId = (value: string) => parseInput(jobIdParams, { id: value }).id;
const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** jobs:list: live jobs, newest first; --status narrows like My Jobs' filters (for an admin). */
export async function jobsList(options: { status?: string; page: string; perPage: string; as?: string; json?: boolean }): Promise<void> {
  const query = parseInput(
    z.object({ status: z.enum(myJobsFilters).optional(), page: z.coerce.number().int().min(1), perPage: z.coerce.number().int().min(1).max(100) }),
    options,
  );
  const page = { offset: (query.page - 1) * query.perPage, limit: query.perPage };
  const { rows, total } = await withServices(async (services) =>
    query.status ? listMyJobs(services, await operatorActor(services, options.as), { filter: query.status, ...page }) : listJobs(services, page),
  );
  if (options.json) return printJson(rows);
  await printTable<JobRecord>({
    columns: [
      { header: "ID", value: (j) => String(j.id), keep: true },
      { header: "TITLE", value: (j) => j.title },
      { header: "OWNER", value: (j) => j.ownerName },
      { header: "BUDGET", value: (j) => money(j.budget) },
      { header: "STATUS", value: (j) => j.status },
      { header: "PAYMENT", value: (j) => j.paymentStatus },
      { header: "LOCKED", value: (j) => (j.locked ? "yes" : "no") },
    ],
    rows,
    footer: `${rows.length} of ${total} (page ${query.page})`,
  });
}

function StoriesView({ stories }: { stories: StoryRecord[] }) {
  return (
    <Box flexDirection="column">
      {stories.map((story) => (
        <Box key={story.id} flexDirection="column" marginTop={1}>
          <Text bold>
            {story.title} <Text dimColor>[{story.priority}]</Text>
            {story.amountCents !== null ? <Text color="green"> ${(story.amountCents / 100).toFixed(2)} milestone</Text> : null}
          </Text>
          {story.tasks.map((task) => (
            <Text key={task.id}>
              {"  "}- {task.title}{" "}
              <Text dimColor>
                [{task.priority}, {task.status}
                {task.estimateHours !== null ? `, ${task.estimateHours} h` : ""}]
              </Text>
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}

async function printOnce(node: React.ReactElement) {
  const instance = render(node, { patchConsole: false });
  instance.unmount();
  await instance.waitUntilExit();
}

/** jobs:show: the job, its requirements, stories and tasks. */
export async function jobsShow(id: string, options: { as?: string; json?: boolean }): Promise<void> {
  await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    const { job, requirements, files } = await getJobDetails(services, jobId(id));
    const stories = await listStories(services, actor, job.id);
    if (options.json) return printJson({ job, requirements, files, stories });
    const lines: Array<[string, string]> = [
      ["Title", job.title],
      ["Owner", job.ownerName],
      ["Budget", `${money(job.budget)} (scope $${job.scope})`],
      ["Status", `${job.status}, ${job.paymentStatus}${job.locked ? ", locked" : ""}`],
      ["Industry", requirements.industry],
      ["Audience", requirements.targetAudience || "—"],
      ["Key features", requirements.keyFeatures || "—"],
      ["Compliance", requirements.complianceTypes.join(", ") || "—"],
      ["Integrations", requirements.integrationSystems.join(", ") || "—"],
      [
        "Extras",
        Object.entries(requirements.additionalServices)
          .filter(([, on]) => on)
          .map(([key]) => key)
          .join(", ") || "—",
      ],
      ["Files", files.map((f) => f.name).join(", ") || "—"],
    ];
    await printOnce(
      <Box flexDirection="column">
        {lines.map(([label, value]) => (
          <Text key={label}>
            <Text bold>{label.padEnd(13)}</Text>
            {value}
          </Text>
        ))}
        <Text>{job.description}</Text>
        {requirements.answers.map((a, i) => (
          <Text key={a.questionId}>
            Question #{i + 1}: {a.question} — {a.answer || "No answer provided"}
          </Text>
        ))}
        {stories.length ? (
          <StoriesView stories={stories} />
        ) : (
          // The hint names jobs:breakdown only when it would be done (a locked or paid job refuses one).
          <Text dimColor>No stories yet{can(actor, "createBreakdown", { ...job, hasStories: false }) ? ` (forgehire jobs:breakdown ${job.id})` : ""}.</Text>
        )}
      </Box>,
    );
  });
}

function BreakdownLive({ run }: { run: (onProgress: (p: BreakdownProgress) => void) => Promise<{ source: string; stories: StoryRecord[] }> }) {
  const [events, setEvents] = useState<string[]>([]);
  const [result, setResult] = useState<{ source: string; stories: StoryRecord[] }>();
  const [error, setError] = useState<string>();
  const { exit } = useApp();
  useEffect(() => {
    run((p) => setEvents((list) => [...list, describeProgress(p)])).then(setResult, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [run]);
  // The view ends once its outcome is drawn: an effect runs after the commit that drew it. Unmounting from outside
  // when the run settled could come before that commit, and the terminal kept only "Creating stories and tasks...".
  useEffect(() => {
    if (result || error) exit();
  }, [result, error, exit]);
  return (
    <Box flexDirection="column">
      {events.map((line, i) => (
        <Text key={i} dimColor>
          {line}
        </Text>
      ))}
      {!result && !error ? <Text color="yellow">Creating stories and tasks...</Text> : null}
      {/* The reason follows as the command's one error line. */}
      {error ? <Text color="red">Failed.</Text> : null}
      {result ? (
        <Text color="green">
          Created {result.stories.length} stories ({result.source}).
        </Text>
      ) : null}
      {result ? <StoriesView stories={result.stories} /> : null}
    </Box>
  );
}

function describeProgress(progress: BreakdownProgress): string {
  if (progress.kind === "attempt") return `Asking the AI (attempt ${progress.attempt}/${progress.of})`;
  if (progress.kind === "retrying") return `Retrying... attempt ${progress.attempt}/${progress.of} (${readableReason(progress.reason)})`;
  return `Using the default stories: ${readableReason(progress.reason)}`;
}

/**
 * Follows a breakdown run until it ends, calling `onProgress` with each AI notice once, in order: from this
 * process's own worker as they happen (it may be the one working the run), and from the run's row, read every
 * quarter second, when another process (a running server) works it.
 * @returns the source and the stories it stored
 * @throws the run's error (its code from the catalogue) when it failed
 */
async function followRun(services: Services, actor: Actor, run: BreakdownRunRecord, onProgress: (p: BreakdownProgress) => void) {
  let shown = run.progress.percent;
  const show = (progress: BreakdownRunProgress) => {
    // Percentages only grow along a run: a notice read again (or late) from the row is not shown twice.
    if (progress.percent <= shown) return;
    shown = progress.percent;
    const step = progress.step;
    if (step.kind === "attempt" || step.kind === "retrying" || step.kind === "fallback") onProgress(step);
  };
  const stopListening = services.realtime.subscribe(({ event, payload }) => {
    const parsed = breakdownProgressEventSchema.safeParse(payload);
    if (event === "breakdown:progress" && parsed.success && parsed.data.runId === run.id) show(parsed.data.progress);
  });
  try {
    for (;;) {
      const current = await getBreakdownRun(services, actor, run.jobId, run.id);
      show(current.progress);
      if (current.status === "succeeded") return { source: current.result!.source, stories: await listStories(services, actor, run.jobId) };
      if (current.status === "failed") {
        const code = current.error?.code;
        throw code && code in errorCatalogue ? domainError(code as ErrorCode) : new Error(current.error?.message ?? "The breakdown failed");
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    stopListening();
  }
}

/**
 * jobs:breakdown: stories and tasks for a job, with a live view of the attempts (plain lines without a terminal).
 * The rules engine answers at once; the AI's breakdown is a queued run, which this command follows (and works, beside
 * any running server) until it ends, or leaves queued with --no-wait.
 */
export async function jobsBreakdown(id: string, options: { engine?: string; as?: string; wait?: boolean }): Promise<void> {
  const { engine: engineName } = parseInput(z.object({ engine: z.enum(["rules", "ai"]).optional() }), options);
  const wait = options.wait !== false;
  // The attempts are shown as lines of their own: the engine's warnings (JSON with stacks) would only repeat them.
  await withServices(
    async (services: Services) => {
      const actor = await operatorActor(services, options.as);
      if (engineName === "ai" && !services.engines.ai)
        throw new UsageError("No AI is configured: set AI_BASE_URL (and AI_API_KEY, AI_MODEL), or use --engine rules");
      // The same decision as the API's: the rules engine's stories are stored at once, the AI's breakdown is queued.
      const started = await startBreakdown(services, actor, jobId(id), engineName ? { engine: engineName } : {});
      let run: (onProgress: (p: BreakdownProgress) => void) => Promise<{ source: string; stories: StoryRecord[] }>;
      if (started.state === "stored") run = () => Promise.resolve(started);
      else {
        if (!wait) {
          console.log(started.run.id);
          return;
        }
        // This command works the queue too while it follows the run, so it ends without a server running.
        await services.startWorkers({ command: true });
        run = (onProgress) => followRun(services, actor, started.run, onProgress);
      }
      if (!process.stdout.isTTY) {
        // The attempts go to stderr, the stories to stdout.
        const result = await run((p) => note(describeProgress(p)));
        console.log(`Created ${result.stories.length} stories (${result.source}).`);
        for (const story of result.stories) {
          console.log(`${story.title} [${story.priority}]`);
          for (const task of story.tasks) console.log(`  - ${task.title} [${task.priority}${task.estimateHours !== null ? `, ${task.estimateHours} h` : ""}]`);
        }
        return;
      }
      let failure: unknown;
      const instance = render(
        <BreakdownLive
          run={(onProgress) =>
            run(onProgress).catch((error: unknown) => {
              failure = error;
              throw error;
            })
          }
        />,
      );
      await instance.waitUntilExit();
      if (failure) throw failure;
    },
    { logLevel: process.env.LOG_LEVEL ?? "error" },
  );
}

/** jobs:lock: lock a job's requirements (as the owner's stand-in: an admin, or --as). */
export async function jobsLock(id: string, options: { as?: string }): Promise<void> {
  const job = await withServices(async (services) => lockJob(services, await operatorActor(services, options.as), jobId(id)));
  console.log(`Locked job ${job.id} "${job.title}".`);
}

/** jobs:start: a freelancer starts a locked, paid job. */
export async function jobsStart(id: string, options: { freelancer: string }): Promise<void> {
  const job = await withServices(async (services) => startJob(services, await operatorActor(services, options.freelancer), jobId(id)));
  console.log(`Job ${job.id} "${job.title}" is in progress.`);
}

/** jobs:unlock: unlock a job's requirements (before it starts). */
export async function jobsUnlock(id: string, options: { as?: string }): Promise<void> {
  const job = await withServices(async (services) => unlockJob(services, await operatorActor(services, options.as), jobId(id)));
  console.log(`Unlocked job ${job.id} "${job.title}".`);
}

/** jobs:complete: the admin override (docs/lifecycle.md): mark an in-progress job completed whatever its stories say. */
export async function jobsComplete(id: string, options: { as?: string }): Promise<void> {
  const job = await withServices(async (services) => completeJob(services, await operatorActor(services, options.as), jobId(id)));
  console.log(`Job ${job.id} "${job.title}" is completed.`);
}

/** jobs:delete: the soft delete of the portal (status inactive), after confirmation. */
export async function jobsDelete(id: string, options: { as?: string; yes?: boolean }): Promise<void> {
  const target = jobId(id);
  const title = await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    const { job } = await getJobDetails(services, target);
    await confirmOrRefuse(`Delete job ${job.id} "${job.title}"?`, options.yes);
    await deleteJob(services, actor, target);
    return job.title;
  });
  console.log(`Deleted job ${target} "${title}".`);
}

/** Reads the jobs of jobs:create: a JSON object, a JSON array, or NDJSON (one object a line). */
async function readJobsInput(file: string): Promise<unknown[]> {
  let text: string;
  if (file === "-") {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString("utf8");
  } else {
    const { readFile } = await import("node:fs/promises");
    text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`Cannot read ${file}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
    });
  }
  const trimmed = text.trim();
  if (!trimmed) throw new UsageError("No jobs given: the input is empty");
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    // Not one JSON document: NDJSON, one job a line.
    return trimmed.split("\n").flatMap((line, i) => {
      if (!line.trim()) return [];
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        throw new UsageError(`Line ${i + 1} is not JSON`);
      }
    });
  }
}

/**
 * jobs:create: posts jobs from a file (the body of POST /api/jobs, validated by the same schema), one, an array,
 * or NDJSON on stdin with --file -. Every job is validated before any is posted; then each is posted on its own.
 */
export async function jobsCreate(options: { file: string; as?: string; json?: boolean; notify?: boolean }): Promise<void> {
  const items = await readJobsInput(options.file);
  const bodies: JobCreateBody[] = items.map((item, i) => {
    const result = jobCreateBody.safeParse(item);
    if (result.success) return result.data;
    // The fields are the file's, not options: named as the JSON spells them.
    const { message, fields = {} } = validationError(result.error);
    const line = Object.entries(fields)
      .map(([field, why]) => (why === message || message === errorCatalogue.VALIDATION.message ? `${field}: ${why}` : `${message} (${field}: ${why})`))
      .join("; ");
    throw new UsageError(items.length > 1 ? `Job #${i + 1}: ${line}` : line);
  });
  const created: Array<{ id: number; title: string; budget: number }> = [];
  const failures: string[] = [];
  let lastFailure: unknown;
  // On a terminal a bar redrawn in place; in a log one line per job, as before.
  const bar = progressBar(bodies.length);
  const logLines = bodies.length > 1 && !process.stderr.isTTY;
  await withServices(async (services) => {
    const actor = await operatorActor(services, options.as);
    try {
      for (const [i, body] of bodies.entries()) {
        try {
          const { job } = await postJob(services, actor, body, { notify: options.notify !== false });
          created.push({ id: job.id, title: job.title, budget: job.budget });
          if (logLines) note(`posted ${i + 1}/${bodies.length}: job ${job.id}`);
          bar.tick(`job ${job.id}`);
        } catch (error) {
          if (!isDomainError(error)) throw error;
          lastFailure = error;
          failures.push(`Job #${i + 1} "${body.title}": ${describeFailure(error).line}`);
          bar.tick("failed");
        }
      }
    } finally {
      bar.done();
    }
  });
  if (bodies.length === 1 && lastFailure) throw lastFailure;
  if (options.json) printJson(created);
  else for (const job of created) console.log(`Created job ${job.id} "${job.title}" (${money(job.budget)}).`);
  for (const line of failures) console.error(line);
  if (failures.length) process.exitCode = exitCodes.partial;
}
