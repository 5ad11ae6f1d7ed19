// The breakdown benchmark: runs the rules engine over the fixtures and measures, per fixture and in total,
// coverage of the requested capabilities, out-of-scope stories, duplicates, generic tasks, hours per project type
// and the engine's time. Then the AI path: the same fixtures through the real AI engine (openai SDK, parser,
// completion from the rules engine) against a local OpenAI-compatible fake that answers each with a deliberately
// incomplete breakdown, measured alike. Exits 1 when a goal is missed, so CI fails. Run with `npm run bench:breakdown`.
import { createAiEngine, createLogger } from "@forgehire/services";
import { startFakeOpenAi } from "@forgehire/server/test/fakes/openai-server";
import {
  COMPLETED_SOURCE_PREFIX,
  missingCapabilities,
  pageLimits,
  projectTypeOf,
  requiredCapabilities,
  rulesBreakdown,
  countPages,
  type ProjectType,
  type StoryDraft,
} from "@forgehire/core";
import { breakdownFixtures, incompleteAiAnswer, type BreakdownFixture } from "@forgehire/core/bench-fixtures";

/** The goals of issue 11. */
export const goals = {
  coverage: 1,
  outOfScope: 0,
  duplicates: 0,
  genericShare: 0.1,
  staticMaxHours: 40,
  complexMinHours: 150,
  engineMs: 20,
} as const;

interface FixtureResult {
  name: string;
  projectType: ProjectType;
  required: number;
  covered: number;
  missing: string[];
  outOfScope: string[];
  duplicates: string[];
  tasks: number;
  generic: number;
  hours: number;
  ms: number;
}

const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/** Everything a reader sees of a breakdown, one line per title, description or criterion. */
const texts = (stories: readonly StoryDraft[]) =>
  stories.flatMap((story) => [story.title, story.description, ...story.tasks.flatMap((task) => [task.title, task.description, ...task.acceptanceCriteria])]);

/** Duplicate stories or tasks: the same title twice, or two tasks with the same criteria. */
function duplicatesOf(stories: readonly StoryDraft[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const check = (kind: string, key: string) => {
    if (seen.has(`${kind}|${key}`)) found.push(`${kind}: ${key}`);
    seen.add(`${kind}|${key}`);
  };
  for (const story of stories) {
    check("story", norm(story.title));
    for (const task of story.tasks) {
      check("task", norm(task.title));
      check("criteria", norm(task.acceptanceCriteria.join(" | ")));
    }
  }
  return found;
}

/** Out-of-scope findings: a forbidden pattern, a missing required title, or pages past the scope's limit. */
function outOfScopeOf(fixture: BreakdownFixture, stories: readonly StoryDraft[]): string[] {
  const found: string[] = [];
  for (const story of stories) {
    const storyTexts = texts([story]);
    for (const pattern of fixture.mustNot) {
      const hit = storyTexts.find((text) => pattern.test(text));
      if (hit) found.push(`${story.title}: ${pattern} in "${hit.slice(0, 60)}"`);
    }
  }
  const limit = pageLimits[projectTypeOf(fixture.input.scope)];
  const pages = countPages(stories);
  if (pages > limit) found.push(`${pages} pages over the limit of ${limit}`);
  return found;
}

/** The median of the rules engine's time for a fixture, after a warm-up. */
function timeEngine(fixture: BreakdownFixture): number {
  for (let i = 0; i < 5; i++) rulesBreakdown(fixture.input);
  const runs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    rulesBreakdown(fixture.input);
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

/**
 * Evaluates a breakdown engine over the fixtures.
 * @param engine turns a fixture's input into stories (the rules engine by default)
 * @param timeOf the engine's time for a fixture, in ms (the rules engine's median by default)
 * @returns one result per fixture
 */
export function evaluate(
  engine: (fixture: BreakdownFixture) => StoryDraft[] = (fixture) => rulesBreakdown(fixture.input),
  timeOf: (fixture: BreakdownFixture) => number = timeEngine,
): FixtureResult[] {
  const runs = breakdownFixtures.map((fixture) => ({ fixture, stories: engine(fixture) }));
  // A task is generic when another fixture has a task with the same title under a differently named story: the
  // same words standing for two different features.
  const storiesByTask = new Map<string, Map<string, Set<string>>>();
  for (const { fixture, stories } of runs) {
    for (const story of stories) {
      for (const task of story.tasks) {
        const byFixture = storiesByTask.get(norm(task.title)) ?? new Map<string, Set<string>>();
        byFixture.set(fixture.name, (byFixture.get(fixture.name) ?? new Set()).add(norm(story.title)));
        storiesByTask.set(norm(task.title), byFixture);
      }
    }
  }
  return runs.map(({ fixture, stories }) => {
    const required = requiredCapabilities(fixture.input);
    const missing = missingCapabilities(fixture.input, stories).map((capability) => capability.label);
    const titles = stories.flatMap((story) => [story.title, ...story.tasks.map((task) => task.title)]);
    const extraMissing = fixture.mustCover.filter((pattern) => !titles.some((title) => pattern.test(title))).map(String);
    const tasks = stories.flatMap((story) => story.tasks.map((task) => ({ task, story })));
    const generic = tasks.filter(({ task, story }) =>
      [...(storiesByTask.get(norm(task.title)) ?? new Map<string, Set<string>>())].some(
        ([other, storyTitles]) => other !== fixture.name && [...storyTitles].some((title) => title !== norm(story.title)),
      ),
    ).length;
    return {
      name: fixture.name,
      projectType: projectTypeOf(fixture.input.scope),
      required: required.length + fixture.mustCover.length,
      covered: required.length - missing.length + fixture.mustCover.length - extraMissing.length,
      missing: [...missing, ...extraMissing],
      outOfScope: outOfScopeOf(fixture, stories),
      duplicates: duplicatesOf(stories),
      tasks: tasks.length,
      generic,
      hours: stories.reduce((sum, story) => sum + story.estimateHours, 0),
      ms: timeOf(fixture),
    };
  });
}

/**
 * Prints the table and the totals, and lists every goal missed.
 * @returns the goals missed (none when the engine meets them all)
 */
export function report(
  results: readonly FixtureResult[],
  log: (line: string) => void = console.log,
  time: { label: string; goal: boolean } = { label: "engine time", goal: true },
): string[] {
  const pad = (value: string | number, width: number) => String(value).padEnd(width);
  log(`${pad("fixture", 30)}${pad("type", 10)}${pad("coverage", 11)}${pad("out", 5)}${pad("dup", 5)}${pad("generic", 10)}${pad("hours", 8)}ms`);
  for (const result of results) {
    log(
      `${pad(result.name, 30)}${pad(result.projectType, 10)}${pad(`${result.covered}/${result.required}`, 11)}${pad(result.outOfScope.length, 5)}${pad(result.duplicates.length, 5)}${pad(`${result.generic}/${result.tasks}`, 10)}${pad(result.hours, 8)}${result.ms.toFixed(2)}`,
    );
    for (const line of [
      ...result.missing.map((item) => `missing ${item}`),
      ...result.outOfScope.map((item) => `out of scope ${item}`),
      ...result.duplicates.map((item) => `duplicate ${item}`),
    ]) {
      log(`    ${line}`);
    }
  }
  const sum = (pick: (result: FixtureResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  const coverage = sum((result) => result.covered) / sum((result) => result.required);
  const genericShare = sum((result) => result.generic) / sum((result) => result.tasks);
  const hoursBy = new Map<ProjectType, number[]>();
  for (const result of results) hoursBy.set(result.projectType, [...(hoursBy.get(result.projectType) ?? []), result.hours]);
  const slowest = Math.max(...results.map((result) => result.ms));
  log("");
  log(`total coverage        ${(coverage * 100).toFixed(1)}% (goal 100%)`);
  log(`out-of-scope stories  ${sum((result) => result.outOfScope.length)} (goal 0)`);
  log(`duplicates            ${sum((result) => result.duplicates.length)} (goal 0)`);
  log(`generic tasks         ${(genericShare * 100).toFixed(1)}% (goal < 10%)`);
  for (const [type, hours] of hoursBy) log(`hours ${pad(type, 16)}${hours.join(", ")}`);
  log(`${time.label.padEnd(22)}slowest median ${slowest.toFixed(2)} ms per job${time.goal ? ` (goal < ${goals.engineMs} ms)` : " (no goal)"}`);

  const missed: string[] = [];
  if (coverage < goals.coverage) missed.push(`coverage ${(coverage * 100).toFixed(1)}%`);
  if (sum((result) => result.outOfScope.length) > goals.outOfScope) missed.push("out-of-scope stories");
  if (sum((result) => result.duplicates.length) > goals.duplicates) missed.push("duplicates");
  if (genericShare >= goals.genericShare) missed.push(`generic tasks ${(genericShare * 100).toFixed(1)}%`);
  for (const hours of hoursBy.get("static") ?? []) if (hours >= goals.staticMaxHours) missed.push(`a static site of ${hours} h`);
  for (const hours of hoursBy.get("complex") ?? []) if (hours <= goals.complexMinHours) missed.push(`a complex app of ${hours} h`);
  if (time.goal && slowest >= goals.engineMs) missed.push(`engine time ${slowest.toFixed(2)} ms`);
  return missed;
}

/** Runs of the AI path per fixture; the median is reported. */
const AI_RUNS = 5;

/** The AI path over the fixtures, as the server runs it, and what it added from the rules engine. */
export interface AiPathRun {
  results: FixtureResult[];
  /** fixtures where the AI path did not end with the AI's (completed) stories */
  notAi: string[];
  /** stories and tasks the completion added from the rules engine, over all fixtures */
  completed: { stories: number; tasks: number };
}

/**
 * The AI path over the fixtures: the real AI engine (openai SDK, structured output, parser, completion from the rules
 * engine) against a local OpenAI-compatible fake on 127.0.0.1 that answers every fixture with a deliberately
 * incomplete breakdown (`incompleteAiAnswer`: every other rules story dropped, sources blank).
 * @returns the measures of the completed breakdowns
 */
export async function evaluateAiPath(): Promise<AiPathRun> {
  const fake = await startFakeOpenAi();
  try {
    const engine = await createAiEngine({
      baseUrl: fake.baseUrl,
      apiKey: "bench",
      model: "bench-fake",
      logger: createLogger("silent"),
      timeoutMs: 5_000,
      attempts: 1,
    });
    const stories = new Map<string, StoryDraft[]>();
    const times = new Map<string, number>();
    const notAi: string[] = [];
    for (const fixture of breakdownFixtures) {
      fake.answers = [{ kind: "json", content: incompleteAiAnswer(fixture.input) }];
      const runs: number[] = [];
      for (let run = 0; run < AI_RUNS; run++) {
        const started = performance.now();
        const result = await engine.breakDown(fixture.input);
        runs.push(performance.now() - started);
        if (run === 0) {
          stories.set(fixture.name, result.stories);
          if (result.source !== "ai") notAi.push(`${fixture.name} (${result.source})`);
        }
      }
      runs.sort((a, b) => a - b);
      times.set(fixture.name, runs[Math.floor(runs.length / 2)]!);
    }
    const all = [...stories.values()].flat();
    const isCompleted = (source: string | null) => source?.startsWith(COMPLETED_SOURCE_PREFIX) ?? false;
    return {
      results: evaluate(
        (fixture) => stories.get(fixture.name)!,
        (fixture) => times.get(fixture.name)!,
      ),
      notAi,
      completed: {
        stories: all.filter((story) => isCompleted(story.source)).length,
        tasks: all.flatMap((story) => story.tasks).filter((task) => isCompleted(task.source)).length,
      },
    };
  } finally {
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Breakdown benchmark: ${breakdownFixtures.length} fixtures\n`);
  console.log("== Rules engine\n");
  const missed = report(evaluate()).map((goal) => `rules engine: ${goal}`);

  console.log("\n== AI path: local OpenAI-compatible fake answering a deliberately incomplete breakdown, completed from the rules engine\n");
  const ai = await evaluateAiPath();
  // The time is the whole path over local HTTP (request, parse, completion): a real model takes seconds, so no goal.
  const aiMissed = report(ai.results, console.log, { label: "AI path time", goal: false });
  console.log(`completed from rules  ${ai.completed.stories} stories, ${ai.completed.tasks} tasks (source ${COMPLETED_SOURCE_PREFIX}…)`);
  if (ai.notAi.length > 0) aiMissed.push(`not the AI's stories on ${ai.notAi.join(", ")}`);
  missed.push(...aiMissed.map((goal) => `AI path: ${goal}`));

  if (missed.length > 0) {
    console.log(`\nGoals missed: ${missed.join("; ")}`);
    process.exit(1);
  }
  console.log("\nEvery goal met, on both paths.");
}
