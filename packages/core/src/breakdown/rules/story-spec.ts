/**
 * A story as the rules engine builds it (`StorySpec`), the build order its phase sets, the page limits of each
 * project type, and the one step that turns specs into story drafts.
 */
import type { ProjectType } from "../../catalog/scopes.js";
import type { TaskSpec } from "../rules-catalogue.js";
import { storyDraft, taskDraft, type Priority, type StoryDraft } from "../types.js";
import { hoursOf } from "./text.js";

/** The build order of a breakdown; a story's phase also sets its priority. */
export const breakdownPhases = ["foundation", "feature", "integration", "compliance", "launch"] as const;
/** Where a story sits in the build order. */
export type BreakdownPhase = (typeof breakdownPhases)[number];

const phasePriority: Readonly<Record<BreakdownPhase, Priority>> = {
  foundation: "high",
  feature: "high",
  integration: "medium",
  compliance: "medium",
  launch: "medium",
};

/**
 * The most pages (or screens) each project type may have (the scope descriptions: static site up to 5 pages,
 * shop 10 pages, simple app 10 pages, complex app 20 pages; a trial builds one piece).
 */
export const pageLimits: Readonly<Record<ProjectType, number>> = Object.freeze({
  trial: 1,
  static: 5,
  ecommerce: 10,
  simple: 10,
  complex: 20,
});

/** A story before it becomes a draft. */
export interface StorySpec {
  title: string;
  /** the user story sentence */
  story: string;
  /** the client's own words folded in, one paragraph each */
  context: string[];
  phase: BreakdownPhase;
  source: string;
  tasks: TaskSpec[];
  /** how many pages or screens of the project's page limit it uses */
  pages: number;
  /** key features matching this pattern (and naming nothing more) are folded into this story */
  covers?: RegExp;
}

/** The project types that are applications (a database, accounts, screens), unlike a static site or a trial. */
export const APP_TYPES: readonly ProjectType[] = ["ecommerce", "simple", "complex"];

export function toDrafts(specs: readonly StorySpec[]): StoryDraft[] {
  return specs.map((spec) => {
    const priority = phasePriority[spec.phase];
    const tasks = spec.tasks.map((taskSpec) =>
      taskDraft(taskSpec.title, taskSpec.description, taskSpec.priority, hoursOf(taskSpec.hours), {
        acceptanceCriteria: taskSpec.criteria,
        source: taskSpec.source ?? spec.source,
      }),
    );
    return storyDraft(spec.title, [spec.story, ...spec.context].join("\n\n"), priority, tasks, spec.source);
  });
}
