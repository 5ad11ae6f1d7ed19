/**
 * Reading the AI's breakdown: tolerant of code fences, prose around the JSON, odd priority spelling, missing
 * estimates and partly broken stories, and falling back to the default stories when nothing usable is left
 * (spec part 1 §4, step 3).
 */
import { z } from "zod";
import { ESTIMATE_STEP_HOURS } from "./estimates.js";
import { fallbackStories } from "./fallback-stories.js";
import { defaultEstimateHours, priorities, storyDraft, taskDraft, type Priority, type StoryDraft } from "./types.js";

/** At most this many AI stories are kept, so one bad answer cannot flood a job with rows. */
export const MAX_STORIES = 30;
/** At most this many tasks are kept per AI story, for the same reason. */
export const MAX_TASKS_PER_STORY = 20;
/** An AI task estimate above this is capped: one task is never a month of work. */
export const MAX_TASK_HOURS = 200;
const MAX_TITLE = 300;
const MAX_DESCRIPTION = 10_000;
/** Longer answers are not searched for JSON; a real breakdown is far smaller, and the search is quadratic at worst. */
const MAX_ANSWER_LENGTH = 500_000;

const MAX_CRITERIA = 20;
const MAX_CRITERION = 1_000;
const MAX_SOURCE = 200;

const aiTask = z.object({
  title: z.string(),
  description: z.string().optional(),
  priority: z.string().optional(),
  estimateHours: z.unknown().optional(),
  acceptanceCriteria: z.array(z.unknown()).optional(),
  source: z.string().optional(),
});

const aiStory = z.object({
  title: z.string(),
  description: z.string().optional(),
  priority: z.string().optional(),
  source: z.string().optional(),
  tasks: z.array(z.unknown()).optional(),
});

/**
 * The structure the AI is asked to answer with; `breakdownJsonSchema` is the same structure as a JSON Schema
 * for the model's structured output.
 */
export const aiBreakdownSchema = z.object({
  stories: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      priority: z.enum(priorities),
      source: z.string(),
      tasks: z.array(
        z.object({
          title: z.string(),
          description: z.string(),
          priority: z.enum(priorities),
          estimateHours: z.number(),
          acceptanceCriteria: z.array(z.string()),
          source: z.string(),
        }),
      ),
    }),
  ),
});

/** An answer in the shape of `aiBreakdownSchema`. */
export type AiBreakdown = z.infer<typeof aiBreakdownSchema>;

const toPriority = (value: string | undefined): Priority => {
  const normalized = value?.trim().toLowerCase();
  return priorities.find((priority) => priority === normalized) ?? "medium";
};

/** A usable estimate from the AI (a positive number, or a numeric string), in steps of 0.5; else the default. */
const toEstimate = (value: unknown, priority: Priority): number => {
  const hours = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(hours) || hours <= 0) return defaultEstimateHours(priority);
  const steps = Math.max(1, Math.round(Math.min(hours, MAX_TASK_HOURS) / ESTIMATE_STEP_HOURS));
  return steps * ESTIMATE_STEP_HOURS;
};

const clip = (value: string | undefined, max: number) => (value ?? "").trim().slice(0, max);

/** The usable criteria of an AI task: non-blank strings, clipped, at most 20. */
const toCriteria = (values: unknown[] | undefined): string[] =>
  (values ?? [])
    .filter((value): value is string => typeof value === "string" && value.trim() !== "")
    .map((value) => clip(value, MAX_CRITERION))
    .slice(0, MAX_CRITERIA);

const toSource = (value: string | undefined): string | null => {
  const source = clip(value, MAX_SOURCE);
  return source === "" ? null : source;
};

const tryJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

const holdsStories = (value: unknown) => Array.isArray(value) || (typeof value === "object" && value !== null && "stories" in value);

/**
 * The index just past the bracket that closes the one at `start`, skipping brackets inside JSON strings; -1 when
 * it is never closed.
 */
function closingIndex(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/**
 * The JSON in a model's answer. Models wrap JSON in markdown fences or prose ("Here is the plan: {…} Hope it
 * helps") even when told not to, so after the whole text fails to parse, each outermost bracketed span is tried
 * in turn; the first holding stories wins, else the first that parses at all.
 */
function extractJson(raw: string): unknown {
  const text = raw.trim();
  if (text === "" || text.length > MAX_ANSWER_LENGTH) return undefined;
  const whole = tryJson(text);
  if (whole.ok) return whole.value;

  let first: { ok: true; value: unknown } | undefined;
  for (let start = text.search(/[{[]/); start !== -1 && start < text.length;) {
    const end = closingIndex(text, start);
    const parsed = end === -1 ? ({ ok: false } as const) : tryJson(text.slice(start, end));
    if (parsed.ok && holdsStories(parsed.value)) return parsed.value;
    if (parsed.ok) first ??= parsed;
    // A span that parsed is outermost: skip past it. One that did not may hide a good span inside it.
    const from = parsed.ok ? end : start + 1;
    const next = text.slice(from).search(/[{[]/);
    start = next === -1 ? -1 : from + next;
  }
  return first?.value;
}

/**
 * Reads an AI breakdown into story drafts, keeping every story and task with a non-blank title and dropping the
 * rest; priorities are matched case-insensitively, anything else becoming medium; a missing or unusable task
 * estimate becomes `defaultEstimateHours(priority)`, and a story's estimate is the sum of its tasks'.
 * @param raw the AI's answer: a JSON string (bare, fenced, or with prose around it), `{stories: […]}`, or a bare
 *   list of stories
 * @returns the usable stories, or null when the answer is empty, unparsable or holds no usable story
 */
export function parseBreakdown(raw: unknown): StoryDraft[] | null {
  const value = typeof raw === "string" ? extractJson(raw) : raw;
  const list: unknown = Array.isArray(value) ? value : typeof value === "object" && value !== null && "stories" in value ? value.stories : undefined;
  if (!Array.isArray(list)) return null;

  const stories: StoryDraft[] = [];
  for (const candidate of list) {
    const story = aiStory.safeParse(candidate);
    if (!story.success || story.data.title.trim() === "") continue;
    const tasks = (story.data.tasks ?? [])
      .map((task) => aiTask.safeParse(task))
      .flatMap((task) => (task.success && task.data.title.trim() !== "" ? [task.data] : []))
      .slice(0, MAX_TASKS_PER_STORY)
      .map((task) => {
        const priority = toPriority(task.priority);
        return taskDraft(clip(task.title, MAX_TITLE), clip(task.description, MAX_DESCRIPTION), priority, toEstimate(task.estimateHours, priority), {
          acceptanceCriteria: toCriteria(task.acceptanceCriteria),
          source: toSource(task.source),
        });
      });
    stories.push(
      storyDraft(
        clip(story.data.title, MAX_TITLE),
        clip(story.data.description, MAX_DESCRIPTION),
        toPriority(story.data.priority),
        tasks,
        toSource(story.data.source),
      ),
    );
    if (stories.length === MAX_STORIES) break;
  }
  return stories.length > 0 ? stories : null;
}

/**
 * The stories to store for an AI answer: the AI's own when usable, else the fallback stories.
 * @param raw the AI's answer, or undefined when the call failed or was refused
 * @param jobTitle the job's title, for the fallback stories
 * @returns the source ("ai" or "fallback") and the story drafts
 */
export function storiesOrFallback(raw: unknown, jobTitle: string): { source: "ai" | "fallback"; stories: StoryDraft[] } {
  const parsed = parseBreakdown(raw);
  return parsed ? { source: "ai", stories: parsed } : { source: "fallback", stories: fallbackStories(jobTitle) };
}
